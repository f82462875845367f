import styles from './operations.module.css'

/** In and out per month as paired columns (in: filled, out: outlined), hidden from screen readers like the bars. */
export function InOutChart({ months }: { months: readonly { month: string; in: number; out: number }[] }) {
  const max = Math.max(1, ...months.flatMap((m) => [m.in, m.out]))
  const step = 100 / Math.max(1, months.length)
  const width = step * 0.35
  return (
    <div className={styles.columns} aria-hidden="true">
      <svg viewBox="0 0 100 52" preserveAspectRatio="none" focusable="false" className={styles.columnPlot}>
        {months.map((m, i) => {
          const x = i * step + step * 0.12
          const hIn = (m.in / max) * 50
          const hOut = (m.out / max) * 50
          return (
            <g key={m.month}>
              <rect className={styles.columnIn} x={x} y={50 - hIn} width={width} height={hIn} />
              <rect className={styles.columnOut} x={x + width} y={50 - hOut} width={width} height={hOut} />
            </g>
          )
        })}
        <line x1="0" x2="100" y1="50" y2="50" className={styles.axis} />
      </svg>
      <div className={styles.columnLabels}>
        {months.map((m) => (
          <span key={m.month}>{m.month.slice(2)}</span>
        ))}
      </div>
      <p className={styles.legend}>
        <span className={styles.swatchIn} /> In <span className={styles.swatchOut} /> Out
      </p>
    </div>
  )
}
