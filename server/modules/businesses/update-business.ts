import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { updateBusinessSchema } from '@/lib/contracts/businesses'
import { PERMISSIONS } from '@/lib/permissions/names'
import { parseRegistrationNumber } from '@/lib/validation/registration-number'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { permissionRefused } from '@/server/http/refusals'
import { assertBusinessAccess } from '@/server/http/scope'
import { syncSubmittedChecks } from '@/server/modules/kyc/kyc-edit-access'
import {
  assertBusinessUnique,
  getBusinessRowOrThrow,
  lockBusinessRow,
  toBusiness,
  toBusinessWithBlocking,
} from '@/server/records/business-record'
import { assertMaySetDivision, assertReferences } from './create-business'

/** Editing a business before approval, in it or as staff (after approval see below). */
export const BUSINESS_EDIT = PERMISSIONS.CAN_UPDATE_BUSINESS

/** Before approval: its owners (CAN_UPDATE_BUSINESS in the business) or staff with CAN_UPDATE_BUSINESS. After: only staff with CAN_UPDATE_APPROVED_BUSINESS_INFO. */
function assertMayEdit(actor: Actor, business: { id: string; approvalStatus: string }) {
  if (business.approvalStatus === 'APPROVED') {
    if (!actor.isStaff || !actor.staffPermissions.has(PERMISSIONS.CAN_UPDATE_APPROVED_BUSINESS_INFO)) {
      throw permissionRefused([PERMISSIONS.CAN_UPDATE_APPROVED_BUSINESS_INFO], { scope: 'staff' })
    }
  } else {
    assertBusinessAccess(actor, business.id, BUSINESS_EDIT)
  }
}

/**
 * `PUT /businesses/{id}`: who may edit depends on the approval status, so the check is repeated inside the write's
 * transaction on the business row held (lockBusinessRow): an approval racing this edit either waits for it or makes it
 * answer 403. A changed name or registration number renews the company verification item of submitted KYC, in the
 * same transaction. Audited with before and after.
 */
export async function updateBusiness(options: {
  db: Database
  actor: Actor
  id: string
  input: z.output<typeof updateBusinessSchema>
  audit: AuditContext
}) {
  const { db, actor, id, input } = options
  assertMayEdit(actor, await getBusinessRowOrThrow({ db, actor, id }))
  assertMaySetDivision(actor, input)
  await assertReferences(db, input)
  const registration = input.regNo ? parseRegistrationNumber(input.regNo)! : undefined
  await assertBusinessUnique(db, { regNo: registration?.normalised, name: input.name }, id)

  const changes = {
    ...(input.name !== undefined && { name: input.name }),
    ...(registration && { regNo: registration.normalised, registrationClass: registration.registrationClass }),
    ...(input.typeId !== undefined && { typeId: input.typeId }),
    ...(input.categoryId !== undefined && { categoryId: input.categoryId }),
    ...(input.email !== undefined && { email: input.email }),
    ...(input.phone !== undefined && { phone: input.phone }),
    ...(input.website !== undefined && { website: input.website }),
    ...(input.divisionId !== undefined && { divisionId: input.divisionId }),
    ...(input.address?.line1 !== undefined && { addressLine1: input.address.line1 }),
    ...(input.address?.line2 !== undefined && { addressLine2: input.address.line2 }),
    ...(input.address?.city !== undefined && { city: input.address.city }),
    ...(input.address?.country !== undefined && { country: input.address.country }),
    ...(input.address?.state !== undefined && { state: input.address.state }),
    ...(input.address?.lga !== undefined && { lga: input.address.lga }),
  }
  const updated = await db.transaction(async (tx) => {
    const current = await lockBusinessRow(tx, id)
    if (!current) throw new AppError('NOT_FOUND', 'Business not found')
    assertMayEdit(actor, current)
    const [row] = await tx
      .update(businesses)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(businesses.id, id))
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'business',
      resourceId: id,
      action: 'UPDATE',
      before: toBusiness(current),
      after: toBusiness(row!),
    })
    await syncSubmittedChecks(tx, [id], options.audit)
    return row!
  })
  return toBusinessWithBlocking(db, updated)
}
