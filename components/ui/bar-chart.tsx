import styles from './bar-chart.module.css'

export interface Bar {
  key: string
  label: string
  value: number
}

/**
 * Horizontal bars drawn with SVG (no chart library), label and number as text. With a `title` the list is read by
 * screen readers under that name; without one it is hidden from them, for a chart whose table beside it holds the
 * same figures.
 */
export function BarChart({
  title,
  bars,
  format = (v) => v.toLocaleString('en-NG'),
}: {
  title?: string
  bars: readonly Bar[]
  format?: (v: number) => string
}) {
  const max = Math.max(1, ...bars.map((b) => b.value))
  return (
    <ul className={styles.bars} {...(title ? { 'aria-label': title } : { 'aria-hidden': true })}>
      {bars.map((bar) => (
        <li key={bar.key} className={styles.bar}>
          <span className={styles.barLabel}>{bar.label}</span>
          <svg className={styles.barTrack} viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <rect x="0" y="0" width={(bar.value / max) * 100} height="10" rx="1" />
          </svg>
          <span className={styles.barValue}>{format(bar.value)}</span>
        </li>
      ))}
    </ul>
  )
}
