import { and, eq, inArray, or } from 'drizzle-orm'
import { hasAllPermissions, ONBOARDING_GROUP, POST_APPROVAL_GROUP } from '@/lib/permissions/checks'
import { type Permission } from '@/lib/permissions/names'
import type { AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import { businesses, businessReviewEvents, type Business } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { permissionRefused } from '@/server/http/refusals'
import { canActOnBusiness } from '@/server/http/scope'
import { lockBusinessRow } from '@/server/records/business-record'
import { syncVerificationItems } from '@/server/records/verification-items'

/**
 * Every KYC write needs the whole onboarding group in the business (or as staff), plus the write's own permission;
 * the whole post-approval group passes too, and is the only way once the business is approved.
 */
export const KYC_EDITORS = ONBOARDING_GROUP

/** The permissions the actor holds over this business: staff globally, a member inside it; null when neither. */
export function permissionsOver(actor: Actor, businessId: string): ReadonlySet<string> | null {
  if (actor.isStaff) return actor.staffPermissions
  return actor.memberships.find((m) => m.businessId === businessId)?.permissions ?? null
}

/** The KYC edit check (docs/domain.md#kyc-edit-check) on a business row as read. */
function assertEditableRow(held: ReadonlySet<string>, business: Business): Business {
  if (business.archiveStatus === 'ARCHIVED') {
    throw new AppError('INVALID_STATE', 'This business is archived; its KYC cannot change until it is unarchived')
  }
  const postApproval = hasAllPermissions(held, POST_APPROVAL_GROUP)
  if (business.approvalStatus === 'APPROVED') {
    if (!postApproval) {
      throw new AppError(
        'FORBIDDEN',
        'This business is approved; changes to its KYC are made by our staff. Contact support to request one.',
      )
    }
    return business
  }
  if (!postApproval && !hasAllPermissions(held, KYC_EDITORS)) {
    throw new AppError('FORBIDDEN', 'You need the KYC onboarding permissions of this business to change its KYC')
  }
  return business
}

/**
 * The KYC edit check (docs/domain.md#kyc-edit-check), for every KYC write (details, addresses, means of ID,
 * shareholders, documents, drafts, completion). Before approval the onboarding group (or the whole post-approval group)
 * passes; once the business is approved only the whole post-approval group does, so approved KYC changes go through
 * staff. Another business answers 404; an archived business cannot change. Returns the business row.
 *
 * Unlocked: a pre-check before work outside the write's transaction (storing an uploaded file). The write itself
 * repeats the check on the locked row through {@link kycWriteTransaction}.
 */
export async function assertKycEditable(options: { db: Executor; actor: Actor; businessId: string }): Promise<Business> {
  const held = permissionsOver(options.actor, options.businessId)
  if (!held) throw new AppError('NOT_FOUND', 'Business not found')
  const [business] = await options.db.select().from(businesses).where(eq(businesses.id, options.businessId))
  if (!business) throw new AppError('NOT_FOUND', 'Business not found')
  return assertEditableRow(held, business)
}

/** What a KYC write's transaction checks before it writes: the business, the 404 wording, the write's own permission. */
export interface KycEditCheck {
  businessId: string
  /** Names the record in the 404 an outsider gets. */
  what: string
  permission?: Permission
}

/** Repeats the KYC edit check on the business row, locked for the rest of the write's transaction. */
export type KycEditLock = (check: KycEditCheck) => Promise<Business>

/**
 * Runs a KYC write in one transaction whose `lock` repeats the KYC edit check on the business row held with
 * {@link lockBusinessRow}. The write must call `lock` before it writes (a write that never does fails, so none can
 * skip the check). Before the transaction commits, the verification items of a business whose KYC is submitted
 * or approved follow the change (docs/domain.md#state-changes: derived states are written by the transition that causes
 * them).
 */
export async function kycWriteTransaction<T>(
  options: {
    db: Database
    actor: Actor
    audit: AuditContext
    /** False for writes that change no KYC record (drafts, the submission): their staff writer is no maker. */
    changesKyc?: boolean
  },
  write: (tx: Tx, lock: KycEditLock) => Promise<T>,
): Promise<T> {
  const { actor } = options
  return options.db.transaction(async (tx) => {
    const checked = new Map<string, { kycDetailsCompleted: boolean; approvalStatus: string }>()
    const lock: KycEditLock = async ({ businessId, what, permission }) => {
      if (!canActOnBusiness(actor, businessId)) throw new AppError('NOT_FOUND', `${what} not found`)
      const held = permissionsOver(actor, businessId)!
      const business = await lockBusinessRow(tx, businessId)
      if (!business) throw new AppError('NOT_FOUND', `${what} not found`)
      assertEditableRow(held, business)
      if (permission && !canActOnBusiness(actor, businessId, permission)) {
        throw permissionRefused([permission], { scope: actor.isStaff ? 'staff' : 'business' })
      }
      checked.set(businessId, business)
      return business
    }
    const result = await write(tx, lock)
    if (checked.size === 0) throw new Error('A KYC write ran without the KYC edit check on the locked business row')
    if (actor.isStaff && options.changesKyc !== false) await recordStaffKycEdit(tx, actor, [...checked.keys()])
    // Nothing to sync while every locked business is still being captured: a KYC edit never marks one complete or
    // approves it (only the submission, changesKyc: false, and the decision, outside this, do), and the rows are
    // locked, so nothing else can have meanwhile. That skips a read made under the audit chain's lock.
    const maySync =
      options.changesKyc === false || [...checked.values()].some((b) => b.kycDetailsCompleted || b.approvalStatus === 'APPROVED')
    if (maySync) await syncSubmittedChecks(tx, [...checked.keys()], options.audit)
    return result
  })
}

/**
 * A staff user who changed a business's KYC is a maker of what an approval would accept: the approval refuses them
 * until the business submits again (docs/domain.md#four-eyes, reviews/approval-checks.ts `makerOfKyc`).
 */
async function recordStaffKycEdit(tx: Tx, actor: Actor, businessIds: readonly string[]) {
  const now = new Date()
  await tx.insert(businessReviewEvents).values(
    businessIds.map((businessId) => ({
      businessId,
      kind: 'STAFF_KYC_EDIT' as const,
      actorId: actor.userId,
      actorName: `${actor.firstName} ${actor.lastName}`.trim(),
      createdAt: now,
    })),
  )
}

type SubmittedSync = (tx: Tx, businessId: string, audit: AuditContext, now: Date) => Promise<unknown>
const submittedSyncs: SubmittedSync[] = []
const lateSubmittedSyncs: SubmittedSync[] = []

/**
 * Another module's check that follows every change of a submitted KYC in the same transaction: screening registers
 * itself here when it loads (screening/screen/screen-business.ts), so kyc imports no module above it. A `late` one
 * runs after every other, for a check that reads what they wrote (the risk assessment reads the screening).
 */
export function onSubmittedKycChange(sync: SubmittedSync, options: { late?: boolean } = {}): void {
  const list = options.late ? lateSubmittedSyncs : submittedSyncs
  if (!list.includes(sync)) list.push(sync)
}

/**
 * Brings the verification items, the screening and the risk assessment of each of these businesses whose KYC is
 * submitted (marked complete) or approved in line with its KYC, inside `tx` (verification-items.ts,
 * screening/screen/screen-business.ts, risk/recompute-risk.ts). KYC still
 * being captured is checked and screened on submission.
 */
export async function syncSubmittedChecks(tx: Tx, businessIds: readonly string[], audit: AuditContext, now: Date = new Date()) {
  if (!businessIds.length) return
  const submitted = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(
      and(
        inArray(businesses.id, [...businessIds]),
        or(eq(businesses.kycDetailsCompleted, true), eq(businesses.approvalStatus, 'APPROVED')),
      ),
    )
  for (const { id } of submitted) {
    await syncVerificationItems(tx, id, audit, now)
    for (const sync of [...submittedSyncs, ...lateSubmittedSyncs]) await sync(tx, id, audit, now)
  }
}
