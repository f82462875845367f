import { useId } from 'react'
import { formatNumber } from '@/lib/format/number'
import { Button } from './button'
import { cx } from './cx'
import styles from './pagination.module.css'

export interface PaginationProps {
  /** 1-based. */
  pageNumber: number
  pageSize: number
  totalElements: number
  /**
   * `false` when the server stopped counting (`page.totalElementsExact`): `totalElements` is a lower bound, the summary
   * says "200+", and Next stays on at the last counted page while there is no known last page.
   */
  totalElementsExact?: boolean
  onPageChange: (pageNumber: number) => void
  /** Shows a "Rows per page" select when given with `pageSizeOptions`. */
  onPageSizeChange?: (pageSize: number) => void
  pageSizeOptions?: readonly number[]
  /** Name of the navigation landmark; "Pagination" by default (name it when a page has several). */
  label?: string
  /** Disables the buttons (e.g. while a page loads). */
  disabled?: boolean
  className?: string
}

export function totalPagesOf(totalElements: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalElements / Math.max(1, pageSize)))
}

/** "Showing 11–20 of 53" (or "of 200+"), rows per page, first/previous/next/last page. */
export function Pagination({
  pageNumber,
  pageSize,
  totalElements,
  totalElementsExact = true,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions,
  label = 'Pagination',
  disabled = false,
  className,
}: PaginationProps) {
  const sizeId = useId()
  const totalPages = totalPagesOf(totalElements, pageSize)
  const first = totalElements === 0 ? 0 : Math.min((pageNumber - 1) * pageSize + 1, totalElements)
  const last = Math.min(pageNumber * pageSize, totalElements)
  const atStart = pageNumber <= 1
  const atEnd = totalElementsExact && pageNumber >= totalPages
  const orMore = totalElementsExact ? '' : '+'
  const sizes = pageSizeOptions?.includes(pageSize)
    ? pageSizeOptions
    : pageSizeOptions && [...pageSizeOptions, pageSize].sort((a, b) => a - b)
  return (
    <nav aria-label={label} className={cx(styles.nav, className)}>
      <p className={styles.summary} aria-live="polite">
        {totalElements === 0
          ? 'No results'
          : `Showing ${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(totalElements)}${orMore}`}
      </p>
      {onPageSizeChange && sizes && (
        <div className={styles.size}>
          <label htmlFor={sizeId}>Rows per page</label>
          <select id={sizeId} value={pageSize} disabled={disabled} onChange={(e) => onPageSizeChange(Number(e.target.value))}>
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={styles.pages}>
        <Button
          variant="secondary"
          size="sm"
          className={styles.iconButton}
          aria-label="First page"
          disabled={disabled || atStart}
          onClick={() => onPageChange(1)}
        >
          <span aria-hidden="true">«</span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className={styles.iconButton}
          aria-label="Previous page"
          disabled={disabled || atStart}
          onClick={() => onPageChange(pageNumber - 1)}
        >
          <span aria-hidden="true">‹</span>
        </Button>
        <span className={styles.current}>
          Page {formatNumber(pageNumber)} of {formatNumber(totalPages)}
          {orMore}
        </span>
        <Button
          variant="secondary"
          size="sm"
          className={styles.iconButton}
          aria-label="Next page"
          disabled={disabled || atEnd}
          onClick={() => onPageChange(pageNumber + 1)}
        >
          <span aria-hidden="true">›</span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className={styles.iconButton}
          aria-label={totalElementsExact ? 'Last page' : 'Last page (not counted yet)'}
          disabled={disabled || atEnd || !totalElementsExact}
          onClick={() => onPageChange(totalPages)}
        >
          <span aria-hidden="true">»</span>
        </Button>
      </div>
    </nav>
  )
}
