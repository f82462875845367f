import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useId, useRef, useState, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useAnchorOffset } from '@/components/layouts/use-anchor-offset'
import { DocumentReviewActions } from '@/components/review/document-review-actions'
import { Button, buttonClassName } from '@/components/ui/button'
import { cx } from '@/components/ui/cx'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Form } from '@/components/ui/form'
import { Link } from '@/components/ui/link'
import { SelectField } from '@/components/ui/select-field'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { formatDay } from '@/lib/format/day'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError, getHttpStatus } from '@/lib/http/errors'
import { paths, reviewBackLink } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import { businessReads, referenceReads, reviewKycDocument } from '@/lib/query/shared-queries'
import { businessStatus } from '@/lib/status/business-status'
import { kycStatus } from '@/lib/status/kyc-status'
import { lazyZodResolver, usePreloadOnFirstInput } from '@/lib/validation/lazy-resolver'
import sharedStyles from '@/styles/staff-screens.module.css'
import { approvalQueries, refreshReviewScreen } from '../api/approval-queries'
import { downloadCaseFile, useAssignReviewer } from '../api/review-calls'
import type { Business } from '../api/types'
import ownStyles from './approvals.module.css'
import { CommentThread } from './comment-thread'
import { DecisionPanel } from './decision-panel'
import { KycSections, reviewAnchor, type DocumentReviewSlot } from './kyc-sections'

/** The screening section's anchor (`paths.approvals.businessScreening`), drawn by the slot the page passes in. */
const SCREENING_SECTION_ANCHOR = 'screening'
const RISK_SECTION_ANCHOR = 'risk'
const OWNERSHIP_SECTION_ANCHOR = 'ownership'

/** The review's sections, in page order, for the section links (each `Section` takes its anchor from its title). */
const sectionLinks = (withScreening: boolean, withRisk: boolean, withOwnership: boolean) => [
  { href: '#review-summary', label: 'Summary' },
  ...['Company details', 'Addresses', 'Means of ID', 'Shareholders', 'Verification', 'Documents'].map((title) => ({
    href: `#${reviewAnchor(title)}`,
    label: title,
  })),
  ...(withOwnership ? [{ href: `#${OWNERSHIP_SECTION_ANCHOR}`, label: 'Ownership' }] : []),
  ...(withScreening ? [{ href: `#${SCREENING_SECTION_ANCHOR}`, label: 'Screening' }] : []),
  ...(withRisk ? [{ href: `#${RISK_SECTION_ANCHOR}`, label: 'Risk' }] : []),
  { href: '#review-decision', label: 'Decision' },
  { href: '#review-comments', label: 'Comments' },
]

/**
 * The screening section, which the page provides (another feature's): given the business, the reviewer and the
 * refresh of this screen after an adjudication.
 */
export type ScreeningSlot = (context: { business: Business; onAdjudicated: () => void }) => ReactNode

function ReviewBarStatus({ business }: { business: Business }) {
  const approval = businessStatus(business)
  return <StatusBadge status={approval.code} label={approval.label} tone={approval.tone} />
}

/**
 * Stays at the top while the reviewer scrolls: the business, its state, what approval still waits for, and links to
 * every section (the documents and the decision one move away).
 */
