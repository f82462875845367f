import { and, asc, count, eq, isNull, ne, or } from 'drizzle-orm'
import type {
  BusinessVerification,
  ReverificationRun,
  VerificationItem,
  VerificationListItem,
  VerificationListQuery,
  VerificationResult,
} from '@/lib/contracts/verification'
import { statusWords } from '@/lib/format/status-words'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Tx } from '@/server/db/client'
import { businesses, kycAddresses, kycDetails, kycVerifications } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertFourEyes } from '@/server/http/four-eyes'
import { getKycProvider, type KycProviderAdapter } from '@/server/integrations/kyc-provider'
import { notifyOwnersOfDecision } from '@/server/integrations/mail/owner-mail'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { verificationFailedMail } from '@/server/modules/cac-review/review-mails'
import { recordProviderCharge, serviceTypeOf } from '@/server/modules/fees/record-charge'
import { openBusinessScreening } from '@/server/modules/screening/screen/screen-business'
import { getBusinessRow } from '@/server/records/business-record'
import { getBusinessRowOrThrow } from '@/server/records/business-record'
import { dueFieldsOf, loadServiceLevels } from '@/server/records/service-levels'
import {
  currentItemsOf,
  openVerificationItems,
  selectVerificationItems,
  toVerificationItem,
  verificationAuditView,
  verificationSubject,
} from '@/server/records/verification-items'

/** Staff who read verification items: those who record results or run checks, and business readers. */
export const VERIFICATION_READERS = [
  PERMISSIONS.CAN_UPDATE_KYC_STATUS,
  PERMISSIONS.CAN_TRIGGER_KYC_REVERIFICATION,
  PERMISSIONS.CAN_READ_BUSINESS,
] as const
/** Where a business's verification stands: its own users or staff, reading the business. */
export const VERIFICATION_STATUS_READ = PERMISSIONS.CAN_READ_BUSINESS

/**
 * `GET /verified-kyc/{businessId}`: the business's current items (staff), each waiting one (PENDING, not waived) with
 * its due time (docs/service-levels.md#due-times); `due` keeps the waiting ones of that status, `sort=dueAt` orders the
 * waiting ones by due time. A business has a handful of items, so both are done on them here. A read: the items are
 * written by KYC submission and by the KYC writes that follow it (kyc-edit-access.ts), never here.
 */
export async function findBusinessVerifications(options: {
  db: Database
  actor: Actor
  businessId: string
  query?: VerificationListQuery
  now?: Date
}): Promise<VerificationListItem[]> {
  const { db, actor, businessId, query = {}, now = new Date() } = options
  assertStaffWithAny(actor, ...VERIFICATION_READERS)
  await getBusinessRow(db, businessId)
  const [levels, items] = await Promise.all([loadServiceLevels(db), currentItemsOf(db, businessId)])
  const rows = items.map((item): VerificationListItem => ({
    ...item,
    // The queue's predicate (queue-sources.ts): PENDING, current and not waived.
    ...(item.status === 'PENDING' && !item.waiver
      ? dueFieldsOf(levels, 'VERIFICATION_ITEMS', new Date(item.createdAt), now)
      : { dueAt: null, dueStatus: null }),
  }))
  const byDue = query.due !== undefined || query.sort?.field === 'dueAt'
  const kept = byDue ? rows.filter((r) => r.dueStatus !== null && (!query.due || r.dueStatus === query.due)) : rows
  if (query.sort?.field !== 'dueAt') return kept
  const sign = query.sort.desc ? -1 : 1
  // Due times grow with the entry time: the same order as by creation.
  return kept.sort((a, b) => sign * (a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)))
}

/** `GET /kyc/verified-detail/{id}`: one item (staff), history included (a superseded item keeps its last status). */
export async function getVerificationItem(options: { db: Database; actor: Actor; id: string }): Promise<VerificationItem> {
  assertStaffWithAny(options.actor, ...VERIFICATION_READERS)
  const [row] = await selectVerificationItems(options.db, eq(kycVerifications.id, options.id))
  if (!row) throw new AppError('NOT_FOUND', 'Verification item not found')
  return toVerificationItem(row)
}

