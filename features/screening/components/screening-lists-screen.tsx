import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { PendingChanges } from '@/components/ui/pending-changes'
import { ScrollTable } from '@/components/ui/scroll-table'
import { SentForApproval } from '@/components/ui/sent-for-approval'
import { Skeleton } from '@/components/ui/skeleton'
import type { ScreeningLists } from '@/lib/contracts/screening'
import { formatCalendarDate, formatDateTime } from '@/lib/format/date'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { authorizationReads } from '@/lib/query/shared-queries'
import type { ListChangeAnswer } from '../api/list-calls'
import { screeningQueries } from '../api/screening-queries'
import { DESIGNATION_LIST_CODE, LIST_FORMAT_WORDS, LIST_KIND_WORDS } from '../model/list-formats'
import { DesignationForm } from './designation-form'
import { ListLoadPanel } from './list-load-panel'
import { LoadRequestForm } from './load-request-form'
import styles from './screening-lists.module.css'
import { ThresholdSection } from './threshold-form'

type ScreeningList = ScreeningLists['lists'][number]
type ListVersion = NonNullable<ScreeningList['current']>
type MonitoringRun = ScreeningLists['runs'][number]

const count = (n: number) => n.toLocaleString('en-NG')

/**
 * /s/admin/screening/lists (docs/screening.md#screens): every list with its active version and the one staged or
 * waiting for approval, the monitoring runs after a change, and the threshold. List managers load a new version
 * (upload, dry run, load request), add a domestic designation and propose a threshold, each through four-eyes.
 */
export function ScreeningListsScreen({ canManage }: { canManage: boolean }) {
  const lists = useQuery({
    ...screeningQueries.lists(),
    // A monitoring run under way shows its progress as it goes.
    refetchInterval: (query) => (query.state.data?.runs.some((r) => r.status !== 'DONE') ? 5000 : false),
  })
  const settings = useQuery(screeningQueries.settings())
  const waiting = useQuery(authorizationReads.pending('screening_list')).data

  if (lists.isError || settings.isError) {
    const failed = lists.isError ? lists : settings
    return (
      <ErrorState
        message={describeError(failed.error, "We couldn't load the screening lists.")}
        onRetry={() => void Promise.all([lists.refetch(), settings.refetch()])}
        retrying={lists.isFetching || settings.isFetching}
      />
    )
  }
  if (!lists.data || !settings.data) return <Skeleton count={6} label="Loading the screening lists" />
  const domestic = lists.data.lists.find((l) => l.code === DESIGNATION_LIST_CODE)

  return (
    <div className={styles.stack}>
      <p>
        Every KYC submission is screened against the active version of each list, and every business again when a list changes.
        Search the lists by name on <Link href={paths.admin.screeningSearch()}>the screening search</Link>.
      </p>
      <PendingChanges pending={waiting} />
      <ListsSection lists={lists.data.lists} canManage={canManage} />
      <MonitoringRuns runs={lists.data.runs} />
      <ThresholdSection settings={settings.data} canManage={canManage} />
      {canManage && <ListLoadPanel lists={lists.data.lists} />}
      {canManage && domestic && <DesignationForm listCode={domestic.code} listName={domestic.name} />}
    </div>
  )
}

function ListsSection({ lists, canManage }: { lists: ScreeningList[]; canManage: boolean }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className={styles.stack}>
      <h2 id={headingId}>Lists</h2>
      {lists.length === 0 ? (
        <p>No screening list is set up.</p>
      ) : (
        <ul className={styles.cardGrid}>
          {lists.map((list) => (
            <ListCard key={list.code} list={list} canManage={canManage} />
          ))}
        </ul>
      )}
    </section>
  )
}

function ListCard({ list, canManage }: { list: ScreeningList; canManage: boolean }) {
  const headingId = useId()
  return (
    <li className={styles.card}>
      <article aria-labelledby={headingId} className={styles.stack}>
        <div>
          <h3 id={headingId}>{list.name}</h3>
          <p className={styles.muted}>
            <code>{list.code}</code> · {LIST_KIND_WORDS[list.kind]} · {LIST_FORMAT_WORDS[list.format]} · {count(list.entries)}{' '}
            current entries
          </p>
        </div>
        <div>
          <h4>Active version</h4>
          {list.current ? (
            <ActiveVersionFacts version={list.current} />
          ) : (
            <p className={styles.muted}>No version loaded yet: nothing is screened against this list.</p>
          )}
        </div>
        {list.waiting && <WaitingVersion version={list.waiting} listName={list.name} canManage={canManage} />}
      </article>
    </li>
  )
}

