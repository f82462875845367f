import { eq, inArray } from 'drizzle-orm'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businessCategories, businesses, businessTypes, businessUsers, roles, users } from '@/server/db/schema'

const NAMES = [
  'Adebayo Foods Limited',
  'Chukwuemeka Motors',
  'Kano Grains Cooperative',
  'Lagos Tech Hub Limited',
  'Niger Delta Marine Services',
  'Enugu Coal Traders',
  'Zaria Textiles Limited',
  'Ibadan Fresh Farms',
  'Abuja Smart Homes Limited',
  'Calabar Spice Exports',
  'Owerri Pharmaceuticals Plc',
  'Jos Plateau Dairies',
  'Benin Bronze Crafts',
  'Port Harcourt Logistics Limited',
  'Sokoto Leather Works',
  'Akure Cocoa Processors',
  'Yola Solar Energy',
  'Onitsha Market Wholesalers',
  'Ilorin Education Trust',
  'Warri Oil Field Supplies',
  'Abeokuta Adire Fashion',
  'Maiduguri Livestock Traders',
  'Uyo Fintech Solutions',
  'Lokoja Riverine Transport',
  'Makurdi Yam Exporters',
  'Bauchi Health Clinics',
  'Asaba Creative Studios',
  'Gombe Cement Distributors',
  'Osogbo Arts Foundation',
  'Katsina Agro Machinery',
]
/** [state, LGA] spelled as server/data/local-governments.json spells them (a test checks they validate). */
export const DEMO_LOCATIONS: [string, string][] = [
  ['Lagos', 'Ikeja'],
  ['Kano', 'Kano Municipal'],
  ['Federal Capital Territory', 'Abuja Municipal'],
  ['Rivers', 'Port Harcourt'],
  ['Enugu', 'Enugu North'],
  ['Oyo', 'Ibadan North'],
  ['Kaduna', 'Zaria'],
  ['Edo', 'Oredo'],
  ['Cross River', 'Calabar Municipal'],
  ['Plateau', 'Jos North'],
]
const CLASSES = ['RC', 'RC', 'RC', 'BN', 'BN', 'IT', 'LP', 'LLP'] as const
const STATUSES = ['PENDING', 'PENDING', 'APPROVED', 'APPROVED', 'DECLINED'] as const

export const DEMO_OWNERS = [
  { email: 'amaka.obi@example.com', firstName: 'Amaka', lastName: 'Obi' },
  { email: 'yusuf.garba@example.com', firstName: 'Yusuf', lastName: 'Garba' },
  { email: 'bisi.adewale@example.com', firstName: 'Bisi', lastName: 'Adewale' },
  { email: 'efe.okoro@example.com', firstName: 'Efe', lastName: 'Okoro' },
  { email: 'musa.danjuma@example.com', firstName: 'Musa', lastName: 'Danjuma' },
]

/** The demo businesses' registration numbers, in seeding order (other demo seeds find them by these). */
export function demoBusinessRegNos(): string[] {
  return NAMES.map((_, i) => `${CLASSES[i % CLASSES.length]}${String(1_000_100 + i * 37)}`)
}

/** Demo mode: about 30 businesses across types, categories, states and statuses; owner@example.com owns two. */
export async function seedDemoBusinesses(db: Database, hashOf: () => Promise<string>) {
  const regNos = demoBusinessRegNos()
  const existing = await db.select({ regNo: businesses.regNo }).from(businesses).where(inArray(businesses.regNo, regNos))
  if (existing.length === regNos.length) return

  const types = await db.select().from(businessTypes)
  const categories = await db.select().from(businessCategories)
  const passwordHash = await hashOf()
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(
        DEMO_OWNERS.map((o, i) => ({ ...o, phone: `+23480300001${String(10 + i)}`, passwordHash, status: 'ACTIVE' as const })),
      )
      .onConflictDoNothing({ target: users.email })
      .returning()
    for (const user of created) {
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'user',
        resourceId: user.id,
        action: 'SEED_DEMO_USER',
        after: { email: user.email },
      })
    }
  })
  const owners = await db
    .select()
    .from(users)
    .where(inArray(users.email, ['owner@example.com', ...DEMO_OWNERS.map((o) => o.email)]))
  const byEmail = new Map(owners.map((u) => [u.email, u]))
  const [ownerRole] = await db.select().from(roles).where(eq(roles.name, 'BUSINESS_OWNER'))
  const [memberRole] = await db.select().from(roles).where(eq(roles.name, 'BUSINESS_MEMBER'))
  const have = new Set(existing.map((e) => e.regNo))

  await db.transaction(async (tx) => {
    for (const [i, name] of NAMES.entries()) {
      if (have.has(regNos[i]!)) continue
      const ownerEmail = i < 2 ? 'owner@example.com' : DEMO_OWNERS[i % DEMO_OWNERS.length]!.email
      const owner = byEmail.get(ownerEmail)!
      const [state, lga] = DEMO_LOCATIONS[i % DEMO_LOCATIONS.length]!
      const status = STATUSES[i % STATUSES.length]!
      const createdAt = new Date(Date.UTC(2026, 0, 5) + i * 9 * 86400_000)
      const slug = name.toLowerCase().replace(/[^a-z]+/g, '')
      const [business] = await tx
        .insert(businesses)
        .values({
          name,
          regNo: regNos[i]!,
          registrationClass: CLASSES[i % CLASSES.length]!,
          typeId: types[i % types.length]!.id,
          categoryId: categories[i % categories.length]!.id,
          email: `info@${slug}.ng`,
          phone: `+23480${String(50_000_000 + i * 1117).padStart(8, '0')}`,
          website: i % 3 === 0 ? `https://${slug}.ng` : null,
          addressLine1: `${10 + i} ${['Broad Street', 'Ahmadu Bello Way', 'Aba Road', 'Independence Avenue'][i % 4]}`,
          city: lga,
          country: 'Nigeria',
          state,
          lga,
          approvalStatus: status,
          approvedAt: status === 'APPROVED' ? new Date(createdAt.getTime() + 5 * 86400_000) : null,
          kycDetailsCompleted: status !== 'PENDING' || i % 2 === 0,
          archiveStatus: i === 29 ? 'ARCHIVED' : 'ACTIVE',
          // Two businesses show the blocked list: their recertification has passed.
          recertificationDate: i === 7 || i === 17 ? '2026-06-30' : status === 'APPROVED' ? '2027-12-31' : null,
          createdBy: owner.id,
          createdAt,
        })
        .returning()
      await tx.insert(businessUsers).values({ businessId: business!.id, userId: owner.id, roleId: ownerRole!.id })
      const member = DEMO_OWNERS[(i + 1) % DEMO_OWNERS.length]!.email
      if (member !== ownerEmail && i % 3 === 1) {
        await tx
          .insert(businessUsers)
          .values({ businessId: business!.id, userId: byEmail.get(member)!.id, roleId: memberRole!.id })
          .onConflictDoNothing()
      }
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'business',
        resourceId: business!.id,
        action: 'SEED_DEMO_BUSINESS',
        after: { name, regNo: regNos[i] },
      })
    }
  })
}
