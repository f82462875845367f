import { and, eq } from 'drizzle-orm'
import { PERMISSIONS } from '@/lib/permissions'
import type { Executor } from '@/server/db/client'
import { businessCategories, businessDivisions, businessTypes, businessUsers, roles, users } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { getKycSummary } from '@/server/modules/kyc/kyc-summary'
import { findLatestDecision } from '../reviews/latest-decision'
import { getBusinessRowOrThrow, toBusinessWithBlocking } from './business-record'

/** Reading a business, its KYC summary and what it still has to do: members or staff holding it. */
export const BUSINESS_READ = PERMISSIONS.CAN_READ_BUSINESS

/** The business with its latest decision (a decline's comment is the reason the business sees). */
export async function getBusiness(options: { db: Executor; actor: Actor; id: string; now?: Date }) {
  const row = await getBusinessRowOrThrow({ ...options, permission: BUSINESS_READ })
  const [business, decision] = await Promise.all([
    toBusinessWithBlocking(options.db, row, options.now),
    findLatestDecision(options.db, row.id),
  ])
  return { ...business, decision }
}

/** Everything the KYC summary PDF needs in one answer (KYC sections join as their modules land). */
export async function getBusinessPdfInfo(options: { db: Executor; actor: Actor; id: string }) {
  const { db } = options
  const business = await getBusinessRowOrThrow({ ...options, permission: BUSINESS_READ })
  const [[type], [category], division, owners, kyc] = await Promise.all([
    db.select({ name: businessTypes.name }).from(businessTypes).where(eq(businessTypes.id, business.typeId)),
    db.select({ name: businessCategories.name }).from(businessCategories).where(eq(businessCategories.id, business.categoryId)),
    business.divisionId
      ? db
          .select({ name: businessDivisions.name, code: businessDivisions.code })
          .from(businessDivisions)
          .where(eq(businessDivisions.id, business.divisionId))
      : Promise.resolve([]),
    db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .innerJoin(roles, eq(roles.id, businessUsers.roleId))
      .where(and(eq(businessUsers.businessId, business.id), eq(roles.name, 'BUSINESS_OWNER'), eq(businessUsers.isActive, true))),
    getKycSummary(db, business),
  ])
  return {
    business: await toBusinessWithBlocking(db, business),
    typeName: type?.name ?? null,
    categoryName: category?.name ?? null,
    division: division[0] ?? null,
    owners,
    kyc,
    generatedAt: new Date().toISOString(),
  }
}