function ActiveVersionFacts({ version }: { version: ListVersion }) {
  return (
    <dl className={styles.facts}>
      <dt>Version</dt>
      <dd>{version.number}</dd>
      <dt>Published by the source</dt>
      <dd>{version.publishedOn ? formatCalendarDate(version.publishedOn) : 'Not stated in the file'}</dd>
      <dt>Loaded</dt>
      <dd>
        {formatDateTime(version.activatedAt)}, approved by {version.activatedBy ?? 'nobody recorded'}
      </dd>
      <dt>Staged by</dt>
      <dd>{version.stagedBy}</dd>
      <dt>Records</dt>
      <dd>{count(version.recordCount)}</dd>
      <dt>Source</dt>
      <dd>{version.source}</dd>
      <dt>Checksum (SHA-256)</dt>
      <dd className={styles.checksum}>{version.checksum}</dd>
    </dl>
  )
}

/** A version staged by a dry run (its load not requested yet) or waiting for a second person. */
function WaitingVersion({ version, listName, canManage }: { version: ListVersion; listName: string; canManage: boolean }) {
  const [requesting, setRequesting] = useState(false)
  const [sentFor, setSentFor] = useState<string | null>(null)
  const done = (answer: ListChangeAnswer) => {
    setRequesting(false)
    setSentFor(answer.pending ? answer.authorizationId : null)
  }
  return (
    <div className={styles.warning}>
      <h4>
        Version {version.number}:{' '}
        {version.status === 'PENDING' ? 'waiting for a second person to approve its load' : 'dry run done, load not requested'}
      </h4>
      <p>
        {count(version.recordCount)} records; {count(version.added)} added, {count(version.changed)} changed,{' '}
        {count(version.removed)} removed. Staged by {version.stagedBy}, {formatDateTime(version.stagedAt)}.
      </p>
      <SentForApproval authorizationId={sentFor} />
      {canManage &&
        version.status === 'STAGED' &&
        (requesting ? (
          <LoadRequestForm versionId={version.id} versionNumber={version.number} listName={listName} onSent={done} />
        ) : (
          <p>
            <Button variant="secondary" size="sm" onClick={() => setRequesting(true)}>
              Request the load of version {version.number}
            </Button>
          </p>
        ))}
    </div>
  )
}

const RUN_STATUS_WORDS: Record<MonitoringRun['status'], string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  DONE: 'Done',
}

/** The re-screening of every business after a list changed (`runs` of `GET /screening/lists`). */
function MonitoringRuns({ runs }: { runs: MonitoringRun[] }) {
  const headingId = useId()
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>Ongoing monitoring</h2>
      <p className={styles.muted}>
        When a version goes live, every submitted or approved business is screened again against what it added or changed.
      </p>
      {runs.length === 0 ? (
        <p>No monitoring run yet.</p>
      ) : (
        <ScrollTable
          caption="Monitoring runs"
          className={styles.table}
          columns={['List and version', 'Status', 'Progress', 'Hits opened', 'Queued', 'Finished']}
        >
          <tbody>
            {runs.map((run) => {
              const percent = run.total ? Math.round((run.done / run.total) * 100) : run.status === 'DONE' ? 100 : 0
              return (
                <tr key={run.id}>
                  <td>
                    <code>{run.listCode}</code> v{run.versionNumber}
                  </td>
                  <td>{RUN_STATUS_WORDS[run.status]}</td>
                  <td>
                    <div className={styles.progressRow}>
                      <div
                        role="progressbar"
                        aria-label={`Monitoring of ${run.listCode} version ${run.versionNumber}`}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={percent}
                        aria-valuetext={`${count(run.done)} of ${count(run.total)} businesses`}
                        className={styles.progress}
                      >
                        <div className={styles.progressFill} style={{ width: `${percent}%` }} />
                      </div>
                      <span>
                        {count(run.done)} / {count(run.total)}
                      </span>
                    </div>
                  </td>
                  <td>{count(run.hitsOpened)}</td>
                  <td>{formatDateTime(run.createdAt)}</td>
                  <td>{run.finishedAt ? formatDateTime(run.finishedAt) : '—'}</td>
                </tr>
              )
            })}
          </tbody>
        </ScrollTable>
      )}
    </section>
  )
}