/**
 * `GET /kyc/business/{id}/verified`: where the business's verification stands, for staff and for its own members (who
 * read their business: another business answers 404). `verified` needs at least one item, every item VERIFIED and
 * every KYC address VERIFIED. A read: it changes nothing.
 */
export async function getBusinessVerification(options: {
  db: Database
  actor: Actor
  businessId: string
}): Promise<BusinessVerification> {
  const { db, businessId } = options
  await getBusinessRowOrThrow({ db, actor: options.actor, id: businessId, permission: VERIFICATION_STATUS_READ })
  const [items, addressRows] = await Promise.all([
    currentItemsOf(db, businessId),
    db
      .select({ status: kycAddresses.verificationStatus, value: count() })
      .from(kycAddresses)
      .innerJoin(kycDetails, eq(kycDetails.id, kycAddresses.kycDetailsId))
      .where(eq(kycDetails.businessId, businessId))
      .groupBy(kycAddresses.verificationStatus),
  ])
  const addressCount = (status: string) => addressRows.find((r) => r.status === status)?.value ?? 0
  const addresses = { verified: addressCount('VERIFIED'), pending: addressCount('PENDING'), failed: addressCount('FAILED') }
  const pending = items.filter((i) => i.status === 'PENDING').length
  const failed = items.filter((i) => i.status === 'FAILED').length
  return {
    businessId,
    verified: items.length > 0 && pending === 0 && failed === 0 && addresses.pending === 0 && addresses.failed === 0,
    pending,
    failed,
    items,
    addresses,
  }
}

/** Recording a manual result (`PUT /verified-kyc/{id}`): the route's access and the service's check. */
export const VERIFICATION_RESULT_WRITE = PERMISSIONS.CAN_UPDATE_KYC_STATUS
/** Waiving a check (`PUT /verified-kyc/{id}/waiver`). */
export const VERIFICATION_WAIVE = PERMISSIONS.CAN_APPROVE_BUSINESS
/** Running the re-verification of pending checks. */
export const REVERIFICATION_RUN = PERMISSIONS.CAN_TRIGGER_KYC_REVERIFICATION

/**
 * `PUT /verified-kyc/{id}`: a staff member's manual result (CAN_UPDATE_KYC_STATUS): PENDING → VERIFIED or FAILED (a
 * comment needed). One conditional UPDATE with its audit row; a decided or superseded item answers 409 INVALID_STATE.
 * Four-eyes as for every decision on a business. A failure is e-mailed to the owners with the reason.
 */
