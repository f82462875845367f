import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { BarChart, type Bar } from '@/components/ui/bar-chart'
import { ErrorState } from '@/components/ui/error-state'
import { useUrlState } from '@/components/ui/use-url-state'
import type { BusinessSummary } from '@/lib/contracts/business-reports'
import { formatDay } from '@/lib/format/day'
import { describeError } from '@/lib/http/errors'
import { reportReads } from '@/lib/query/shared-queries'
import { summaryQuery } from '../api/summary-query'
import { BusinessChartsPlaceholder, CHART_TITLES } from './business-charts-placeholder'
import styles from './reports.module.css'

const toBars = (counts: BusinessSummary['byStatus']): Bar[] => counts.map((c) => ({ key: c.key, label: c.label, value: c.count }))

/** A panel of a fixed height (BusinessChartsPlaceholder's), its bars scrolling inside it when there are many. */
function ChartPanel({ title, bars }: { title: (typeof CHART_TITLES)[number]; bars: Bar[] }) {
  const id = useId()
  const shown = bars.filter((b) => b.value > 0)
  return (
    <section className={styles.panel}>
      <h3 id={id}>{title}</h3>
      {/* Focusable, so a keyboard can scroll a long chart. */}
      <div className={styles.chartBody} role="region" aria-labelledby={id} tabIndex={0}>
        {shown.length ? <BarChart title={title} bars={shown} /> : <p className={styles.muted}>None in this selection.</p>}
      </div>
    </section>
  )
}

/** Counts of the businesses the list's filters select: by status, type, category, state, product, risk tier and month. */
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
  if (!summary.data) return <BusinessChartsPlaceholder />
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
        <ChartPanel title="By risk tier" bars={toBars(data.byRiskTier)} />
        <ChartPanel
          title="Registered per month"
          bars={data.byMonth.map((m) => ({ key: m.month, label: m.month, value: m.registered }))}
        />
      </div>
    </div>
  )
}