function ReviewBar({
  business,
  unmet,
  withScreening,
  withRisk,
  withOwnership,
}: {
  business: Business
  unmet: number | null
  withScreening: boolean
  withRisk: boolean
  withOwnership: boolean
}) {
  const from = useRouter().query.from
  const back = reviewBackLink(typeof from === 'string' ? from : null)
  const bar = useRef<HTMLElement>(null)
  useAnchorOffset(bar)
  return (
    <nav ref={bar} className={styles.reviewBar} aria-label="Review sections">
      <div className={styles.reviewBarHead}>
        <Link href={back.href} className={styles.backLink}>
          ← {back.label}
        </Link>
        <strong className={styles.reviewBarName}>{business.name}</strong>
        <ReviewBarStatus business={business} />
        {business.approvalStatus === 'PENDING' && unmet !== null && (
          <a href="#review-decision" className={styles.reviewBarState}>
            {unmet === 0 ? 'Ready to decide' : `${unmet} precondition${unmet === 1 ? '' : 's'} not met`}
          </a>
        )}
      </div>
      <ul className={styles.sectionLinks}>
        {sectionLinks(withScreening, withRisk, withOwnership).map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

const styles = { ...sharedStyles, ...ownStyles }

const day = formatDay

export interface BusinessPreviewProps {
  businessId: string
  /** The signed-in staff member: permission names, id, and the businesses they belong to (four-eyes). */
  permissions: readonly string[]
  currentUserId: string
  memberOf: readonly string[]
  /** Per-document review actions, provided by the screen that owns them (see `DocumentReviewSlot`). */
  documentReviewSlot?: DocumentReviewSlot
  /** The screening section (`#screening`), for staff who may read screening; none when not given. */
  screeningSlot?: ScreeningSlot
  /** The risk section (`#risk`), another feature's, drawn by the page; none when not given. */
  riskSlot?: (context: { business: Business }) => ReactNode
  /** The ownership and control section (`#ownership`: the graph, its table, the persons with significant control). */
  ownershipSlot?: (context: { business: Business }) => ReactNode
}

interface AssigneeValues {
  /** A reviewer's id, or `''`: nobody. */
  userId: string
}

const assigneeResolver = lazyZodResolver<AssigneeValues, { userId: string | null }>(() =>
  import('../model/assignee-form').then((m) => m.assigneeFormSchema),
)

function Assignee({ business, canAssign, currentUserId }: { business: Business; canAssign: boolean; currentUserId: string }) {
  const reviewers = useQuery({ ...approvalQueries.reviewers(), enabled: canAssign })
  const assign = useAssignReviewer()
  const form = useForm<AssigneeValues, unknown, { userId: string | null }>({
    resolver: assigneeResolver,
    defaultValues: { userId: business.assigneeId ?? '' },
  })
  const choice = useWatch({ control: form.control, name: 'userId' })
  const editable = canAssign && business.approvalStatus === 'PENDING'
  usePreloadOnFirstInput(assigneeResolver, editable)
  const current = reviewers.data?.find((r) => r.id === business.assigneeId)
  const label = business.assigneeId
    ? business.assigneeId === currentUserId
      ? 'You'
      : (current?.name ?? 'Another reviewer')
    : 'Nobody yet'
  if (!editable) {
    return (
      <p className={styles.small}>
        <strong>Assigned to:</strong> {label}
      </p>
    )
  }
  const assigned = (b: { assigneeName: string | null }) =>
    notify(b.assigneeName ? `Assigned to ${b.assigneeName}.` : 'Unassigned.', { type: 'success' })
  const submit = async ({ userId }: { userId: string | null }) => {
    try {
      assigned(await assign.mutateAsync({ businessId: business.id, userId }))
    } catch (error) {
      // The API client has told the reviewer already.
      applyApiErrors(error, form.setError, ['userId'])
    }
  }
  const options = (reviewers.data ?? [])
    .filter((r) => r.id !== business.createdBy)
    .map((r) => ({ value: r.id, label: r.id === currentUserId ? `${r.name} (you)` : r.name }))
  return (
    <Form form={form} onSubmit={submit} className={styles.actions}>
      <SelectField<AssigneeValues>
        name="userId"
        label="Assigned to"
        placeholder="Nobody"
        options={options}
        className={styles.field}
      />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        loading={assign.isPending}
        disabled={(business.assigneeId ?? '') === choice}
      >
        Save
      </Button>
      {business.assigneeId !== currentUserId && business.createdBy !== currentUserId && (
        <Button
          variant="link"
          size="sm"
          onClick={() => assign.mutate({ businessId: business.id, userId: currentUserId }, { onSuccess: assigned })}
          disabled={assign.isPending}
        >
          Assign to me
        </Button>
      )}
    </Form>
  )
}

/** The business's case file for an examiner: documents, decisions and audit slice in a signed zip. */
function CaseFileDownload({ businessId }: { businessId: string }) {
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')
  const download = async () => {
    setBusy(true)
    setMessage('')
    try {
      setMessage(`Saved ${await downloadCaseFile(businessId)}. Check it with npm run evidence:verify.`)
    } catch (error) {
      setMessage(describeError(error, 'The case file could not be built. Try again.'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={styles.badges}>
      <Button size="sm" variant="secondary" loading={busy} onClick={() => void download()}>
        Download case file
      </Button>
      <p role="status">{message}</p>
    </div>
  )
}

function Summary({ business, canAssign, currentUserId }: { business: Business; canAssign: boolean; currentUserId: string }) {
  const id = useId()
  const types = useQuery(referenceReads.businessTypes())
  const categories = useQuery(referenceReads.businessCategories())
  // The same words as the owner's screens (lib/status).
  const approval = businessStatus(business)
  const kyc = kycStatus(business)
  const address = [
    business.address.line1,
    business.address.line2,
    business.address.city,
    business.address.lga,
    business.address.state,
    business.address.country,
  ]
    .filter(Boolean)
    .join(', ')
  return (
    <section id="review-summary" className={cx(styles.panel, styles.anchored)} aria-labelledby={id}>
      <h2 id={id}>{business.name}</h2>
      <div className={styles.badges}>
        <StatusBadge status={approval.code} label={approval.label} tone={approval.tone} />
        <StatusBadge status={kyc.code} label={kyc.label} tone={kyc.tone} />
      </div>
      <CaseFileDownload businessId={business.id} />
      <dl className={styles.facts}>
        <dt>Registration number</dt>
        <dd>{business.regNo}</dd>
        <dt>Type</dt>
        <dd>{types.data?.find((t) => t.id === business.typeId)?.name ?? '—'}</dd>
        <dt>Category</dt>
        <dd>{categories.data?.find((c) => c.id === business.categoryId)?.name ?? '—'}</dd>
        <dt>E-mail</dt>
        <dd>{business.email}</dd>
        <dt>Phone</dt>
        <dd>
          <span className={styles.unbroken}>{business.phone}</span>
        </dd>
        <dt>Address</dt>
        <dd>{address}</dd>
        <dt>Registered on</dt>
        <dd>{day(business.createdAt)}</dd>
        {business.approvedAt && (
          <>
            <dt>Approved on</dt>
            <dd>{day(business.approvedAt)}</dd>
          </>
        )}
        {business.recertificationDate && (
          <>
            <dt>Recertification</dt>
            <dd>{day(business.recertificationDate)}</dd>
          </>
        )}
      </dl>
      {business.blocked && (
        <div role="note" className={styles.warning}>
          Blocked: {business.blockedReasons.join('; ')}
        </div>
      )}
      <Assignee key={business.assigneeId ?? 'none'} business={business} canAssign={canAssign} currentUserId={currentUserId} />
    </section>
  )
}

/**
 * The business review screen: the business and its whole KYC read-only (files in a viewer), the recommendation
 * comments, and the decision with its preconditions as a checklist. What the user's permissions do not allow is
 * not offered; four-eyes is said, not hidden.
 */
export function BusinessPreview({
  businessId,
  permissions,
  currentUserId,
  memberOf,
  documentReviewSlot,
  screeningSlot,
  riskSlot,
  ownershipSlot,
}: BusinessPreviewProps) {
  const held = new Set(permissions)
  const queryClient = useQueryClient()
  const business = useQuery(businessReads.detail(businessId))
  const checklist = useQuery({ ...approvalQueries.checklist(businessId), enabled: business.isSuccess })
  if (getHttpStatus(business.error) === 404) {
    return (
      <EmptyState
        title="We couldn't find this business"
        action={
          <Link href={paths.approvals.businesses()} className={buttonClassName()}>
            Back to the queue
          </Link>
        }
      />
    )
  }
  if (business.isError) {
    return (
      <ErrorState
        message={describeError(business.error, "We couldn't load this business.")}
        onRetry={() => void business.refetch()}
        retrying={business.isFetching}
      />
    )
  }
  if (!business.data) return <Skeleton count={6} label="Loading the business" />
  const b = business.data
  const canApprove = held.has(PERMISSIONS.CAN_APPROVE_BUSINESS)
  const isOwnRecord = b.createdBy === currentUserId || memberOf.includes(b.id)
  // Per document: a decision and a re-upload request; the checklist and the documents refresh after either.
  const reviewSlot: DocumentReviewSlot =
    documentReviewSlot ??
    ((document) => (
      <DocumentReviewActions
        document={document}
        permissions={[...held]}
        currentUserId={currentUserId}
        isOwnRecord={isOwnRecord}
        review={reviewKycDocument}
        onChanged={() => void refreshReviewScreen(queryClient)}
      />
    ))
  return (
    <div className={styles.stack}>
      <ReviewBar
        business={b}
        unmet={checklist.data ? checklist.data.filter((c) => !c.met).length : null}
        withScreening={!!screeningSlot}
        withRisk={!!riskSlot}
        withOwnership={!!ownershipSlot}
      />
      <div className={styles.layout}>
        <div className={styles.stack}>
          <Summary business={b} canAssign={canApprove} currentUserId={currentUserId} />
          <KycSections
            businessId={b.id}
            documentReviewSlot={reviewSlot}
            reviewer={{ permissions: [...held], isOwnRecord, businessPending: b.approvalStatus === 'PENDING' }}
          />
          {ownershipSlot?.({ business: b })}
          {screeningSlot?.({ business: b, onAdjudicated: () => void refreshReviewScreen(queryClient) })}
          {riskSlot?.({ business: b })}
        </div>
        <div className={cx(styles.stack, styles.sidePanel)} role="region" aria-label="Checklist and comments" tabIndex={0}>
          <div id="review-decision" className={styles.anchored}>
            <DecisionPanel business={b} canDecide={canApprove} isOwnRecord={isOwnRecord} />
          </div>
          <div id="review-comments" className={styles.anchored}>
            <CommentThread businessId={b.id} canComment={canApprove || held.has(PERMISSIONS.CAN_UPDATE_BUSINESS)} />
          </div>
        </div>
      </div>
    </div>
  )
}
