import styles from './reports.module.css'

export interface Bar {
  key: string
  label: string
  value: number
}

/**
 * Horizontal bars drawn with SVG (no chart library): one list item per bar, label and number as text, so screen readers
 * and a narrow phone read the same figures. Loaded only when the charts show (next/dynamic).
 */
export function BarChart({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value))
  return (
    <ul className={styles.bars} aria-label={title}>
      {bars.map((bar) => (
        <li key={bar.key} className={styles.bar}>
          <span className={styles.barLabel}>{bar.label}</span>
          <svg className={styles.barTrack} viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <rect x="0" y="0" width={(bar.value / max) * 100} height="10" rx="1" />
          </svg>
          <span className={styles.barValue}>{bar.value.toLocaleString('en-NG')}</span>
        </li>
      ))}
    </ul>
  )
}
