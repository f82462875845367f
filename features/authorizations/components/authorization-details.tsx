import { useQuery } from '@tanstack/react-query'
import Link from 'next/link'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { AUTHORIZATION_STATUS_LABELS, AUTHORIZATION_TYPE_LABELS } from '@/lib/contracts/authorization-values'
import type { AuthorizationDetail, DiffEntry } from '@/lib/contracts/authorizations'
import { formatDateTime } from '@/lib/format/date'
import { formatRelativeTime } from '@/lib/format/relative-time'
import { describeError } from '@/lib/http'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions'
import { useDecideAuthorization } from '../api/authorization-calls'
import { authorizationQueries } from '../api/authorization-queries'
import styles from './authorizations.module.css'
import { ReasonDialog } from './reason-dialog'

export interface AuthorizationDetailsProps {
  id: string
  permissions: readonly string[]
  currentUserId: string
}

/** One authorization: who asked for what and why, the before/after diff, and the checker's approve / decline. */
export function AuthorizationDetails({ id, permissions, currentUserId }: AuthorizationDetailsProps) {
  const detail = useQuery(authorizationQueries.detail(id))
  if (detail.isPending) return <Skeleton count={5} label="Loading the authorization" />
  if (detail.isError)
    return <ErrorState message={describeError(detail.error)} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
  const a = detail.data
  const canDecide =
    a.status === 'PENDING' && permissions.includes(PERMISSIONS.CAN_UPDATE_AUTHORIZATION) && a.maker.id !== currentUserId

  return (
    <div className={styles.stack}>
      <p>
        <Link href={paths.admin.authorizations()}>Back to the authorizations</Link>
      </p>
      <section className={styles.panel} aria-labelledby="authorization-title">
        <h2 id="authorization-title">
          {AUTHORIZATION_TYPE_LABELS[a.type]}: {a.target}
        </h2>
        <div className={styles.cluster}>
          <StatusBadge status={a.status} label={AUTHORIZATION_STATUS_LABELS[a.status]} />
        </div>
        <dl className={styles.facts}>
          <dt>Requested by</dt>
          <dd>
            {a.maker.id === currentUserId ? 'You' : a.maker.name} ({a.maker.email})
          </dd>
          <dt>Requested</dt>
          <dd>
            {formatDateTime(a.createdAt)} ({formatRelativeTime(a.createdAt)})
          </dd>
          {a.reason && (
            <>
              <dt>Reason</dt>
              <dd>{a.reason}</dd>
            </>
          )}
          {a.checker && (
            <>
              <dt>Decided by</dt>
              <dd>
                {a.checker.id === currentUserId ? 'You' : a.checker.name} ({a.checker.email}),{' '}
                {a.decidedAt ? formatDateTime(a.decidedAt) : ''}
              </dd>
            </>
          )}
          {a.comment && (
            <>
              <dt>Comment</dt>
              <dd>{a.comment}</dd>
            </>
          )}
        </dl>
        {a.stale && (
          <p className={styles.warning}>
            The record changed after this was requested. Approving will fail; decline it and ask for the change again.
          </p>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="diff-title">
        <h2 id="diff-title">{a.status === 'PENDING' ? 'What changes' : 'What it changed'}</h2>
        <Diff entries={a.diff} isCreate={a.type.endsWith('_CREATE')} />
        {a.warnings.map((warning) => (
          <p key={warning} className={styles.warning}>
            {warning}
          </p>
        ))}
      </section>
      {a.status === 'PENDING' &&
        (canDecide ? (
          <Decision authorization={a} />
        ) : (
          <p className={styles.notice}>
            {a.maker.id === currentUserId
              ? 'You requested this change, so another administrator must decide it.'
              : 'Waiting for an administrator who may decide authorizations.'}
          </p>
        ))}
    </div>
  )
}

function Value({ value }: { value: DiffEntry['before'] }) {
  if (value === null || value === '') return <span className={styles.muted}>—</span>
  if (Array.isArray(value)) return value.length ? <>{value.join(', ')}</> : <span className={styles.muted}>none</span>
  return <>{value}</>
}

function Diff({ entries, isCreate }: { entries: DiffEntry[]; isCreate: boolean }) {
  if (!entries.length) return <p className={styles.muted}>Nothing differs from the record as it stands.</p>
  return (
    <div role="region" aria-label="Before and after" tabIndex={0} style={{ overflowX: 'auto' }}>
      <table className={styles.diff}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            {!isCreate && <th scope="col">Before</th>}
            <th scope="col">{isCreate ? 'Value' : 'After'}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.field} data-field={entry.field}>
              <th scope="row">{entry.label}</th>
              {!isCreate && (
                <td>
                  <Value value={entry.before} />
                </td>
              )}
              <td>
                {Array.isArray(entry.after) && !isCreate ? (
                  <>
                    {entry.added.length > 0 && (
                      <p className={styles.added}>
                        <span>Added: </span>
                        {entry.added.join(', ')}
                      </p>
                    )}
                    {entry.removed.length > 0 && (
                      <p>
                        <span>Removed: </span>
                        <span className={styles.removed}>{entry.removed.join(', ')}</span>
                      </p>
                    )}
                  </>
                ) : (
                  <Value value={entry.after} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Decision({ authorization }: { authorization: AuthorizationDetail }) {
  const decide = useDecideAuthorization(authorization.id)
  const [confirming, setConfirming] = useState<'approve' | 'decline' | null>(null)
  const approve = () =>
    decide.mutate(
      { decision: 'APPROVED' },
      {
        onSuccess: () => {
          notify('Approved: the change has been applied.', { type: 'success' })
          setConfirming(null)
        },
        onError: (error) => {
          notify(describeError(error), { type: 'error' })
          setConfirming(null)
        },
      },
    )
  return (
    <section className={styles.panel} aria-labelledby="decision-title">
      <h2 id="decision-title">Your decision</h2>
      <div className={styles.cluster}>
        <Button onClick={() => setConfirming('approve')}>Approve</Button>
        <Button variant="danger" onClick={() => setConfirming('decline')}>
          Decline
        </Button>
      </div>
      <ConfirmDialog
        open={confirming === 'approve'}
        title="Approve this change?"
        description="It takes effect at once."
        confirmLabel="Approve"
        busy={decide.isPending}
        busyText="Approving…"
        onConfirm={approve}
        onCancel={() => setConfirming(null)}
      />
      <ReasonDialog
        open={confirming === 'decline'}
        title="Decline this change?"
        description="Nothing changes; the person who asked sees your comment."
        label="Comment (why you decline)"
        confirmLabel="Decline"
        destructive
        onCancel={() => setConfirming(null)}
        onConfirm={async (comment) => {
          await decide.mutateAsync({ decision: 'DECLINED', comment })
          notify('Declined: nothing was changed.', { type: 'success' })
          setConfirming(null)
        }}
      />
    </section>
  )
}
