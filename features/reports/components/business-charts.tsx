import { useQuery } from '@tanstack/react-query'
import dynamic from 'next/dynamic'
import { useId } from 'react'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { useUrlState } from '@/components/ui/use-url-state'
import type { BusinessSummary } from '@/lib/contracts/business-reports'
import { formatDay } from '@/lib/format/day'
import { describeError } from '@/lib/http/errors'
import { reportReads } from '@/lib/query/shared-queries'
import type { Bar } from './bar-chart'
import styles from './reports.module.css'

const BarChart = dynamic(() => import('./bar-chart').then((m) => m.BarChart), {
  ssr: false,
  loading: () => <Skeleton count={2} label="Loading the chart" />,
})

/** The business list's filters the summary reads (the list below keeps them in the URL). */
const SUMMARY_KEYS = [
  'businessName',
  'regNo',
  'approvalStatus',
  'kycDetailsCompleted',
  'typeId',
  'categoryId',
  'createdBy',
  'productId',
  'blocked',
  'from',
  'to',
] as const

export function summaryQuery(query: Readonly<Record<string, string>>): Array<[string, string]> {
  const out: Array<[string, string]> = []
  for (const key of SUMMARY_KEYS) if (query[key]) out.push([key, query[key]])
  const archive = query.archiveStatus
  if (archive === 'ALL') out.push(['archiveStatus', 'ACTIVE'], ['archiveStatus', 'ARCHIVED'])
  else if (archive) out.push(['archiveStatus', archive])
  return out
}

const toBars = (counts: BusinessSummary['byStatus']): Bar[] => counts.map((c) => ({ key: c.key, label: c.label, value: c.count }))

function ChartPanel({ title, bars }: { title: string; bars: Bar[] }) {
  const id = useId()
  const shown = bars.filter((b) => b.value > 0)
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {shown.length ? <BarChart title={title} bars={shown} /> : <p className={styles.muted}>None in this selection.</p>}
    </section>
  )
}

/** Counts of the businesses the list's filters select: by status, type, category, state, product and month. */
export function BusinessCharts() {
  const { query, isReady } = useUrlState()
  const summary = useQuery({ ...reportReads.businessSummary(summaryQuery(query)), enabled: isReady })
  if (summary.isError)
    return (
      <ErrorState
        message={describeError(summary.error, "We couldn't load the counts. Try again.")}
        onRetry={() => void summary.refetch()}
        retrying={summary.isFetching}
      />
    )
  if (!summary.data) return <Skeleton count={4} label="Loading the counts" />
  const data = summary.data
  return (
    <div className={styles.stack}>
      <p className={styles.total}>
        <strong>{data.total.toLocaleString('en-NG')}</strong> businesses registered from {formatDay(data.from.slice(0, 10))} to{' '}
        {formatDay(data.to.slice(0, 10))} match the filters.
      </p>
      <div className={styles.grid}>
        <ChartPanel title="By status" bars={toBars(data.byStatus)} />
        <ChartPanel title="By type" bars={toBars(data.byType)} />
        <ChartPanel title="By category" bars={toBars(data.byCategory)} />
        <ChartPanel title="By state" bars={toBars(data.byState)} />
        <ChartPanel title="By product" bars={toBars(data.byProduct)} />
        <ChartPanel
          title="Registered per month"
          bars={data.byMonth.map((m) => ({ key: m.month, label: m.month, value: m.registered }))}
        />
      </div>
    </div>
  )
}
