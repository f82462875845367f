import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { revealIdentityNumberSchema, RevealedIdentityNumber } from '@/lib/contracts/kyc'
import { hasAllPermissions, PERMISSIONS } from '@/lib/permissions'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { meansOfIds, shareholders } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { recordPersonalDataView } from '@/server/modules/data-views/record-view'
import { KYC_EDITORS } from './kyc-edit-access'
import { kycNotFound } from './kyc-record'
import { permissionRefused } from '@/server/http/refusals'

/** Staff see a clear identity number only with this; the business's own owner and KYC editors see their own. */
export const REVEAL_PERMISSION = PERMISSIONS.CAN_VIEW_SENSITIVE_KYC

type RevealTarget = 'means_of_id' | 'shareholder'

/**
 * Who may reveal a number of this business: staff holding CAN_VIEW_SENSITIVE_KYC (403 without it); a member holding
 * it in the business or the whole KYC edit group (KYC_EDITORS), 403 otherwise; anyone else 404 (the record's
 * existence is not revealed).
 */
function assertMayReveal(actor: Actor, businessId: string, what: string) {
  if (actor.isStaff) {
    if (!actor.staffPermissions.has(REVEAL_PERMISSION)) {
      throw permissionRefused([REVEAL_PERMISSION], { scope: 'staff' })
    }
    return
  }
  const membership = actor.memberships.find((m) => m.businessId === businessId)
  if (!membership) throw kycNotFound(what)
  if (!membership.permissions.has(REVEAL_PERMISSION) && !hasAllPermissions(membership.permissions, KYC_EDITORS)) {
    throw new AppError('FORBIDDEN', "Only the business's owner and KYC editors can see a clear identity number")
  }
}

/**
 * POST /kyc/means-of-ids/{id}/reveal and /kyc/shareholders/{id}/reveal: the clear number, audited in the same
 * transaction as it is read (who, whose, which field, why: `REVEAL` on the record, the reason in `after`).
 */
export async function revealIdentityNumber(options: {
  db: Database
  actor: Actor
  target: RevealTarget
  id: string
  input: z.output<typeof revealIdentityNumberSchema>
  audit: AuditContext
}): Promise<RevealedIdentityNumber> {
  const { actor, target, id, input } = options
  const what = target === 'means_of_id' ? 'Means of ID' : 'Shareholder'
  if (target === 'shareholder' && input.field !== 'bvn') {
    throw new AppError('VALIDATION_FAILED', 'A shareholder has only a BVN to reveal', { field: 'field' })
  }
  return options.db.transaction(async (tx) => {
    const [row] =
      target === 'means_of_id'
        ? await tx
            .select({
              businessId: meansOfIds.businessId,
              bvn: meansOfIds.bvn,
              idNumber: meansOfIds.idNumber,
              firstName: meansOfIds.firstName,
              lastName: meansOfIds.lastName,
            })
            .from(meansOfIds)
            .where(eq(meansOfIds.id, id))
        : await tx
            .select({
              businessId: shareholders.businessId,
              bvn: shareholders.bvn,
              idNumber: shareholders.bvn,
              firstName: shareholders.firstName,
              lastName: shareholders.lastName,
            })
            .from(shareholders)
            .where(eq(shareholders.id, id))
    if (!row) throw kycNotFound(what)
    assertMayReveal(actor, row.businessId, what)
    await appendAudit(tx, options.audit, {
      resource: target,
      resourceId: id,
      action: 'REVEAL',
      after: { businessId: row.businessId, field: input.field, reason: input.reason },
    })
    // The view log is what the business's owner reads ("who viewed our people's data"): a reveal belongs in it.
    const person = [row.firstName, row.lastName].filter(Boolean).join(' ')
    await recordPersonalDataView(tx, actor, {
      businessId: row.businessId,
      subjectKind: target === 'means_of_id' ? 'MEANS_OF_ID' : 'SHAREHOLDER',
      subjectId: id,
      detail: `${input.field === 'bvn' ? 'BVN' : 'ID number'}${person ? ` of ${person}` : ''}`,
      purpose: input.reason,
      requestId: options.audit.requestId,
    })
    return { field: input.field, value: (input.field === 'bvn' ? row.bvn : row.idNumber) ?? null }
  })
}
