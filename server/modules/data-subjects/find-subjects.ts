import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import type { DataSubject, DataSubjectKind, DataSubjectSearchQuery } from '@/lib/contracts/data-subjects'
import { bvnIndexOf, idNumberIndexOf, searchIndexesOf } from '@/server/crypto/identity-indexes'
import type { Executor } from '@/server/db/client'
import {
  businesses,
  businessUsers,
  crmAccounts,
  governmentEntities,
  governmentProducts,
  governmentRepresentatives,
  meansOfIds,
  roles,
  shareholders,
  supportInquiries,
  userRoles,
  users,
} from '@/server/db/schema'
import { escapeLike } from '@/server/db/text-search'

const PER_KIND = 50

type BusinessRef = DataSubject['businesses'][number]

/**
 * Why a person may not be erased yet, or null. KYC records of a business the portal has a relationship with
 * (approved, or archived and still within RETENTION_ENDED_RELATIONSHIP_YEARS: the retention job purges it after)
 * are kept under the AML duty. Applications never approved carry no such duty. A staff account is closed through
 * role management, not erased: staff actions must stay attributable.
 */
export function retentionDutyOf(kind: DataSubjectKind, linked: BusinessRef[], isStaff = false): string | null {
  if (kind === 'USER') return isStaff ? 'A staff account: its actions must stay attributable; remove its roles instead' : null
  if (kind === 'CRM_CONTACT' || kind === 'SUPPORT_INQUIRY') return null
  const kept = linked.find((b) => b.approvalStatus === 'APPROVED' || b.archiveStatus === 'ARCHIVED')
  return kept
    ? `KYC record of ${kept.name}, kept under the anti-money-laundering duty until five years after the relationship ends`
    : null
}

/**
 * A government representative is kept while their entity holds a product (a live relationship) and, once the entity
 * is archived, until the retention job purges it (RETENTION_ENDED_RELATIONSHIP_YEARS after): the same duty as a
 * business's KYC.
 */
export function representativeDutyOf(entity: { name: string; archiveStatus: string; products: number }): string | null {
  if (entity.archiveStatus === 'ARCHIVED' || entity.products > 0)
    return `KYC record of ${entity.name}, kept under the anti-money-laundering duty until five years after the relationship ends`
  return null
}

const businessRef = {
  id: businesses.id,
  name: businesses.name,
  approvalStatus: businesses.approvalStatus,
  archiveStatus: businesses.archiveStatus,
}

async function staffUserIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.userId, ids), eq(roles.scope, 'staff')))
  return new Set(rows.map((r) => r.userId))
}

/**
 * Finds people by e-mail (exact), name (part of first + last name) or identity number (a BVN, NIN or ID number,
 * through its blind index: the clear value is never compared or stored). Each match says what matched.
 */
