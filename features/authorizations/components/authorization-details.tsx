import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { AUTHORIZATION_STATUS_LABELS, authorizationTitle } from '@/lib/contracts/authorization-values'
import type { Authorization, AuthorizationDetail, DiffEntry } from '@/lib/contracts/authorizations'
import { formatDateTime } from '@/lib/format/date'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
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
        <h2 id="authorization-title">{authorizationTitle(a.type, a.target)}</h2>
        <div className={styles.cluster}>
          <StatusBadge status={a.status} label={AUTHORIZATION_STATUS_LABELS[a.status]} />
        </div>
        <dl className={styles.facts}>
          <dt>Requested by</dt>
          <dd>
            {a.maker.id === currentUserId ? 'You' : a.maker.name} ({a.maker.email})
          </dd>
          <dt>Requested</dt>
          <dd>{formatDateTime(a.createdAt)}</dd>
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
        <RecordLink authorization={a} />
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

/** Where the record an authorization made or changed is seen; null while nothing exists yet (a pending create). */
function recordHref(a: Authorization): { href: string; label: string } | null {
  if (a.status !== 'APPROVED' && !a.resourceId) return null
  switch (a.resource) {
    case 'product':
      return a.resourceId ? { href: paths.admin.productConfigDetails(a.resourceId), label: 'Open the product' } : null
    case 'fee':
      return { href: paths.admin.reports('fees'), label: 'Open the fees' }
    case 'setting':
      // Settings of several screens share the resource: the type says whose.
      if (a.type === 'SERVICE_LEVEL') return { href: paths.admin.serviceLevels(), label: 'Open the service levels' }
      if (a.type === 'SCREENING_THRESHOLD') return { href: paths.admin.screeningLists(), label: 'Open the screening lists' }
      return { href: paths.approvals.deferrals(), label: 'Open the deferral settings' }
    case 'deferrable_mapping':
      return { href: paths.approvals.deferrals(), label: 'Open the deferral settings' }
    case 'webhook_endpoint':
      return { href: paths.admin.webhooks(), label: 'Open the webhook endpoints' }
    case 'screening_list':
      return { href: paths.admin.screeningLists(), label: 'Open the screening lists' }
    case 'role':
      return { href: paths.business.manageRoles(), label: 'Open the roles' }
    case 'user':
      return { href: paths.business.manageUsers(), label: 'Open the staff users' }
    case 'business_risk':
      return a.resourceId ? { href: paths.approvals.businessPreview(a.resourceId), label: 'Open the business' } : null
    case 'risk_model':
      return a.resourceId ? { href: paths.admin.riskModelDryRun(a.resourceId), label: "Open the version's dry run" } : null
  }
}

/** The record the request is about: for an approved "new …" request, the record it made. */
function RecordLink({ authorization }: { authorization: Authorization }) {
  const target = recordHref(authorization)
  if (!target) return null
  return (
    <p>
      <Link href={target.href}>{target.label}</Link>
    </p>
  )
}

function Value({ value }: { value: DiffEntry['before'] }) {
  if (value === null || value === '') return <span className={styles.muted}>—</span>
  if (Array.isArray(value))
    return value.length ? (
      <ul className={styles.values}>
        {value.map((v) => (
          <li key={v}>{v}</li>
        ))}
      </ul>
    ) : (
      <span className={styles.muted}>none</span>
    )
  return <>{value}</>
}

function ListChange({ entry }: { entry: DiffEntry }) {
  return (
    <>
      {entry.added.length > 0 && (
        <div className={styles.added}>
          <p className={styles.sideNote}>Added</p>
          <Value value={entry.added} />
        </div>
      )}
      {entry.removed.length > 0 && (
        <div>
          <p className={styles.sideNote}>Removed</p>
          <div className={styles.removed}>
            <Value value={entry.removed} />
          </div>
        </div>
      )}
    </>
  )
}

/**
 * One block per field, its label on its own line (never squeezed into a column), then before and after side by side
 * where there is room and stacked where there is not.
 */
function Diff({ entries, isCreate }: { entries: DiffEntry[]; isCreate: boolean }) {
  if (!entries.length) return <p className={styles.muted}>Nothing differs from the record as it stands.</p>
  return (
    <div role="region" aria-label="Before and after" className={styles.changes}>
      {entries.map((entry) => {
        const labelId = `diff-${entry.field}`
        return (
          <div key={entry.field} role="group" aria-labelledby={labelId} className={styles.change} data-field={entry.field}>
            <h3 id={labelId} className={styles.changeLabel}>
              {entry.label}
            </h3>
            {isCreate ? (
              <div className={styles.changeValue}>
                <Value value={entry.after} />
              </div>
            ) : (
              <div className={styles.sides}>
                <div className={styles.side}>
                  <p className={styles.sideTitle}>Before</p>
                  <Value value={entry.before} />
                </div>
                <div className={styles.side}>
                  <p className={styles.sideTitle}>After</p>
                  {Array.isArray(entry.after) ? <ListChange entry={entry} /> : <Value value={entry.after} />}
                </div>
              </div>
            )}
          </div>
        )
      })}
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
