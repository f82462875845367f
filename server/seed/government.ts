import { and, eq, inArray } from 'drizzle-orm'
import type { GovernmentTier } from '@/lib/contracts/government-values'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { idNumberIndexOf } from '@/server/crypto/identity-indexes'
import type { Database } from '@/server/db/client'
import {
  governmentConsultants,
  governmentEntities,
  governmentParastatals,
  governmentProductChannels,
  governmentProducts,
  governmentRepresentatives,
  paymentChannels,
  products,
  users,
} from '@/server/db/schema'

/** Reference data, seeded on every start: ministries, departments and agencies at the three tiers. */
export const GOVERNMENT_PARASTATALS: readonly { name: string; tier: GovernmentTier }[] = [
  { name: 'Federal Ministry of Finance, Budget and National Planning', tier: 'FEDERAL' },
  { name: 'Federal Inland Revenue Service (FIRS)', tier: 'FEDERAL' },
  { name: 'National Identity Management Commission (NIMC)', tier: 'FEDERAL' },
  { name: 'Nigeria Customs Service', tier: 'FEDERAL' },
  { name: 'Nigeria Immigration Service', tier: 'FEDERAL' },
  { name: 'Corporate Affairs Commission (CAC)', tier: 'FEDERAL' },
  { name: 'Federal Road Safety Corps (FRSC)', tier: 'FEDERAL' },
  { name: 'Federal Ministry of Health', tier: 'FEDERAL' },
  { name: 'Federal Ministry of Education', tier: 'FEDERAL' },
  { name: 'State Ministry of Finance', tier: 'STATE' },
  { name: 'State Internal Revenue Service', tier: 'STATE' },
  { name: 'State Ministry of Health', tier: 'STATE' },
  { name: 'State Ministry of Education', tier: 'STATE' },
  { name: 'State Ministry of Lands and Physical Planning', tier: 'STATE' },
  { name: 'State Ministry of Transport', tier: 'STATE' },
  { name: 'Local Government Council', tier: 'LOCAL' },
  { name: 'Local Government Revenue Committee', tier: 'LOCAL' },
]

export const GOVERNMENT_CONSULTANTS = [
  { name: 'Sterling Revenue Partners Limited', email: 'engagements@sterlingrevenue.example.com', phone: '+2348031110001' },
  { name: 'Chapel Hill Public Finance Advisory', email: 'govt@chapelhill.example.com', phone: '+2348031110002' },
  { name: 'Alpha Treasury Consult', email: 'info@alphatreasury.example.com', phone: '+2348031110003' },
  { name: 'Niger Delta Revenue Systems', email: 'hello@ndrevenue.example.com', phone: '+2348031110004' },
] as const

export const PAYMENT_CHANNELS = [
  { code: 'CARD', name: 'Card', description: 'Verve, Mastercard and Visa cards online' },
  { code: 'BANK_TRANSFER', name: 'Bank transfer', description: 'Transfer to a dedicated or virtual account (NIP)' },
  { code: 'USSD', name: 'USSD', description: 'Bank USSD short codes on any phone' },
  { code: 'REMITA', name: 'Remita-style collection', description: 'Payment reference (RRR) paid at any bank or online' },
  { code: 'POS', name: 'POS', description: 'Card payments on POS terminals at revenue offices' },
  { code: 'BANK_BRANCH', name: 'Bank branch', description: 'Cash or cheque over the counter with a payment reference' },
] as const

/** Every start: the reference lists, added where missing (an officer's changes to existing rows stay). */
export async function seedGovernmentReference(db: Database): Promise<void> {
  await db
    .insert(governmentParastatals)
    .values([...GOVERNMENT_PARASTATALS])
    .onConflictDoNothing({ target: governmentParastatals.name })
  await db
    .insert(governmentConsultants)
    .values([...GOVERNMENT_CONSULTANTS])
    .onConflictDoNothing({ target: governmentConsultants.name })
  await db
    .insert(paymentChannels)
    .values([...PAYMENT_CHANNELS])
    .onConflictDoNothing({ target: paymentChannels.code })
}

interface DemoEntity {
  name: string
  parastatal: string
  tier: GovernmentTier
  contact: [name: string, email: string, phone: string]
  address: [line1: string, state: string, lga: string]
  /** The contact person is the representative: their position and NIN. */
  representative?: [position: string, nin: string]
  product?: { code: string; channels: string[]; consultant?: string }
}