export async function findDataSubjects(options: { db: Executor; query: DataSubjectSearchQuery }): Promise<DataSubject[]> {
  const { db, query } = options
  const found = new Map<string, DataSubject>()
  const add = (
    subject: Omit<DataSubject, 'matchedBy' | 'retentionDuty'>,
    matched: string,
    isStaff = false,
    duty?: string | null,
  ) => {
    const key = `${subject.kind}:${subject.id}`
    const existing = found.get(key)
    if (existing) {
      if (!existing.matchedBy.includes(matched)) existing.matchedBy.push(matched)
      return
    }
    found.set(key, {
      ...subject,
      matchedBy: [matched],
      retentionDuty: duty !== undefined ? duty : retentionDutyOf(subject.kind, subject.businesses, isStaff),
    })
  }
  const namePattern = query.name ? `%${escapeLike(query.name)}%` : null

  // Users: by e-mail or name.
  const userMatch = [
    query.email ? eq(users.email, query.email) : undefined,
    namePattern ? ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, namePattern) : undefined,
  ].filter(Boolean)
  if (userMatch.length) {
    const rows = await db
      .select()
      .from(users)
      .where(or(...userMatch))
      .limit(PER_KIND)
    const memberships = rows.length
      ? await db
          .select({ userId: businessUsers.userId, business: businessRef })
          .from(businessUsers)
          .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
          .where(
            inArray(
              businessUsers.userId,
              rows.map((u) => u.id),
            ),
          )
      : []
    const staff = await staffUserIds(
      db,
      rows.map((u) => u.id),
    )
    for (const user of rows) {
      const subject = {
        kind: 'USER' as const,
        id: user.id,
        name: `${user.firstName} ${user.lastName}`.trim(),
        email: user.email,
        businesses: memberships.filter((m) => m.userId === user.id).map((m) => m.business),
      }
      if (query.email && user.email === query.email) add(subject, 'email', staff.has(user.id))
      if (namePattern && subject.name.toLowerCase().includes(query.name!.toLowerCase())) add(subject, 'name', staff.has(user.id))
    }
  }

  // People named on means of ID: by name, BVN or ID number.
  // Under the index key, and the previous one while a rotation runs (docs/data-protection.md#index-key-rotation).
  const bvnIndexes = query.identityNumber ? searchIndexesOf(bvnIndexOf, query.identityNumber) : []
  const idIndexes = query.identityNumber ? searchIndexesOf(idNumberIndexOf, query.identityNumber) : []
  const meansMatch = [
    namePattern ? ilike(sql`${meansOfIds.firstName} || ' ' || ${meansOfIds.lastName}`, namePattern) : undefined,
    bvnIndexes.length ? inArray(meansOfIds.bvnIndex, bvnIndexes) : undefined,
    idIndexes.length ? inArray(meansOfIds.idNumberIndex, idIndexes) : undefined,
  ].filter(Boolean)
  if (meansMatch.length) {
    const rows = await db
      .select({ row: meansOfIds, business: businessRef })
      .from(meansOfIds)
      .innerJoin(businesses, eq(businesses.id, meansOfIds.businessId))
      .where(or(...meansMatch))
      .limit(PER_KIND)
    for (const { row, business } of rows) {
      const subject = {
        kind: 'MEANS_OF_ID' as const,
        id: row.id,
        name: `${row.firstName} ${row.lastName}`,
        email: null,
        businesses: [business],
      }
      if (namePattern && subject.name.toLowerCase().includes(query.name!.toLowerCase())) add(subject, 'name')
      if (row.bvnIndex && bvnIndexes.includes(row.bvnIndex)) add(subject, 'bvn')
      if (row.idNumberIndex && idIndexes.includes(row.idNumberIndex)) add(subject, 'idNumber')
    }
  }

  // Individual shareholders: by name or BVN.
  const holderMatch = [
    namePattern
      ? ilike(sql`coalesce(${shareholders.firstName}, '') || ' ' || coalesce(${shareholders.lastName}, '')`, namePattern)
      : undefined,
    bvnIndexes.length ? inArray(shareholders.bvnIndex, bvnIndexes) : undefined,
  ].filter(Boolean)
  if (holderMatch.length) {
    const rows = await db
      .select({ row: shareholders, business: businessRef })
      .from(shareholders)
      .innerJoin(businesses, eq(businesses.id, shareholders.businessId))
      .where(and(eq(shareholders.type, 'INDIVIDUAL'), or(...holderMatch)))
      .limit(PER_KIND)
    for (const { row, business } of rows) {
      const subject = {
        kind: 'SHAREHOLDER' as const,
        id: row.id,
        name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
        email: null,
        businesses: [business],
      }
      if (namePattern && subject.name.toLowerCase().includes(query.name!.toLowerCase())) add(subject, 'name')
      if (row.bvnIndex && bvnIndexes.includes(row.bvnIndex)) add(subject, 'bvn')
    }
  }
  await findOutsideBusinesses(db, query, namePattern, idIndexes, add)
  return [...found.values()]
}