export async function recordVerificationResult(options: {
  db: Database
  actor: Actor
  id: string
  input: { status: VerificationResult; comment?: string }
  audit: AuditContext
  now?: Date
}): Promise<VerificationItem> {
  const { db, actor, input } = options
  const now = options.now ?? new Date()
  assertStaffWithAny(actor, VERIFICATION_RESULT_WRITE)
  const comment = input.comment?.trim() || null
  if (input.status === 'FAILED' && !comment)
    throw new AppError('VALIDATION_FAILED', 'Say why the check failed: the business sees it', { field: 'comment' })
  const [current] = await db.select().from(kycVerifications).where(eq(kycVerifications.id, options.id))
  if (!current) throw new AppError('NOT_FOUND', 'Verification item not found')
  const business = await getBusinessRow(db, current.businessId)
  assertFourEyes(actor, business, 'record this result')
  if (current.kind === 'REGISTRY_DIFFERENCE')
    throw new AppError(
      'INVALID_STATE',
      'A difference with the registry has no result: resolve it with a reason, or the owner corrects the declaration',
    )

  await db.transaction(async (tx) => {
    const [after] = await tx
      .update(kycVerifications)
      .set({
        status: input.status,
        comment,
        decidedBy: actor.userId,
        decidedAt: now,
        updatedAt: now,
        // A waiver given while the check was pending does not cover a failure found afterwards.
        ...(input.status === 'FAILED' ? { waivedBy: null, waivedAt: null, waiverReason: null } : {}),
      })
      .where(
        and(eq(kycVerifications.id, current.id), eq(kycVerifications.status, 'PENDING'), isNull(kycVerifications.supersededAt)),
      )
      .returning()
    if (!after) {
      const [latest] = await tx.select().from(kycVerifications).where(eq(kycVerifications.id, current.id))
      const state = latest?.supersededAt
        ? 'replaced (the KYC changed; check the new item)'
        : latest
          ? statusWords(latest.status)
          : 'gone'
      throw new AppError(
        'INVALID_STATE',
        `The verification item is ${state}: only a pending item can be ${input.status === 'VERIFIED' ? 'verified' : 'failed'}`,
      )
    }
    await appendAudit(tx, options.audit, {
      resource: 'kyc_verification',
      resourceId: after.id,
      action: input.status === 'VERIFIED' ? 'VERIFY' : 'FAIL',
      subject: verificationSubject(after),
      before: verificationAuditView(current),
      after: verificationAuditView(after),
    })
  })
  if (input.status === 'FAILED') {
    await notifyOwnersOfDecision(
      db,
      business,
      verificationFailedMail({
        businessName: business.name,
        what: current.label,
        comment: comment!,
        url: portalLinks.businessDashboard(business.id),
      }),
    )
  }
  const [row] = await selectVerificationItems(db, eq(kycVerifications.id, current.id))
  return toVerificationItem(row!)
}

/**
 * `PUT /verified-kyc/{id}/waiver` (CAN_APPROVE_BUSINESS): lets approval go ahead without a PENDING or FAILED check,
 * with a reason shown in the review (docs/domain.md#verification-of-kyc-details). One conditional UPDATE with its audit
 * row; a VERIFIED, already waived or superseded item answers 409 INVALID_STATE. Four-eyes as for every decision on the
 * business; the one who waives may not approve it (decide-business.ts).
 */
export async function waiveVerificationItem(options: {
  db: Database
  actor: Actor
  id: string
  input: { reason: string }
  audit: AuditContext
  now?: Date
}): Promise<VerificationItem> {
  const { db, actor } = options
  const now = options.now ?? new Date()
  assertStaffWithAny(actor, VERIFICATION_WAIVE)
  const reason = options.input.reason.trim()
  const [current] = await db.select().from(kycVerifications).where(eq(kycVerifications.id, options.id))
  if (!current) throw new AppError('NOT_FOUND', 'Verification item not found')
  const business = await getBusinessRow(db, current.businessId)
  assertFourEyes(actor, business, 'waive this check')
  if (business.approvalStatus !== 'PENDING')
    throw new AppError('INVALID_STATE', 'Only the checks of a business waiting for a decision can be waived')

  await db.transaction(async (tx) => {
    const [after] = await tx
      .update(kycVerifications)
      .set({ waivedBy: actor.userId, waivedAt: now, waiverReason: reason, updatedAt: now })
      .where(
        and(
          eq(kycVerifications.id, current.id),
          ne(kycVerifications.status, 'VERIFIED'),
          isNull(kycVerifications.waivedAt),
          isNull(kycVerifications.supersededAt),
        ),
      )
      .returning()
    if (!after) {
      const [latest] = await tx.select().from(kycVerifications).where(eq(kycVerifications.id, current.id))
      const why = latest?.supersededAt
        ? 'was replaced (the KYC changed; waive the new check)'
        : latest?.waivedAt
          ? 'is already waived'
          : 'is verified: nothing to waive'
      throw new AppError('INVALID_STATE', `This check ${why}`)
    }
    await appendAudit(tx, options.audit, {
      resource: 'kyc_verification',
      resourceId: after.id,
      action: 'WAIVE',
      subject: verificationSubject(after),
      before: verificationAuditView(current),
      after: verificationAuditView(after),
    })
  })
  const [row] = await selectVerificationItems(db, eq(kycVerifications.id, current.id))
  return toVerificationItem(row!)
}

