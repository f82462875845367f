import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, type ReactNode } from 'react'
import { BarChart } from '@/components/ui/bar-chart'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { ScrollTable } from '@/components/ui/scroll-table'
import { Skeleton } from '@/components/ui/skeleton'
import { useFileDownload } from '@/components/ui/use-file-download'
import { useUrlState } from '@/components/ui/use-url-state'
import type { OperationsDashboard as Dashboard } from '@/lib/contracts/operations'
import { DASHBOARD_QUEUE_LABELS, DASHBOARD_QUEUES } from '@/lib/contracts/operations-values'
import { describeError } from '@/lib/http/errors'
import { filtersOf } from '../api/dashboard-filters'
import { downloadOperationsCsv, operationsQueries } from '../api/operations-queries'
import { InOutChart } from './charts'
import styles from './operations.module.css'

const count = (n: number) => n.toLocaleString('en-NG')

const hours = (value: number | null) => {
  if (value === null) return 'None decided'
  if (value < 48) return `${value.toLocaleString('en-NG')} hours`
  return `${(Math.round((value / 24) * 10) / 10).toLocaleString('en-NG')} days (${value.toLocaleString('en-NG')} hours)`
}

/** A chart and the table holding its figures, side by side (stacked on a phone). */
function Panel({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  const id = useId()
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className={styles.pair}>
        <div className={styles.chart}>{chart}</div>
        <div>{table}</div>
      </div>
    </section>
  )
}