/** Government representatives (name, e-mail, ID number), CRM contacts (e-mail) and support inquiries (e-mail, name). */
async function findOutsideBusinesses(
  db: Executor,
  query: DataSubjectSearchQuery,
  namePattern: string | null,
  idIndexes: string[],
  add: (
    subject: Omit<DataSubject, 'matchedBy' | 'retentionDuty'>,
    matched: string,
    isStaff?: boolean,
    duty?: string | null,
  ) => void,
) {
  const repMatch = [
    query.email ? eq(sql`lower(${governmentRepresentatives.email})`, query.email) : undefined,
    namePattern
      ? ilike(sql`${governmentRepresentatives.firstName} || ' ' || ${governmentRepresentatives.lastName}`, namePattern)
      : undefined,
    idIndexes.length ? inArray(governmentRepresentatives.idNumberIndex, idIndexes) : undefined,
  ].filter(Boolean)
  if (repMatch.length) {
    const rows = await db
      .select({
        row: governmentRepresentatives,
        entity: {
          name: governmentEntities.name,
          archiveStatus: governmentEntities.archiveStatus,
          products: sql<number>`(select count(*)::int from ${governmentProducts} where ${governmentProducts.entityId} = ${governmentEntities.id})`,
        },
      })
      .from(governmentRepresentatives)
      .innerJoin(governmentEntities, eq(governmentEntities.id, governmentRepresentatives.entityId))
      .where(or(...repMatch))
      .limit(PER_KIND)
    for (const { row, entity } of rows) {
      const subject = {
        kind: 'GOVERNMENT_REPRESENTATIVE' as const,
        id: row.id,
        name: `${row.firstName} ${row.lastName} (${entity.name})`,
        email: row.email,
        businesses: [],
      }
      const duty = representativeDutyOf(entity)
      if (query.email && row.email.toLowerCase() === query.email) add(subject, 'email', false, duty)
      if (namePattern && `${row.firstName} ${row.lastName}`.toLowerCase().includes(query.name!.toLowerCase()))
        add(subject, 'name', false, duty)
      if (row.idNumberIndex && idIndexes.includes(row.idNumberIndex)) add(subject, 'idNumber', false, duty)
    }
  }
  if (query.email) {
    const contacts = await db
      .select()
      .from(crmAccounts)
      .where(eq(sql`lower(${crmAccounts.contactEmail})`, query.email))
      .limit(PER_KIND)
    for (const account of contacts)
      add(
        { kind: 'CRM_CONTACT', id: account.id, name: `Contact of ${account.name}`, email: account.contactEmail, businesses: [] },
        'email',
      )
  }
  const inquiryMatch = [
    query.email ? eq(sql`lower(${supportInquiries.email})`, query.email) : undefined,
    namePattern ? ilike(supportInquiries.name, namePattern) : undefined,
  ].filter(Boolean)
  if (inquiryMatch.length) {
    const rows = await db
      .select()
      .from(supportInquiries)
      .where(or(...inquiryMatch))
      .limit(PER_KIND)
    for (const inquiry of rows) {
      const subject = {
        kind: 'SUPPORT_INQUIRY' as const,
        id: inquiry.id,
        name: `${inquiry.name} (${inquiry.reference})`,
        email: inquiry.email,
        businesses: [],
      }
      if (query.email && inquiry.email.toLowerCase() === query.email) add(subject, 'email')
      if (namePattern && inquiry.name.toLowerCase().includes(query.name!.toLowerCase())) add(subject, 'name')
    }
  }
}

/** How many products each entity holds, and its status: what a representative's retention duty depends on. */
export async function entityOfRepresentative(db: Executor, representativeId: string) {
  const [row] = await db
    .select({
      id: governmentEntities.id,
      name: governmentEntities.name,
      archiveStatus: governmentEntities.archiveStatus,
      products: sql<number>`(select count(*)::int from ${governmentProducts} where ${governmentProducts.entityId} = ${governmentEntities.id})`,
    })
    .from(governmentRepresentatives)
    .innerJoin(governmentEntities, eq(governmentEntities.id, governmentRepresentatives.entityId))
    .where(eq(governmentRepresentatives.id, representativeId))
  return row ?? null
}
