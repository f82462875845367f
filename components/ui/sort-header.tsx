import type { ReactNode } from 'react'
import styles from './sort-header.module.css'
import type { TableSort } from './use-table-url-state'

/** How a column is sorted now: ascending, descending or not at all. */
export type SortDirection = false | 'asc' | 'desc'

/** The `aria-sort` of a heading sorted `direction`: left out when the column is not sorted. */
export function ariaSortOf(direction: SortDirection): 'ascending' | 'descending' | undefined {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
}

/** The direction of column `id` under `sort`. */
export function directionOf(sort: TableSort | null | undefined, id: string): SortDirection {
  return sort?.id === id ? (sort.desc ? 'desc' : 'asc') : false
}

/** The sort after a click on column `id`, as DataTable cycles it: ascending, then descending, then none. */
export function nextSort(sort: TableSort | null | undefined, id: string): TableSort | null {
  const direction = directionOf(sort, id)
  return direction === false ? { id, desc: false } : direction === 'asc' ? { id, desc: true } : null
}

function SortIcon({ direction }: { direction: SortDirection }) {
  return (
    <svg aria-hidden="true" focusable="false" className={styles.sortIcon} viewBox="0 0 12 12">
      <path d="M3 5l3-3 3 3" fill="none" stroke="currentColor" strokeWidth="1.6" opacity={direction === 'asc' ? 1 : 0.35} />
      <path d="M3 7l3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.6" opacity={direction === 'desc' ? 1 : 0.35} />
    </svg>
  )
}

/** A heading's label as the button that sorts by it; the `th` carries `aria-sort` (ariaSortOf). */
export function SortHeaderButton({
  direction,
  onClick,
  children,
}: {
  direction: SortDirection
  onClick: (event: unknown) => void
  children: ReactNode
}) {
  return (
    <button type="button" className={styles.sortButton} onClick={onClick}>
      {children}
      <SortIcon direction={direction} />
    </button>
  )
}
