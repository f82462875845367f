import { useId, type ReactNode } from 'react'
import styles from './scroll-table.module.css'
import { ariaSortOf, directionOf, nextSort, SortHeaderButton } from './sort-header'
import type { TableSort } from './use-table-url-state'

/** A heading that sorts on the server by the API's sort field `sortId`. */
export interface SortableColumn {
  label: string
  sortId: string
}

export interface ScrollTableProps {
  /** Names the table and its scroll region. */
  caption: ReactNode
  captionClassName?: string
  className?: string
  /** The column headings of a plain head row; leave out to write the thead yourself. */
  columns?: readonly (string | SortableColumn)[]
  /** The sort now (sortable columns show it with `aria-sort`), and what a click on a sortable heading asks for. */
  sort?: TableSort | null
  onSortChange?: (sort: TableSort | null) => void
  /** tbody (and thead when `columns` is not given)… */
  children: ReactNode
}

/**
 * A plain table that scrolls sideways in its own region on small screens instead of widening the page. The region is
 * named by the caption and focusable, so a keyboard can scroll it (axe: scrollable-region-focusable).
 */
export function ScrollTable({ caption, captionClassName, className, columns, sort, onSortChange, children }: ScrollTableProps) {
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
              {columns.map((column) =>
                typeof column === 'string' || !onSortChange ? (
                  <th key={typeof column === 'string' ? column : column.label} scope="col">
                    {typeof column === 'string' ? column : column.label}
                  </th>
                ) : (
                  <th key={column.label} scope="col" aria-sort={ariaSortOf(directionOf(sort, column.sortId))}>
                    <SortHeaderButton
                      direction={directionOf(sort, column.sortId)}
                      onClick={() => onSortChange(nextSort(sort, column.sortId))}
                    >
                      {column.label}
                    </SortHeaderButton>
                  </th>
                ),
              )}
            </tr>
          </thead>
        )}
        {children}
      </table>
    </div>
  )
}
