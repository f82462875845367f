import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { DueBadge } from '@/components/review/due-badge'
import { ReviewCommentDialog } from '@/components/review/review-comment-dialog'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import type { ReverificationRun, VerificationItem, VerificationResult } from '@/lib/contracts/verification'
import { VERIFICATION_KIND_LABELS, WAIVER_REASON_MIN } from '@/lib/contracts/verification-values'
import { formatDayTime } from '@/lib/format/day'
import { describeError, getApiErrors, getHttpStatus } from '@/lib/http/errors'
import { PERMISSIONS } from '@/lib/permissions/names'
import sharedStyles from '@/styles/staff-screens.module.css'
import { approvalQueries, refreshReviewScreen } from '../api/approval-queries'
import { useRecordVerification, useRerunVerification, useVerifyMany, useWaiveVerification } from '../api/verification-calls'
import ownStyles from './approvals.module.css'
import { RegistryCheck } from './registry-check'
import { VerificationDialog, type VerificationOutcomeTexts } from './verification-dialog'

const styles = { ...sharedStyles, ...ownStyles }

/** Staff who read verification items (the server's VERIFICATION_READERS). */
const READERS = [
  PERMISSIONS.CAN_UPDATE_KYC_STATUS,
  PERMISSIONS.CAN_TRIGGER_KYC_REVERIFICATION,
  PERMISSIONS.CAN_READ_BUSINESS,
] as const

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** "Verified by Aisha Bello on 05-Mar-2026 3:05PM"; for a provider's result, no name. */
function decisionText(item: VerificationItem): string | null {
  if (item.status === 'PENDING' || !item.decidedAt) return null
  const verb = item.status === 'VERIFIED' ? 'Verified' : 'Failed'
  const who = item.decidedByName ?? (item.decidedBy ? 'a staff member' : `the ${item.provider.toLowerCase()} provider`)
  return `${verb} by ${who} on ${formatDayTime(item.decidedAt)}`
}

const ITEM_CHECK_TEXTS: VerificationOutcomeTexts = {
  failed: {
    description: 'The item is recorded as failed and the business is e-mailed your reason.',
    confirmLabel: 'Mark failed',
    commentLabel: 'Why the check failed',
  },
  verified: {
    description: 'The item is recorded as verified by you. The result cannot be changed afterwards.',
    confirmLabel: 'Mark verified',
  },
}

/** The answer of a re-run, in words. */
export function reverificationText(run: ReverificationRun): string {
  const parts = [
    `Checked ${plural(run.checked, 'pending item')}`,
    `${plural(run.changed, 'result')} changed`,
    `${run.stillPending} still pending`,
  ]
  if (run.opened > 0) parts.push(`${plural(run.opened, 'new item')} opened`)
  const manual =
    run.provider === 'MANUAL' && run.stillPending > 0
      ? ' The provider is manual review: staff record each pending result here.'
      : ''
  return `${parts.join(', ')}.${manual}`
}

interface Pending {
  item: VerificationItem
  status: VerificationResult
}

export interface VerificationSectionProps {
  businessId: string
  /** The signed-in staff member's permission names: actions they may not use are not shown. */
  permissions: readonly string[]
  /** The viewer registered the business or belongs to it: the server refuses their results (four-eyes). */
  isOwnRecord?: boolean
  /** The business waits for a decision: a reviewer may waive an open check (with a reason). */
  businessPending?: boolean
}

/** "Waived by Aisha Bello on 05 Mar 2026, 3:05 pm: <reason>". */
function waiverText(item: VerificationItem): string | null {
  if (!item.waiver) return null
  return `Waived by ${item.waiver.waivedByName ?? 'a staff member'} on ${formatDayTime(item.waiver.waivedAt)}: ${item.waiver.reason}`
}

