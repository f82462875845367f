import { useQuery } from '@tanstack/react-query'
import dynamic from 'next/dynamic'
import { useId } from 'react'
import { buttonClassName } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { useUrlState } from '@/components/ui/use-url-state'
import { formatNumber } from '@/lib/format/number'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { reportReads } from '@/lib/query/shared-queries'
import sharedStyles from '@/styles/staff-screens.module.css'
import type { ApiQuery } from '../api/admin-business-queries'
import type { BusinessSummary, BusinessSummaryCount } from '../api/types'
import ownStyles from './admin.module.css'

const styles = { ...sharedStyles, ...ownStyles }

// chart.js and its React wrapper load only on this page, after it renders: the table of numbers shows at once.
const chartFallback = () => <Skeleton count={3} label="Loading the chart" />
const CountsChart = dynamic(() => import('./summary-charts').then((m) => m.CountsChart), { ssr: false, loading: chartFallback })
const MonthlyChart = dynamic(() => import('./summary-charts').then((m) => m.MonthlyChart), { ssr: false, loading: chartFallback })

const monthLabel = (month: string) => {
  const [year, m] = month.split('-').map(Number)
  return new Date(year!, m! - 1, 1).toLocaleDateString('en-NG', { month: 'short', year: 'numeric' })
}

function CountsTable({ caption, counts }: { caption: string; counts: readonly BusinessSummaryCount[] }) {
  return (
    <table className={styles.numbers}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{caption.replace(/^By /, '').replace(/^./, (c) => c.toUpperCase())}</th>
          <th scope="col">Businesses</th>
        </tr>
      </thead>
      <tbody>
        {counts.map((c) => (
          <tr key={c.key}>
            <th scope="row">{c.label}</th>
            <td>{formatNumber(c.count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function CountsPanel({ title, counts }: { title: string; counts: readonly BusinessSummaryCount[] }) {
  const id = useId()
  const shown = counts.filter((c) => c.count > 0)
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {shown.length > 0 && (
        <div className={styles.chart} style={{ height: `${Math.max(10, shown.length * 2.2)}rem` }}>
          <CountsChart counts={shown} label={title} />
        </div>
      )}
      <CountsTable caption={title} counts={counts} />
    </section>
  )
}

function Summary({ summary }: { summary: BusinessSummary }) {
  const monthsId = useId()
  return (
    <>
      <dl className={styles.totals}>
        <div>
          <dt>Registered in the period</dt>
          <dd>{formatNumber(summary.total)}</dd>
        </div>
        {summary.byStatus.map((s) => (
          <div key={s.key}>
            <dt>{s.label}</dt>
            <dd>{formatNumber(s.count)}</dd>
          </div>
        ))}
      </dl>
      <section className={styles.panel} aria-labelledby={monthsId}>
        <h2 id={monthsId}>By month</h2>
        <div className={styles.chart}>
          <MonthlyChart months={summary.byMonth} />
        </div>
        <table className={styles.numbers}>
          <caption>Businesses registered and approved per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Registered</th>
              <th scope="col">Approved</th>
            </tr>
          </thead>
          <tbody>
            {summary.byMonth.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td>{formatNumber(m.registered)}</td>
                <td>{formatNumber(m.approved)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className={styles.grid}>
        <CountsPanel title="By status" counts={summary.byStatus} />
        <CountsPanel title="By type" counts={summary.byType} />
        <CountsPanel title="By category" counts={summary.byCategory} />
        <CountsPanel title="By risk tier" counts={summary.byRiskTier} />
      </div>
    </>
  )
}

/** Counts of the businesses registered in a period (the last 12 months by default) with charts and their numbers. */
export function BusinessSummaryScreen() {
  const { query, setQuery, isReady } = useUrlState()
  const id = useId()
  const apiQuery: ApiQuery = [
    ...(query.from ? ([['from', query.from]] as ApiQuery) : []),
    ...(query.to ? ([['to', query.to]] as ApiQuery) : []),
  ]
  const summary = useQuery({ ...reportReads.businessSummary(apiQuery), enabled: isReady })
  return (
    <div className={styles.stack}>
      <div className={styles.header}>
        <form role="search" aria-label="Period" className={styles.range} onSubmit={(e) => e.preventDefault()}>
          <div className={styles.field}>
            <label htmlFor={`${id}-from`}>Registered from</label>
            <input
              id={`${id}-from`}
              type="date"
              value={query.from ?? ''}
              onChange={(e) => void setQuery({ from: e.target.value })}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-to`}>Registered to</label>
            <input id={`${id}-to`} type="date" value={query.to ?? ''} onChange={(e) => void setQuery({ to: e.target.value })} />
          </div>
        </form>
        <Link href={paths.admin.registeredBusinesses()} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          Back to registered businesses
        </Link>
      </div>
      {summary.isError ? (
        <ErrorState
          message={describeError(summary.error, "We couldn't load the summary. Try again.")}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : summary.data ? (
        <Summary summary={summary.data} />
      ) : (
        <Skeleton count={6} label="Loading the summary" />
      )}
    </div>
  )
}