/** Demo mode: entities at the three tiers (state and LGA as server/data/local-governments.json spells them). */
// A data table: one entity per block, laid out by hand.
// prettier-ignore
export const DEMO_GOVERNMENT_ENTITIES: readonly DemoEntity[] = [
  { name: 'Federal Inland Revenue Service - Abuja Headquarters', parastatal: 'Federal Inland Revenue Service (FIRS)',
    tier: 'FEDERAL', contact: ['Halima Bello', 'halima.bello@firs.example.gov.ng', '+2348091230001'],
    address: ['Revenue House, 15 Sokode Crescent, Wuse Zone 5', 'Federal Capital Territory', 'Abuja Municipal'],
    representative: ['Director, Collections', '70123456781'],
    product: { code: 'PAYMENT-GATEWAY', channels: ['CARD', 'BANK_TRANSFER', 'REMITA'],
      consultant: 'Sterling Revenue Partners Limited' } },
  { name: 'Nigeria Customs Service - Apapa Command', parastatal: 'Nigeria Customs Service',
    tier: 'FEDERAL', contact: ['Ibrahim Musa', 'ibrahim.musa@customs.example.gov.ng', '+2348091230002'],
    address: ['Apapa Port Complex, Wharf Road', 'Lagos', 'Apapa'] },
  { name: 'Lagos State Internal Revenue Service', parastatal: 'State Internal Revenue Service',
    tier: 'STATE', contact: ['Folake Adeyemi', 'folake.adeyemi@lirs.example.gov.ng', '+2348091230003'],
    address: ['Revenue House, 11 Alausa Way', 'Lagos', 'Ikeja'], representative: ['Head, E-Collections', '70123456782'],
    product: { code: 'VIRTUAL-ACCOUNTS', channels: ['BANK_TRANSFER', 'USSD', 'POS'], consultant: 'Alpha Treasury Consult' } },
  { name: 'Kano State Ministry of Health', parastatal: 'State Ministry of Health',
    tier: 'STATE', contact: ['Aminu Sani', 'aminu.sani@kanohealth.example.gov.ng', '+2348091230004'],
    address: ['Audu Bako Secretariat, Zaria Road', 'Kano', 'Nasarawa'] },
  { name: 'Ikeja Local Government Council', parastatal: 'Local Government Council',
    tier: 'LOCAL', contact: ['Tunde Bakare', 'tunde.bakare@ikejalg.example.gov.ng', '+2348091230005'],
    address: ['Local Government Secretariat, Obafemi Awolowo Way', 'Lagos', 'Ikeja'],
    product: { code: 'BILLER-ONBOARDING', channels: ['USSD', 'POS'] } },
  { name: 'Port Harcourt City Local Government Revenue Committee', parastatal: 'Local Government Revenue Committee',
    tier: 'LOCAL', contact: ['Ngozi Amadi', 'ngozi.amadi@phclg.example.gov.ng', '+2348091230006'],
    address: ['Council Secretariat, Aggrey Road', 'Rivers', 'Port Harcourt'] },
]

/**
 * Demo mode: the entities above, each with its representative and product where given, created once (by name) and
 * audited. Runs after the products seed.
 */
export async function seedDemoGovernment(db: Database): Promise<void> {
  const names = DEMO_GOVERNMENT_ENTITIES.map((e) => e.name)
  const existing = new Set(
    (
      await db.select({ name: governmentEntities.name }).from(governmentEntities).where(inArray(governmentEntities.name, names))
    ).map((e) => e.name),
  )
  const missing = DEMO_GOVERNMENT_ENTITIES.filter((e) => !existing.has(e.name))
  if (!missing.length) return
  const [officer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'gov@example.com'))
  const parastatalIds = new Map((await db.select().from(governmentParastatals)).map((p) => [p.name, p.id]))
  const channelIds = new Map((await db.select().from(paymentChannels)).map((c) => [c.code, c.id]))
  const consultantIds = new Map((await db.select().from(governmentConsultants)).map((c) => [c.name, c.id]))
  await db.transaction(async (tx) => {
    for (const demo of missing) {
      const [entity] = await tx
        .insert(governmentEntities)
        .values({
          name: demo.name,
          parastatalId: parastatalIds.get(demo.parastatal)!,
          tier: demo.tier,
          contactName: demo.contact[0],
          contactEmail: demo.contact[1],
          contactPhone: demo.contact[2],
          addressLine1: demo.address[0],
          country: 'Nigeria',
          state: demo.address[1],
          lga: demo.address[2],
          createdBy: officer?.id ?? null,
        })
        .returning()
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'government_entity',
        resourceId: entity!.id,
        action: 'SEED_DEMO',
        after: entity,
      })
      if (demo.representative) {
        const [position, nin] = demo.representative
        const [name, email, phone] = demo.contact
        const [rep] = await tx
          .insert(governmentRepresentatives)
          .values({
            entityId: entity!.id,
            firstName: name.split(' ')[0]!,
            lastName: name.split(' ').slice(1).join(' '),
            position,
            email,
            phone,
            idType: 'NATIONAL_ID_CARD',
            idNumber: nin,
            idNumberIndex: idNumberIndexOf(nin),
            // A plausible adult's date of birth from the NIN's last digits; none of them declared a PEP.
            dateOfBirth: `${1960 + (Number(nin.slice(-2)) % 30)}-${String((Number(nin.slice(-3, -1)) % 12) + 1).padStart(2, '0')}-${String((Number(nin.slice(-4, -2)) % 28) + 1).padStart(2, '0')}`,
            pepStatus: 'NOT_PEP',
            address: demo.address.join(', '),
            createdBy: officer?.id ?? null,
          })
          .returning()
        await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
          resource: 'government_representative',
          resourceId: rep!.id,
          action: 'SEED_DEMO',
          after: rep,
        })
      }
      if (demo.product) {
        const [product] = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.code, demo.product.code), eq(products.live, true)))
        if (!product) continue
        const [gp] = await tx
          .insert(governmentProducts)
          .values({
            entityId: entity!.id,
            productId: product.id,
            consultantId: demo.product.consultant ? (consultantIds.get(demo.product.consultant) ?? null) : null,
            createdBy: officer?.id ?? null,
          })
          .returning()
        await tx
          .insert(governmentProductChannels)
          .values(demo.product.channels.map((code) => ({ governmentProductId: gp!.id, paymentChannelId: channelIds.get(code)! })))
        await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
          resource: 'government_product',
          resourceId: gp!.id,
          action: 'SEED_DEMO',
          after: { ...gp, paymentChannels: demo.product.channels },
        })
      }
    }
  })
}