/**
 * Verification of the business's KYC details (docs/domain.md#verification-of-kyc-details): each item (company registry
 * lookup, each means of ID, each shareholder BVN) with its status, comment and who decided it. Holders of
 * CAN_UPDATE_KYC_STATUS (the KYC analyst) record a manual result on a PENDING item (a comment needed to fail it,
 * confirmed first), or mark several selected ones verified with one confirmation; whoever may not is told who does;
 * holders of CAN_TRIGGER_KYC_REVERIFICATION re-run the configured provider over every pending item and read what it
 * did.
 */
export function VerificationSection({
  businessId,
  permissions,
  isOwnRecord = false,
  businessPending = false,
}: VerificationSectionProps) {
  const headingId = useId()
  const held = new Set(permissions)
  const canRead = READERS.some((p) => held.has(p))
  const canRecord = held.has(PERMISSIONS.CAN_UPDATE_KYC_STATUS)
  const canWaive = held.has(PERMISSIONS.CAN_APPROVE_BUSINESS) && !isOwnRecord && businessPending
  const [waiving, setWaiving] = useState<VerificationItem | null>(null)
  const [waiveError, setWaiveError] = useState<string | null>(null)
  const canRerun = held.has(PERMISSIONS.CAN_TRIGGER_KYC_REVERIFICATION)
  const queryClient = useQueryClient()
  const items = useQuery({ ...approvalQueries.verification(businessId), enabled: canRead })
  const [pending, setPending] = useState<Pending | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const [lastRun, setLastRun] = useState<ReverificationRun | null>(null)
  const refresh = () => refreshReviewScreen(queryClient)
  // Several pending checks verified with one confirmation: one call per item, in turn, each refused or not on its own.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [confirmingBatch, setConfirmingBatch] = useState(false)
  const [batchFailures, setBatchFailures] = useState<string[]>([])

  const record = useRecordVerification({
    onSuccess: async (updated) => {
      setPending(null)
      notify(
        updated.status === 'VERIFIED'
          ? `${updated.label} is verified.`
          : `${updated.label} failed verification; the business has the reason.`,
        { type: 'success' },
      )
      await refresh()
    },
    onError: (error) => {
      const field = getApiErrors(error).find((e) => e.field === 'comment')
      setServerError(field?.message ?? describeError(error, "We couldn't record the result."))
      // Someone else decided it, or the KYC changed it: show the item as it is now.
      if (getHttpStatus(error) === 409) void refresh()
    },
  })

  const recordMany = useVerifyMany({
    onSuccess: async ({ verified, failures }) => {
      setConfirmingBatch(false)
      setSelected(new Set())
      setBatchFailures(failures)
      if (verified.length) notify(`${plural(verified.length, 'check')} verified.`, { type: 'success' })
      await refresh()
    },
  })

  const waive = useWaiveVerification({
    onSuccess: async (updated) => {
      setWaiving(null)
      const what = updated.kind === 'REGISTRY_DIFFERENCE' ? 'resolved' : 'check waived'
      notify(`${updated.label}: ${what}. Another reviewer approves the business.`, { type: 'success' })
      await refresh()
    },
    onError: (error) => {
      const field = getApiErrors(error).find((e) => e.field === 'reason')
      setWaiveError(field?.message ?? describeError(error, "We couldn't waive the check."))
      if (getHttpStatus(error) === 409) void refresh()
    },
  })

  const rerun = useRerunVerification({
    onSuccess: async (run) => {
      setLastRun(run)
      await refresh()
    },
  })

  if (!canRead) return null

  const open = (item: VerificationItem, status: VerificationResult) => {
    setServerError(null)
    setPending({ item, status })
  }
  const all = items.data
  // docs/ownership.md#registry-check: the differences with the registry are listed, in words, by the registry check.
  const list = all?.filter((i) => i.kind !== 'REGISTRY_DIFFERENCE')
  const differences = all?.filter((i) => i.kind === 'REGISTRY_DIFFERENCE') ?? []
  const resolvingDifference = waiving?.kind === 'REGISTRY_DIFFERENCE'
  const counts = list && {
    verified: list.filter((i) => i.status === 'VERIFIED').length,
    pending: list.filter((i) => i.status === 'PENDING').length,
    failed: list.filter((i) => i.status === 'FAILED').length,
    waived: list.filter((i) => i.status !== 'VERIFIED' && i.waiver).length,
  }
  const failing = pending?.status === 'FAILED'
  const canBatch = canRecord && !isOwnRecord
  const openItems = list?.filter((i) => i.status === 'PENDING') ?? []
  const chosen = openItems.filter((i) => selected.has(i.id))
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.itemHead}>
        <h2 id={headingId}>Verification</h2>
        {canRerun && (
          <Button
            size="sm"
            variant="secondary"
            loading={rerun.isPending}
            loadingText="Re-running verification…"
            onClick={() => rerun.mutate()}
          >
            Re-run verification
          </Button>
        )}
      </div>
      {lastRun && (
        <p role="status" className={styles.notice}>
          Re-run finished: {reverificationText(lastRun)}
        </p>
      )}
      {rerun.isError && (
        <p role="alert" className={styles.error}>
          {describeError(rerun.error, "We couldn't re-run verification.")}
        </p>
      )}
      {items.isError ? (
        <ErrorState
          message={describeError(items.error, "We couldn't load the verification items.")}
          onRetry={() => void items.refetch()}
          retrying={items.isFetching}
        />
      ) : !list || !counts ? (
        <Skeleton count={2} label="Loading the verification items" />
      ) : list.length === 0 ? (
        <p className={styles.muted}>Nothing to verify yet: items appear once the business has submitted its KYC.</p>
      ) : (
        <>
          <p className={styles.small}>
            {counts.verified} verified, {counts.pending} pending, {counts.failed} failed
            {counts.waived ? ` (${counts.waived} waived)` : ''}. Approval needs every check verified, or waived with a reason by a
            reviewer who then leaves the approval to another.
          </p>
          {canRecord && isOwnRecord && counts.pending > 0 && (
            <p role="note" className={styles.warning} data-four-eyes>
              You registered this business or belong to it, so another reviewer records its verification results.
            </p>
          )}
          {canBatch && openItems.length > 1 && (
            <div className={styles.actions} role="group" aria-label="Several checks at once">
              <label>
                <input
                  type="checkbox"
                  checked={chosen.length === openItems.length}
                  onChange={(event) => setSelected(new Set(event.target.checked ? openItems.map((i) => i.id) : []))}
                />{' '}
                Select every pending check ({openItems.length})
              </label>
              <Button
                size="sm"
                disabled={chosen.length === 0}
                onClick={() => {
                  setBatchFailures([])
                  setServerError(null)
                  setConfirmingBatch(true)
                }}
              >
                {chosen.length ? `Mark ${plural(chosen.length, 'selected check')} verified` : 'Mark selected checks verified'}
              </Button>
            </div>
          )}
          {batchFailures.length > 0 && (
            <div role="alert" className={styles.error}>
              <p>These results were not recorded:</p>
              <ul>
                {batchFailures.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </div>
          )}
          <ul className={styles.list} aria-label="Verification items">
            {list.map((item) => {
              const decided = decisionText(item)
              const waived = waiverText(item)
              return (
                <li key={item.id} className={styles.item} data-verification-kind={item.kind}>
                  <div className={styles.itemHead}>
                    {canBatch && openItems.length > 1 && item.status === 'PENDING' ? (
                      <label>
                        <input
                          type="checkbox"
                          checked={selected.has(item.id)}
                          onChange={(event) => toggle(item.id, event.target.checked)}
                          aria-label={`Select ${item.label}`}
                        />{' '}
                        <strong>{VERIFICATION_KIND_LABELS[item.kind] ?? item.kind}</strong>
                      </label>
                    ) : (
                      <strong>{VERIFICATION_KIND_LABELS[item.kind] ?? item.kind}</strong>
                    )}
                    <span className={styles.badges}>
                      <StatusBadge status={item.status} />
                      {item.waiver && item.status !== 'VERIFIED' && <StatusBadge status="WAIVED" label="Waived" />}
                    </span>
                  </div>
                  {/* The label says whose item and which number (masked) in words; checkedValue is the raw key. */}
                  <p className={styles.muted}>{item.label}</p>
                  {/* A waiting check's due time (docs/service-levels.md#due-times), in words beside its colour. */}
                  {item.dueAt && (
                    <p className={styles.small}>
                      Check due: <DueBadge dueAt={item.dueAt} dueStatus={item.dueStatus} />
                    </p>
                  )}
                  {decided && <p className={styles.small}>{decided}</p>}
                  {item.comment && <p className={styles.small}>Comment: {item.comment}</p>}
                  {waived && <p className={styles.small}>{waived}</p>}
                  {!canRecord && item.status === 'PENDING' && <p className={styles.small}>A KYC analyst records this result.</p>}
                  {canWaive && item.status !== 'VERIFIED' && !item.waiver && (
                    <div className={styles.actions}>
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => {
                          setWaiveError(null)
                          setWaiving(item)
                        }}
                        aria-label={`Waive the check of ${item.label}`}
                      >
                        Waive with a reason
                      </Button>
                    </div>
                  )}
                  {canRecord && !isOwnRecord && item.status === 'PENDING' && (
                    <div className={styles.actions}>
                      <Button size="sm" onClick={() => open(item, 'VERIFIED')} aria-label={`Mark ${item.label} verified`}>
                        Mark verified
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => open(item, 'FAILED')}
                        aria-label={`Mark ${item.label} failed`}
                      >
                        Mark failed
                      </Button>
                    </div>
                  )}
                </li>
              )
            })}
          </ul>
        </>
      )}
      {list && (
        <RegistryCheck
          businessId={businessId}
          canEnter={canRecord && !isOwnRecord}
          differences={differences}
          canResolve={canWaive}
          onResolve={(item) => {
            setWaiveError(null)
            setWaiving(item)
          }}
        />
      )}
      <VerificationDialog
        open={pending !== null}
        title={pending ? `${failing ? 'Fail' : 'Verify'} ${pending.item.label}?` : ''}
        failing={failing}
        texts={ITEM_CHECK_TEXTS}
        busy={record.isPending}
        serverError={serverError}
        onConfirm={(comment) => pending && record.mutate({ id: pending.item.id, status: pending.status, comment })}
        onCancel={() => setPending(null)}
      />
      <VerificationDialog
        open={confirmingBatch}
        title={`Verify ${plural(chosen.length, 'check')}?`}
        failing={false}
        texts={{
          ...ITEM_CHECK_TEXTS,
          verified: {
            description: `Each is recorded as verified by you, with the comment below: ${chosen.map((i) => i.label).join('; ')}. The results cannot be changed afterwards.`,
            confirmLabel: `Mark ${plural(chosen.length, 'check')} verified`,
          },
        }}
        busy={recordMany.isPending}
        serverError={null}
        onConfirm={(comment) => recordMany.mutate({ items: chosen, comment })}
        onCancel={() => setConfirmingBatch(false)}
      />
      <ReviewCommentDialog
        open={waiving !== null}
        title={waiving ? (resolvingDifference ? `Resolve: ${waiving.label}?` : `Waive the check of ${waiving.label}?`) : ''}
        description={
          resolvingDifference
            ? 'Explain the difference (a filing pending at the CAC, a nominee…). Your reason is shown in the review and kept in the audit log; another reviewer approves the business.'
            : 'Approval may then go ahead without this check. Your reason is shown in the review and kept in the audit log; another reviewer approves the business.'
        }
        confirmLabel={resolvingDifference ? 'Resolve the difference' : 'Waive the check'}
        commentLabel={resolvingDifference ? 'Why the difference is explained' : 'Why the check can be waived'}
        required
        minLength={WAIVER_REASON_MIN}
        busy={waive.isPending}
        serverError={waiveError}
        onConfirm={(reason) => waiving && waive.mutate({ id: waiving.id, reason })}
        onCancel={() => setWaiving(null)}
      />
    </section>
  )
}
