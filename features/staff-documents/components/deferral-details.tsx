import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { ScrollTable } from '@/components/ui/scroll-table'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { formatDay, formatDayTime } from '@/lib/format/day'
import { describeError, getHttpStatus } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import sharedStyles from '@/styles/staff-screens.module.css'
import { useDecideDeferral } from '../api/decision-calls'
import { staffDocumentQueries } from '../api/staff-document-queries'
import type { DeferralDetail } from '../api/types'
import { DecisionPanel } from './decision-panel'
import ownStyles from './staff-documents.module.css'

const styles = { ...sharedStyles, ...ownStyles }

export interface DeferralDetailsProps {
  deferralId: string
  permissions: readonly string[]
  currentUserId: string
  memberOf: readonly string[]
}

const statusBadge = (status: string) => <StatusBadge status={status} tone={status === 'OVERDUE' ? 'danger' : undefined} />

function History({ deferral }: { deferral: DeferralDetail }) {
  const headingId = useId()
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>The business’s other deferrals</h2>
      {deferral.history.length === 0 ? (
        <p className={styles.muted}>None: this is its first request.</p>
      ) : (
        <ScrollTable
          className={styles.table}
          captionClassName="visually-hidden"
          caption={`Other deferrals of ${deferral.business.name}`}
          columns={['Document', 'Days', 'Requested', 'Status', 'Due', 'Decision comment']}
        >
          <tbody>
            {deferral.history.map((h) => (
              <tr key={h.id}>
                <th scope="row">{h.documentType.name}</th>
                <td>{h.days}</td>
                <td>{formatDay(h.requestedAt)}</td>
                <td>{statusBadge(h.displayStatus)}</td>
                <td>{formatDay(h.dueDate)}</td>
                <td>{h.decisionComment ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  )
}

function Details({
  deferral,
  permissions,
  currentUserId,
  memberOf,
}: { deferral: DeferralDetail } & Omit<DeferralDetailsProps, 'deferralId'>) {
  const headingId = useId()
  const decide = useDecideDeferral(deferral.id)
  const isOwn = deferral.requestedBy === currentUserId || memberOf.includes(deferral.business.id)
  return (
    <div className={styles.stack}>
      <p className={styles.backLink}>
        <Link href={paths.approvals.deferrals()}>← Back to the deferrals</Link>
      </p>
      <div className={styles.layout}>
        <section className={styles.panel} aria-labelledby={headingId}>
          <div className={styles.itemHead}>
            <h2 id={headingId}>{deferral.documentType.name}</h2>
            {statusBadge(deferral.displayStatus)}
          </div>
          <dl className={styles.facts}>
            <dt>Business</dt>
            <dd>
              <Link href={paths.approvals.businessPreview(deferral.business.id)}>{deferral.business.name}</Link> (
              {deferral.business.regNo})
            </dd>
            <dt>Business status</dt>
            <dd>
              <StatusBadge status={deferral.business.approvalStatus} />
            </dd>
            <dt>Days asked for</dt>
            <dd>{deferral.days}</dd>
            <dt>Reason</dt>
            <dd>{deferral.reason}</dd>
            <dt>Requested</dt>
            <dd>
              {formatDayTime(deferral.requestedAt)}
              {deferral.requestedByName && ` by ${deferral.requestedByName}`}
            </dd>
            {deferral.decidedAt && (
              <>
                <dt>Decided</dt>
                <dd>
                  {formatDayTime(deferral.decidedAt)}
                  {deferral.decidedByName && ` by ${deferral.decidedByName}`}
                </dd>
              </>
            )}
            {deferral.decisionComment && (
              <>
                <dt>Decision comment</dt>
                <dd>{deferral.decisionComment}</dd>
              </>
            )}
            {deferral.dueDate && (
              <>
                <dt>Due</dt>
                <dd>{formatDay(deferral.dueDate)}</dd>
              </>
            )}
            {deferral.fulfilledAt && (
              <>
                <dt>Uploaded</dt>
                <dd>{formatDayTime(deferral.fulfilledAt)}</dd>
              </>
            )}
          </dl>
          {deferral.isOverdue && (
            <p className={styles.warning} role="note">
              Overdue: the business is blocked until it uploads the document.
            </p>
          )}
        </section>
        <DecisionPanel
          subject={`the deferral of ${deferral.documentType.name} for ${deferral.business.name}`}
          pending={deferral.status === 'PENDING'}
          notPendingText={`This request is ${deferral.displayStatus === 'REJECTED' ? 'declined' : deferral.displayStatus.toLowerCase()}: nothing to decide.`}
          canDecide={permissions.includes(PERMISSIONS.CAN_APPROVE_DEFERRAL)}
          isOwnRecord={isOwn}
          busy={decide.isPending}
          decide={(input) => decide.mutateAsync(input)}
          onDecided={(decision) =>
            notify(
              decision === 'APPROVED'
                ? `Deferral approved: due in ${deferral.days} days.`
                : 'Deferral declined; the business has the reason.',
              { type: 'success' },
            )
          }
        >
          {deferral.status === 'PENDING' && (
            <p className={styles.small}>
              Approving gives the business {deferral.days} days from now to upload the document; after that it is blocked.
            </p>
          )}
        </DecisionPanel>
      </div>
      <History deferral={deferral} />
    </div>
  )
}

/** `/s/admin/approvals/deferral/details?id=`: one deferral request, its business, the business's other requests, the decision. */
export function DeferralDetails({ deferralId, ...viewer }: DeferralDetailsProps) {
  const deferral = useQuery(staffDocumentQueries.deferral(deferralId))
  if (deferral.isPending) return <Skeleton count={5} label="Loading the deferral" />
  if (deferral.isError) {
    if (getHttpStatus(deferral.error) === 404) {
      return (
        <EmptyState
          title="Deferral not found"
          description="It may have been removed, or the link is wrong."
          action={
            <Link href={paths.approvals.deferrals()} className={buttonClassName()}>
              Back to the deferrals
            </Link>
          }
        />
      )
    }
    return (
      <ErrorState
        message={describeError(deferral.error, "We couldn't load the deferral.")}
        onRetry={() => void deferral.refetch()}
        retrying={deferral.isFetching}
      />
    )
  }
  return <Details deferral={deferral.data} {...viewer} />
}
