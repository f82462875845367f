import { eq, sql } from 'drizzle-orm'
import type { RegistryExtract, RegistryExtractData } from '@/lib/contracts/registry-check'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { kycDetails, registryExtracts, users, type RegistryExtractRow } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertFourEyes } from '@/server/http/four-eyes'
import { getKycProvider, type KycProviderAdapter } from '@/server/integrations/kyc-provider'
import { getBusinessRow, lockBusinessRow } from '@/server/records/business-record'
import { syncVerificationItems } from '@/server/records/verification-items'

/** Who reads a business's registry extract: the readers of its verification items. */
export const REGISTRY_READERS = [
  PERMISSIONS.CAN_UPDATE_KYC_STATUS,
  PERMISSIONS.CAN_TRIGGER_KYC_REVERIFICATION,
  PERMISSIONS.CAN_READ_BUSINESS,
] as const
/** Who enters an extract or looks one up: those who record verification results. */
export const REGISTRY_WRITE = PERMISSIONS.CAN_UPDATE_KYC_STATUS

export interface RegistryCheckState {
  /** MANUAL: staff enter the extract; DOJAH: staff look it up. */
  provider: 'MANUAL' | 'DOJAH'
  extract: RegistryExtract | null
}

async function extractOf(db: Executor, businessId: string): Promise<RegistryExtract | null> {
  const [row] = await db
    .select({
      extract: registryExtracts,
      enteredByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(registryExtracts)
    .leftJoin(users, eq(users.id, registryExtracts.enteredBy))
    .where(eq(registryExtracts.businessId, businessId))
  return row ? toExtract(row.extract, row.enteredByName) : null
}

function toExtract(row: RegistryExtractRow, enteredByName: string | null): RegistryExtract {
  return {
    businessId: row.businessId,
    provider: row.provider,
    source: row.source,
    retrievedOn: row.retrievedOn,
    directors: row.directors,
    shareholders: row.shareholders,
    enteredBy: row.enteredBy,
    enteredByName,
    enteredAt: row.updatedAt.toISOString(),
  }
}

/** `GET /businesses/{id}/registry-extract`: the current extract, if any, and how the configured provider gets one. */
export async function getRegistryCheck(options: {
  db: Database
  actor: Actor
  businessId: string
  provider?: KycProviderAdapter
}): Promise<RegistryCheckState> {
  assertStaffWithAny(options.actor, ...REGISTRY_READERS)
  await getBusinessRow(options.db, options.businessId)
  const provider = options.provider ?? getKycProvider()
  return { provider: provider.lookUpCompany ? 'DOJAH' : 'MANUAL', extract: await extractOf(options.db, options.businessId) }
}

/**
 * Stores the extract in place of the previous one and recomputes the differences as verification items
 * (verification-items.ts), in one transaction holding the business row, audited. Four-eyes as for a verification result.
 */
async function storeExtract(options: {
  db: Database
  actor: Actor
  businessId: string
  data: RegistryExtractData & { provider: 'MANUAL' | 'DOJAH' }
  audit: AuditContext
  now: Date
}): Promise<RegistryExtract> {
  const { db, actor, businessId, data, audit, now } = options
  await db.transaction(async (tx) => {
    if (!(await lockBusinessRow(tx, businessId))) throw new AppError('NOT_FOUND', 'Business not found')
    const [details] = await tx.select({ id: kycDetails.id }).from(kycDetails).where(eq(kycDetails.businessId, businessId))
    if (!details) throw new AppError('INVALID_STATE', 'The business has no KYC yet: there is nothing to compare the extract with')
    const [before] = await tx.delete(registryExtracts).where(eq(registryExtracts.businessId, businessId)).returning()
    const [after] = await tx
      .insert(registryExtracts)
      .values({
        businessId,
        provider: data.provider,
        source: data.source,
        retrievedOn: data.retrievedOn,
        directors: data.directors,
        shareholders: data.shareholders,
        enteredBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    await appendAudit(tx, audit, {
      resource: 'registry_extract',
      resourceId: businessId,
      action: before ? 'REPLACE' : 'ENTER',
      before: before ?? undefined,
      after,
    })
    await syncVerificationItems(tx, businessId, audit, now)
  })
  return (await extractOf(db, businessId))!
}

async function writableBusiness(db: Database, actor: Actor, businessId: string) {
  assertStaffWithAny(actor, REGISTRY_WRITE)
  const business = await getBusinessRow(db, businessId)
  assertFourEyes(actor, business, 'enter its registry extract')
  return business
}

/** `PUT /businesses/{id}/registry-extract`: the extract staff obtained (the manual provider's way). */
export async function putRegistryExtract(options: {
  db: Database
  actor: Actor
  businessId: string
  input: RegistryExtractData
  audit: AuditContext
  now?: Date
}): Promise<RegistryExtract> {
  await writableBusiness(options.db, options.actor, options.businessId)
  return storeExtract({ ...options, data: { ...options.input, provider: 'MANUAL' }, now: options.now ?? new Date() })
}

/**
 * `POST /businesses/{id}/registry-extract/lookup`: asks the configured provider's registry for the business's
 * directors and shareholders and stores the answer as the extract. 409 with the manual provider (staff enter it),
 * 404 when the registry has no such number, 502 when the provider gave no answer.
 */
export async function lookUpRegistryExtract(options: {
  db: Database
  actor: Actor
  businessId: string
  audit: AuditContext
  provider?: KycProviderAdapter
  now?: Date
}): Promise<RegistryExtract> {
  const business = await writableBusiness(options.db, options.actor, options.businessId)
  const provider = options.provider ?? getKycProvider()
  if (!provider.lookUpCompany)
    throw new AppError('INVALID_STATE', 'The configured provider has no registry lookup: enter the extract you obtained')
  const outcome = await provider.lookUpCompany(business.regNo)
  if (outcome.status === 'NOT_FOUND')
    throw new AppError('NOT_FOUND', `The registry has no record of ${business.regNo}`, { field: 'regNo' })
  if (outcome.status === 'UNAVAILABLE')
    throw new AppError('UPSTREAM_FAILED', 'The registry lookup got no answer: try again later, or enter the extract')
  const now = options.now ?? new Date()
  return storeExtract({
    ...options,
    now,
    data: {
      provider: 'DOJAH',
      source: `Dojah CAC lookup${outcome.record.reference ? ` (reference ${outcome.record.reference})` : ''}`,
      retrievedOn: now.toISOString().slice(0, 10),
      directors: outcome.record.directors,
      shareholders: outcome.record.shareholders,
    },
  })
}
