import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { BarChart } from '@/components/ui/bar-chart'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { ScrollTable } from '@/components/ui/scroll-table'
import { Skeleton } from '@/components/ui/skeleton'
import { useFileDownload } from '@/components/ui/use-file-download'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import type { RegulatoryReturns } from '@/lib/contracts/regulatory-returns'
import { returnsSections, type ReturnsRow } from '@/lib/format/returns-sections'
import { describeError } from '@/lib/http/errors'
import { downloadRegulatoryReturns, returnsQueries } from '../api/returns-queries'
import styles from './reports.module.css'

const PERIOD_KEYS = ['from', 'to'] as const
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The year so far, when the address names no period. */
function defaultPeriod(now = new Date()) {
  const today = now.toISOString().slice(0, 10)
  return { from: `${today.slice(0, 4)}-01-01`, to: today }
}

function Figures({ caption, rows }: { caption: string; rows: ReturnsRow[] }) {
  return (
    <ScrollTable caption={caption} columns={['', 'Count']}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value.toLocaleString('en-NG')}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}

function Returns({ returns }: { returns: RegulatoryReturns }) {
  const [tiers, ...sections] = returnsSections(returns)
  return (
    <>
      <h3>Onboarded by risk tier</h3>
      <BarChart title={tiers!.caption} bars={tiers!.rows.map(([label, value]) => ({ key: label, label, value }))} />
      {sections.map((section) => (
        <Figures key={section.sheet} caption={section.caption} rows={section.rows} />
      ))}
    </>
  )
}

/**
 * The regulatory returns over a period (docs/risk.md#regulatory-returns): the period in the URL (the year so far by
 * default), each figure in a table, the tiers also as bars, and the workbook download.
 */
export function RegulatoryReturnsTab() {
  const headingId = useId()
  const table = useTableUrlState({ filterKeys: PERIOD_KEYS, sortableIds: [], defaultPageSize: 10, pageSizeOptions: [10] })
  const fallback = defaultPeriod()
  const period = {
    from: table.filters.from && DAY.test(table.filters.from) ? table.filters.from : fallback.from,
    to: table.filters.to && DAY.test(table.filters.to) ? table.filters.to : fallback.to,
  }
  const returns = useQuery({ ...returnsQueries.period(period), enabled: table.isReady, placeholderData: keepPreviousData })
  const { downloading, message: downloadMessage, start } = useFileDownload()
  const download = () => start(() => downloadRegulatoryReturns(period))
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId}>Regulatory returns</h2>
        <Button size="sm" variant="secondary" loading={downloading} onClick={() => void download()}>
          Download XLSX
        </Button>
      </div>
      <p role="status">{downloadMessage}</p>
      <form role="search" aria-label="Period of the returns" className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          From
          <input type="date" value={period.from} onChange={(e) => table.setFilters({ from: e.target.value })} />
        </label>
        <label>
          To
          <input type="date" value={period.to} onChange={(e) => table.setFilters({ to: e.target.value })} />
        </label>
      </form>
      {returns.isError ? (
        <ErrorState
          message={describeError(returns.error, "We couldn't count the returns for this period.")}
          onRetry={() => void returns.refetch()}
        />
      ) : !returns.data ? (
        <Skeleton count={4} label="Counting the returns" />
      ) : (
        <Returns returns={returns.data} />
      )}
    </section>
  )
}