function Figures({ d }: { d: Dashboard }) {
  const rate =
    d.breaches.rate === null
      ? 'None decided'
      : `${(d.breaches.rate * 100).toLocaleString('en-NG', { maximumFractionDigits: 1 })}%`
  return (
    <dl className={styles.figures}>
      <div className={styles.figure}>
        <dt>In</dt>
        <dd>{count(d.totals.in)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>Out (decided)</dt>
        <dd>{count(d.totals.out)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>Median time to decision</dt>
        <dd>{hours(d.timeToDecision.medianHours)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>90th percentile</dt>
        <dd>{hours(d.timeToDecision.p90Hours)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>Decided past the service level</dt>
        <dd>
          {rate}
          {d.breaches.rate !== null && (
            <span className={styles.secondary}>
              {count(d.breaches.breached)} of {count(d.breaches.decided)}
            </span>
          )}
        </dd>
      </div>
      <div className={styles.figure}>
        <dt>Waiting now</dt>
        <dd>{count(d.backlog.total)}</dd>
      </div>
    </dl>
  )
}

function Rows({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <ScrollTable caption={caption} columns={head} className={styles.table}>
      <tbody>
        {rows.length ? (
          rows.map(([label, ...values], i) => (
            <tr key={`${label}-${i}`}>
              <th scope="row">{label}</th>
              {values.map((v, j) => (
                <td key={j} className={typeof v === 'number' ? styles.number : undefined}>
                  {typeof v === 'number' ? count(v) : v}
                </td>
              ))}
            </tr>
          ))
        ) : (
          <tr>
            <td colSpan={head.length}>None in this period.</td>
          </tr>
        )}
      </tbody>
    </ScrollTable>
  )
}

function Sections({ d }: { d: Dashboard }) {
  const queue = DASHBOARD_QUEUE_LABELS[d.queue]
  return (
    <>
      <Figures d={d} />
      <Panel
        title="In and out per month"
        chart={<InOutChart months={d.byMonth} />}
        table={
          <Rows
            caption={`${queue}: in and out per month`}
            head={['Month', 'In', 'Out']}
            rows={d.byMonth.map((m) => [m.month, m.in, m.out])}
          />
        }
      />
      <Panel
        title="Waiting now, by age"
        chart={<BarChart bars={d.backlog.buckets.map((b) => ({ key: b.bucket, label: b.label, value: b.count }))} />}
        table={
          <Rows
            caption={`${queue}: items waiting now, by age`}
            head={['Waiting for', 'Items']}
            rows={d.backlog.buckets.map((b) => [b.label, b.count])}
          />
        }
      />
      <Panel
        title="Reviewers"
        chart={<BarChart bars={d.reviewers.map((r) => ({ key: r.userId, label: r.name, value: r.decided }))} />}
        table={
          <Rows
            caption={`${queue}: each reviewer's open items now and decisions in the period`}
            head={['Reviewer', 'Open', 'Decided']}
            rows={d.reviewers.map((r) => [r.name, r.open, r.decided])}
          />
        }
      />
      <Panel
        title="Most frequent decline reasons"
        chart={<BarChart bars={d.declineReasons.map((r, i) => ({ key: String(i), label: r.reason, value: r.count }))} />}
        table={
          <Rows
            caption={`${queue}: reasons given for declines`}
            head={['Reason', 'Decisions']}
            rows={d.declineReasons.map((r) => [r.reason, r.count])}
          />
        }
      />
      <Panel
        title="Where applicants stop in the KYC"
        chart={<BarChart bars={d.kycStops.map((s) => ({ key: s.step, label: s.label, value: s.count }))} />}
        table={
          <Rows
            caption="Businesses registered in the period, by the KYC step they last saved"
            head={['Last step', 'Businesses']}
            rows={d.kycStops.map((s) => [s.label, s.count])}
          />
        }
      />
    </>
  )
}

const isEmpty = (d: Dashboard) =>
  d.totals.in === 0 && d.totals.out === 0 && d.backlog.total === 0 && d.kycStops.every((s) => s.count === 0)

/**
 * `/s/admin/operations`: one queue's flow over a period (docs/operations-dashboard.md): the period and the queue in the
 * address (the last twelve months and the business review by default), each chart with its table, and a CSV download.
 */
export function OperationsDashboard() {
  const { query, setQuery, isReady } = useUrlState()
  const filters = filtersOf(query)
  const dashboard = useQuery({ ...operationsQueries.dashboard(filters), enabled: isReady, placeholderData: keepPreviousData })
  const { downloading, message: downloadMessage, start } = useFileDownload()
  const download = () => start(() => downloadOperationsCsv(filters))
  return (
    <div className={styles.stack}>
      <form role="search" aria-label="Period and queue" className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          Queue
          <select value={filters.queue} onChange={(e) => void setQuery({ queue: e.target.value })}>
            {DASHBOARD_QUEUES.map((q) => (
              <option key={q} value={q}>
                {DASHBOARD_QUEUE_LABELS[q]}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input
            type="date"
            value={filters.from}
            max={filters.to}
            onChange={(e) => e.target.value && void setQuery({ from: e.target.value })}
          />
        </label>
        <label>
          To
          <input
            type="date"
            value={filters.to}
            min={filters.from}
            onChange={(e) => e.target.value && void setQuery({ to: e.target.value })}
          />
        </label>
        <Button type="button" size="sm" variant="secondary" loading={downloading} onClick={() => void download()}>
          Download CSV
        </Button>
      </form>
      <p role="status" className={styles.status}>
        {downloadMessage}
      </p>
      <p className={styles.notice}>
        Days are Lagos days. Time to decision runs from when an item entered the queue to its decision; the waiting items are
        counted as of now.
      </p>
      {dashboard.isError ? (
        <ErrorState
          message={describeError(dashboard.error, "We couldn't load the dashboard. Try again.")}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : !dashboard.data ? (
        <Skeleton count={6} label="Loading the dashboard" />
      ) : isEmpty(dashboard.data) ? (
        <EmptyState
          title="Nothing in this period"
          description={`No item entered or left ${DASHBOARD_QUEUE_LABELS[dashboard.data.queue].toLowerCase()} in this period, none waits now and no business registered. Choose another period or queue.`}
        />
      ) : (
        <div className={styles.stack} aria-busy={dashboard.isPlaceholderData}>
          <Sections d={dashboard.data} />
        </div>
      )}
    </div>
  )
}
