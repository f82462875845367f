import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { RevealableField, revealIdentityNumberSchema, RevealedIdentityNumber } from '@/lib/contracts/kyc'
import { hasAllPermissions } from '@/lib/permissions/checks'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { firstRevealAlertThisHour, recordReveal, revealWaitSeconds, THROTTLE_LIMITS } from '@/server/auth/throttles'
import type { Database } from '@/server/db/client'
import { meansOfIds, roles, shareholders, userRoles, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { permissionRefused } from '@/server/http/refusals'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { revealBudgetMail } from '@/server/integrations/mail/templates'
import { logger } from '@/server/logger'
import { recordPersonalDataView } from '@/server/modules/data-views/record-view'
import { KYC_EDITORS } from './kyc-edit-access'
import { kycNotFound } from './kyc-record'

/** Staff see a clear identity number only with this; the business's own owner and KYC editors see their own. */
export const REVEAL_PERMISSION = PERMISSIONS.CAN_VIEW_SENSITIVE_KYC

type RevealTarget = 'means_of_id' | 'shareholder'

/**
 * How the view log names what was revealed (never the value). "Birth date", not "Date of birth": erasure replaces
 * what follows the first " of " with "Erased person" (pseudonymiseViewsOf).
 */
const FIELD_NAMES: Record<RevealableField, string> = { bvn: 'BVN', idNumber: 'ID number', dateOfBirth: 'Birth date' }

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
 * Over the hourly budget: refused (429), audited, and the first time in the hour the data protection officers (active
 * staff with the DATA_PROTECTION_OFFICER role) are mailed who it was (docs/security.md#reveal-budget).
 */
async function refuseOverBudget(options: { db: Database; actor: Actor; audit: AuditContext; wait: number }) {
  const { db, actor } = options
  const budget = THROTTLE_LIMITS.reveals.perUserPerHour
  const alert = await firstRevealAlertThisHour(actor.userId)
  await db.transaction((tx) =>
    appendAudit(tx, options.audit, {
      resource: 'user',
      resourceId: actor.userId,
      action: 'REVEAL_BUDGET_EXCEEDED',
      after: { budget, perHour: true, dpoAlerted: alert },
    }),
  )
  if (alert) {
    const officers = await db
      .select({ email: users.email })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(roles.name, 'DATA_PROTECTION_OFFICER'), eq(users.status, 'ACTIVE')))
    if (!officers.length) logger.warn({ userId: actor.userId }, 'reveal budget exceeded; no data protection officer to tell')
    const mail = revealBudgetMail({ who: actor.email, budget, at: new Date(), url: portalLinks.dataProtection() })
    for (const officer of officers) await sendMail({ db, to: officer.email, mail })
  }
  return new AppError(
    'RATE_LIMITED',
    `You have revealed ${budget} identity numbers this hour; try again in ${Math.ceil(options.wait / 60)} minute(s)`,
    { retryAfterSeconds: options.wait },
  )
}

/**
 * POST /kyc/means-of-ids/{id}/reveal and /kyc/shareholders/{id}/reveal: the clear number (or date of birth), audited in the same
 * transaction as it is read (who, whose, which field, why: `REVEAL` on the record, the reason in `after`). Each user
 * may reveal 30 numbers an hour; beyond, 429 and the DPO is told (refuseOverBudget).
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
  if (target === 'shareholder' && input.field === 'idNumber') {
    throw new AppError('VALIDATION_FAILED', 'A shareholder has only a BVN and a date of birth to reveal', { field: 'field' })
  }
  const wait = await revealWaitSeconds(actor.userId)
  if (wait > 0) throw await refuseOverBudget({ db: options.db, actor, audit: options.audit, wait })
  const revealed = await options.db.transaction(async (tx) => {
    const [row] =
      target === 'means_of_id'
        ? await tx
            .select({
              businessId: meansOfIds.businessId,
              bvn: meansOfIds.bvn,
              idNumber: meansOfIds.idNumber,
              dateOfBirth: meansOfIds.dateOfBirth,
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
              dateOfBirth: shareholders.dateOfBirth,
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
      detail: `${FIELD_NAMES[input.field]}${person ? ` of ${person}` : ''}`,
      purpose: input.reason,
      requestId: options.audit.requestId,
    })
    return { field: input.field, value: row[input.field] ?? null }
  })
  await recordReveal(actor.userId)
  return revealed
}
