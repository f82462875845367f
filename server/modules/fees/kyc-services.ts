import { and, asc, eq, type SQL } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import { KYC_SERVICE_LABELS, KYC_SERVICE_TYPES, type KycServiceType } from '@/lib/contracts/fee-values'
import type { KycServiceDetail } from '@/lib/contracts/fees'
import type { Database, Executor } from '@/server/db/client'
import { kycServiceDetails, kycServiceProviders } from '@/server/db/schema'

/** The built-in provider (server/integrations/kyc-provider/manual-review.ts), seeded with every service. */
const SEEDED_PROVIDERS = [
  { code: 'MANUAL', name: 'Manual review', description: 'Staff check each item and record the result; no provider call' },
] as const

/** The configured HTTP provider, seeded too so its fees can be set before its first call. */
const HTTP_PROVIDERS = {
  dojah: {
    code: 'DOJAH',
    name: 'Dojah',
    description: 'Dojah KYC API: CAC lookup, BVN and NIN checks',
    services: ['CAC_LOOKUP', 'BVN', 'NIN'],
  },
} as const satisfies Record<string, { code: string; name: string; description: string; services: readonly KycServiceType[] }>

export async function findKycServiceProviders(options: { db: Database }) {
  return options.db
    .select({
      id: kycServiceProviders.id,
      code: kycServiceProviders.code,
      name: kycServiceProviders.name,
      description: kycServiceProviders.description,
    })
    .from(kycServiceProviders)
    .orderBy(asc(kycServiceProviders.name))
}

export async function findKycServiceDetails(options: {
  db: Database
  query: { providerId?: string; serviceType?: KycServiceType }
}): Promise<KycServiceDetail[]> {
  const { query } = options
  const where: SQL[] = []
  if (query.providerId) where.push(eq(kycServiceDetails.providerId, query.providerId))
  if (query.serviceType) where.push(eq(kycServiceDetails.serviceType, query.serviceType))
  const rows = await options.db
    .select({ detail: kycServiceDetails, provider: kycServiceProviders })
    .from(kycServiceDetails)
    .innerJoin(kycServiceProviders, eq(kycServiceProviders.id, kycServiceDetails.providerId))
    .where(and(...where))
    .orderBy(asc(kycServiceProviders.name), asc(kycServiceDetails.serviceType))
  return rows.map(({ detail, provider }) => ({
    id: detail.id,
    serviceType: detail.serviceType,
    name: detail.name,
    provider: { id: provider.id, code: provider.code, name: provider.name, description: provider.description },
  }))
}

/**
 * The service detail of a provider's service, created when a provider adapter is used before it was seeded (its
 * charges must name a service). Idempotent.
 */
export async function ensureKycServiceDetail(db: Executor, providerCode: string, serviceType: KycServiceType): Promise<string> {
  await db
    .insert(kycServiceProviders)
    .values({ code: providerCode, name: providerCode })
    .onConflictDoNothing({ target: kycServiceProviders.code })
  const [provider] = await db
    .select({ id: kycServiceProviders.id })
    .from(kycServiceProviders)
    .where(eq(kycServiceProviders.code, providerCode))
  await db
    .insert(kycServiceDetails)
    .values({ providerId: provider!.id, serviceType, name: KYC_SERVICE_LABELS[serviceType] })
    .onConflictDoNothing({ target: [kycServiceDetails.providerId, kycServiceDetails.serviceType] })
  const [detail] = await db
    .select({ id: kycServiceDetails.id })
    .from(kycServiceDetails)
    .where(and(eq(kycServiceDetails.providerId, provider!.id), eq(kycServiceDetails.serviceType, serviceType)))
  return detail!.id
}

/** Reference data on every start: the built-in provider and its services, and the configured HTTP provider's. */
export async function seedKycServices(db: Database): Promise<void> {
  const configured = getConfig().kycProvider.name
  const providers = [
    ...SEEDED_PROVIDERS.map((p) => ({ ...p, services: KYC_SERVICE_TYPES })),
    ...(configured === 'manual' ? [] : [HTTP_PROVIDERS[configured]]),
  ]
  for (const { services, ...provider } of providers) {
    // A provider first created by a call (ensureKycServiceDetail, named by its code) gets its name here.
    await db
      .insert(kycServiceProviders)
      .values(provider)
      .onConflictDoUpdate({ target: kycServiceProviders.code, set: { name: provider.name, description: provider.description } })
    for (const serviceType of services) await ensureKycServiceDetail(db, provider.code, serviceType)
  }
}
