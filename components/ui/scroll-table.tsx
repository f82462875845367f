import { useId, type ReactNode } from 'react'
import styles from './scroll-table.module.css'

export interface ScrollTableProps {
  /** Names the table and its scroll region. */
  caption: ReactNode
  captionClassName?: string
  className?: string
  /** The column headings of a plain head row; leave out to write the thead yourself. */
  columns?: readonly string[]
  /** tbody (and thead when `columns` is not given)… */
  children: ReactNode
}

/**
 * A plain table that scrolls sideways in its own region on small screens instead of widening the page. The region is
 * named by the caption and focusable, so a keyboard can scroll it (axe: scrollable-region-focusable).
 */
export function ScrollTable({ caption, captionClassName, className, columns, children }: ScrollTableProps) {
  const captionId = useId()
  return (
    <div className={styles.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={className}>
        <caption id={captionId} className={captionClassName}>
          {caption}
        </caption>
        {columns && (
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
        )}
        {children}
      </table>
    </div>
  )
}
