import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { createBusinessSchema } from '@/lib/contracts/businesses'
import { isRestrictedFromBusinessArea } from '@/lib/permissions/checks'
import { PERMISSIONS } from '@/lib/permissions/names'
import { parseRegistrationNumber } from '@/lib/validation/registration-number'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businessCategories, businesses, businessDivisions, businessTypes, businessUsers, roles } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { permissionRefused } from '@/server/http/refusals'
import { assertBusinessUnique, toBusiness } from '@/server/records/business-record'
import { inviteToBusiness } from './invite-to-business'

type CreateBusiness = z.output<typeof createBusinessSchema>

/** The referenced type, category and division must exist: 400 naming the field otherwise. */
async function assertReferences(db: Database, input: { typeId?: string; categoryId?: string; divisionId?: string }) {
  const missing: { code: 'VALIDATION_FAILED'; field: string; message: string }[] = []
  if (input.typeId && !(await db.query.businessTypes.findFirst({ where: eq(businessTypes.id, input.typeId) })))
    missing.push({ code: 'VALIDATION_FAILED', field: 'typeId', message: 'Choose a business type from the list' })
  if (input.categoryId && !(await db.query.businessCategories.findFirst({ where: eq(businessCategories.id, input.categoryId) })))
    missing.push({ code: 'VALIDATION_FAILED', field: 'categoryId', message: 'Choose a category from the list' })
  if (input.divisionId && !(await db.query.businessDivisions.findFirst({ where: eq(businessDivisions.id, input.divisionId) })))
    missing.push({ code: 'VALIDATION_FAILED', field: 'divisionId', message: 'Choose a division from the list' })
  if (missing.length) throw new AppError('VALIDATION_FAILED', missing[0]!.message, { details: missing })
}
export { assertReferences }

/**
 * A business's division decides its fees: staff set it (issue 32: a business user could pick its own through
 * `PATCH /businesses/{id}`). 403 naming the field for anyone else, at registration and at every change.
 */
export function assertMaySetDivision(actor: Actor, input: { divisionId?: string }) {
  if (input.divisionId !== undefined && !actor.isStaff)
    throw new AppError('FORBIDDEN', "A business's division decides its fees; only our staff set it", { field: 'divisionId' })
}

/** Staff register businesses on a business's behalf holding this; business users register their own. */
export const BUSINESS_CREATE = PERMISSIONS.CAN_CREATE_BUSINESS

/**
 * Registers a business. A business user becomes its BUSINESS_OWNER. Staff (CAN_CREATE_BUSINESS) create it on the
 * business's behalf and invite its owner by e-mail. A payment-group approver may not apply as a business.
 */
export async function createBusiness(options: { db: Database; actor: Actor; input: CreateBusiness; audit: AuditContext }) {
  const { db, actor, input } = options
  if (actor.isStaff) {
    if (!actor.staffPermissions.has(BUSINESS_CREATE)) throw permissionRefused([BUSINESS_CREATE], { scope: 'staff' })
    if (isRestrictedFromBusinessArea({ iswStaff: actor.iswStaff, permissions: actor.permissions })) {
      throw new AppError('FORBIDDEN', 'Approvers in the payment group cannot register businesses')
    }
    if (!input.ownerEmail)
      throw new AppError('VALIDATION_FAILED', 'Give the e-mail of the business owner to invite', { field: 'ownerEmail' })
  }
  assertMaySetDivision(actor, input)
  await assertReferences(db, input)
  const registration = parseRegistrationNumber(input.regNo)!
  await assertBusinessUnique(db, { regNo: registration.normalised, name: input.name })

  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(businesses)
      .values({
        name: input.name,
        regNo: registration.normalised,
        registrationClass: registration.registrationClass,
        typeId: input.typeId,
        categoryId: input.categoryId,
        email: input.email,
        phone: input.phone,
        website: input.website ?? null,
        divisionId: input.divisionId ?? null,
        addressLine1: input.address.line1,
        addressLine2: input.address.line2 ?? null,
        city: input.address.city ?? null,
        country: input.address.country,
        state: input.address.state,
        lga: input.address.lga ?? null,
        createdBy: actor.userId,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) throw new AppError('CONFLICT', 'A business with this registration number or name already exists')
    if (!actor.isStaff) {
      const [owner] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'BUSINESS_OWNER'))
      await tx.insert(businessUsers).values({ businessId: row.id, userId: actor.userId, roleId: owner!.id })
    }
    await appendAudit(tx, options.audit, { resource: 'business', resourceId: row.id, action: 'CREATE', after: toBusiness(row) })
    return row
  })
  if (actor.isStaff && input.ownerEmail) {
    await inviteToBusiness({
      db,
      actor,
      businessId: created.id,
      email: input.ownerEmail,
      role: 'BUSINESS_OWNER',
      audit: options.audit,
      skipAccessCheck: true,
    })
  }
  return toBusiness(created)
}
