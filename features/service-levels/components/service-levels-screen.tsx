import { useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { Link } from '@/components/ui/link'
import { PendingChanges } from '@/components/ui/pending-changes'
import { StatusBadge } from '@/components/ui/status-badge'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { serviceLevelWords } from '@/lib/contracts/authorization-values'
import type { ServiceLevel } from '@/lib/contracts/service-levels'
import { formatDayTime } from '@/lib/format/day'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { authorizationReads } from '@/lib/query/shared-queries'
import { serviceLevelQueries } from '../api/service-level-queries'
import { HolidaysPanel } from './holidays-panel'
import { ServiceLevelDialog, type ServiceLevelAnswer } from './service-level-dialog'
import styles from './service-levels.module.css'

const daysWords = (n: number) => `${n} business day${n === 1 ? '' : 's'}`

/** What the last change came to, in plain words, with the request to follow when it waits for a second person. */
function Answer({ answer }: { answer: ServiceLevelAnswer }) {
  const words = serviceLevelWords(answer.proposed.targetBusinessDays, answer.proposed.autoAssign)
  if (!answer.pending)
    return (
      <p role="status" className={styles.success}>
        Saved: {answer.queue.label} now has {words}.
      </p>
    )
  return (
    <p role="status" className={styles.notice}>
      Sent for a second person&apos;s approval: {answer.queue.label} keeps{' '}
      {serviceLevelWords(answer.queue.targetBusinessDays, answer.queue.autoAssign)} until another person approves {words}.{' '}
      <Link href={paths.admin.authorizationDetails(answer.authorizationId)}>See the request</Link>
    </p>
  )
}

/** The queues' targets and auto-assignment; supervisors change one through four-eyes. */
function TargetsPanel({ canEdit }: { canEdit: boolean }) {
  const levels = useQuery(serviceLevelQueries.levels())
  const waiting = useQuery({ ...authorizationReads.pending('setting'), enabled: canEdit }).data
  const [editing, setEditing] = useState<ServiceLevel | null>(null)
  const [answer, setAnswer] = useState<ServiceLevelAnswer | null>(null)

  const columns = useMemo(() => {
    const col = createColumnHelper<ServiceLevel>()
    return [
      col.accessor('label', { header: 'Queue', meta: { isRowHeader: true, wrap: true } }),
      col.accessor('targetBusinessDays', { header: 'Target', cell: (info) => daysWords(info.getValue()) }),
      col.accessor('autoAssign', {
        header: 'Auto-assignment',
        cell: (info) => (info.getValue() ? 'On' : 'Off'),
      }),
      col.accessor('pending', {
        header: 'Change waiting',
        meta: { wrap: true },
        cell: ({ row: { original: l } }) =>
          l.pending ? (
            <>
              <StatusBadge status="PENDING" label="Waiting for approval" />
              <span className={styles.secondary}>
                {serviceLevelWords(l.pending.targetBusinessDays, l.pending.autoAssign)}, asked by {l.pending.requestedBy}{' '}
                {formatDayTime(l.pending.requestedAt)}
              </span>
            </>
          ) : (
            'None'
          ),
      }),
      ...(canEdit
        ? [
            col.display({
              id: 'actions',
              header: 'Actions',
              cell: ({ row: { original: l } }) =>
                l.pending ? (
                  <Link href={paths.admin.authorizationDetails(l.pending.authorizationId)}>
                    See the request <VisuallyHidden>for {l.label}</VisuallyHidden>
                  </Link>
                ) : (
                  <Button variant="secondary" size="sm" aria-label={`Edit ${l.label}`} onClick={() => setEditing(l)}>
                    Edit
                  </Button>
                ),
            }),
          ]
        : []),
    ]
  }, [canEdit])

  return (
    <section className={styles.panel} aria-labelledby="targets-title">
      <h2 id="targets-title">Targets</h2>
      <p className={styles.muted}>
        An item is due at midnight (Lagos) of the target&apos;s last business day after it arrived; past it, the item is escalated
        once to its assignee and the supervisors.{' '}
        {canEdit
          ? 'A change applies once a second person approves it, and moves the due time of every item waiting.'
          : 'Supervisors change them, with a second person’s approval.'}
      </p>
      {answer && <Answer answer={answer} />}
      {canEdit && <PendingChanges pending={waiting?.filter((p) => p.type === 'SERVICE_LEVEL')} />}
      <DataTable
        caption="Service level of each queue"
        hideCaption
        columns={columns}
        data={levels.data}
        totalElements={levels.data?.length ?? 0}
        pageNumber={1}
        pageSize={levels.data?.length || 9}
        getRowId={(l) => l.queue}
        isLoading={levels.isPending}
        error={levels.error}
        errorMessage={levels.error ? describeError(levels.error, "We couldn't load the service levels. Try again.") : undefined}
        onRetry={() => void levels.refetch()}
        emptyTitle="No queues"
        stateHeadingLevel={3}
      />
      {editing && (
        <ServiceLevelDialog
          level={editing}
          onClose={() => setEditing(null)}
          onDone={(done) => {
            setAnswer(done)
            setEditing(null)
          }}
        />
      )}
    </section>
  )
}

/**
 * `/s/admin/service-levels` (docs/service-levels.md#screens): every queue's target in business days and auto-assignment,
 * and the holidays that are not business days. Supervisors (CAN_SUPERVISE_QUEUES) change a target (four-eyes), add a
 * declared holiday and withdraw one; other staff read them.
 */
export function ServiceLevelsScreen({ canEdit }: { canEdit: boolean }) {
  return (
    <div className={styles.stack}>
      {!canEdit && <p className={styles.notice}>You can read the service levels; supervisors of the queues change them.</p>}
      <TargetsPanel canEdit={canEdit} />
      <HolidaysPanel canEdit={canEdit} />
    </div>
  )
}
