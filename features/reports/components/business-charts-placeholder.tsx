import { Skeleton } from '@/components/ui/skeleton'
import styles from './reports.module.css'

/** The charts' panels, in the order they show. */
export const CHART_TITLES = [
  'By status',
  'By type',
  'By category',
  'By state',
  'By product',
  'By risk tier',
  'Registered per month',
] as const

/**
 * The counts' boxes before the counts arrive (while their code or their figures load): the same panels, the same
 * heights, so the business list below does not move when the charts fill in.
 */
export function BusinessChartsPlaceholder() {
  return (
    <div className={styles.stack}>
      <p className={styles.total}>Counting the businesses registered in the period that match the filters…</p>
      <div className={styles.grid}>
        {CHART_TITLES.map((title) => (
          <section key={title} className={styles.panel}>
            <h3>{title}</h3>
            <div className={styles.chartBody}>
              <Skeleton count={3} label={`Loading ${title.toLowerCase()}`} />
            </div>
          </section>
        ))}
      </div>
    </div>
  )
}