/**
 * `GET /kyc/re-verify-pending-kyc-status` (CAN_TRIGGER_KYC_REVERIFICATION): an explicit run (the spec's GET), not a
 * read. It opens the missing items of every business whose KYC is submitted or approved (KYC submitted before items
 * were written at submission), then asks the configured provider about every PENDING item. A result other than
 * PENDING is written with a conditional UPDATE and audited (a person's result recorded meanwhile wins). The run itself
 * is audited with its counts. The built-in provider is manual review: it changes nothing and the answer says how many
 * still wait for a person.
 */
export async function runReverification(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  provider?: KycProviderAdapter
  now?: Date
}): Promise<ReverificationRun> {
  const { db, audit } = options
  const now = options.now ?? new Date()
  const provider = options.provider ?? getKycProvider()
  assertStaffWithAny(options.actor, REVERIFICATION_RUN)

  const submitted = await db
    .select({ id: businesses.id })
    .from(businesses)
    .innerJoin(kycDetails, eq(kycDetails.businessId, businesses.id))
    .where(or(eq(businesses.kycDetailsCompleted, true), eq(businesses.approvalStatus, 'APPROVED')))
  let opened = 0
  for (const b of submitted) {
    opened += await openVerificationItems(db, b.id, audit, now)
    await openBusinessScreening(db, b.id, audit, now)
  }

  const pending = await db
    .select()
    .from(kycVerifications)
    .where(
      and(
        eq(kycVerifications.status, 'PENDING'),
        isNull(kycVerifications.supersededAt),
        // docs/ownership.md#registry-check: a difference is resolved by a person or a correction, never a provider.
        ne(kycVerifications.kind, 'REGISTRY_DIFFERENCE'),
      ),
    )
    .orderBy(asc(kycVerifications.createdAt))
  let changed = 0
  for (const item of pending) {
    const outcome = await provider.check(item)
    // A billable call is charged whatever it answered, with its result when there is one (docs/domain.md#fees-and-charges);
    // a check that never reached the provider or got no answer says `billed: false`.
    const billed = provider.billable && outcome.billed !== false
    const charge = (tx: Tx) =>
      billed
        ? recordProviderCharge(tx, {
            businessId: item.businessId,
            providerCode: provider.name,
            serviceType: serviceTypeOf(item.kind, item.checkedValue),
            verificationId: item.id,
            providerReference: outcome.reference ?? null,
            at: now,
          })
        : null
    if (outcome.status === 'PENDING') {
      if (billed) await db.transaction(async (tx) => void (await charge(tx)))
      continue
    }
    const wrote = await db.transaction(async (tx) => {
      await charge(tx)
      const [after] = await tx
        .update(kycVerifications)
        .set({
          status: outcome.status,
          comment: outcome.comment ?? null,
          providerReference: outcome.reference ?? null,
          provider: provider.name,
          decidedBy: null,
          decidedAt: now,
          updatedAt: now,
        })
        .where(
          and(eq(kycVerifications.id, item.id), eq(kycVerifications.status, 'PENDING'), isNull(kycVerifications.supersededAt)),
        )
        .returning()
      if (!after) return false
      await appendAudit(tx, audit, {
        resource: 'kyc_verification',
        resourceId: after.id,
        action: `PROVIDER_${outcome.status}`,
        subject: verificationSubject(after),
        before: verificationAuditView(item),
        after: verificationAuditView(after),
      })
      return true
    })
    if (wrote) changed++
  }
  const checked = pending.length
  const run: ReverificationRun = {
    provider: provider.name,
    checked,
    changed,
    stillPending: checked - changed,
    opened,
    ranAt: now.toISOString(),
  }
  await db.transaction(async (tx) => {
    await appendAudit(tx, audit, { resource: 'kyc_verification', resourceId: null, action: 'REVERIFY_RUN', after: run })
  })
  return run
}
