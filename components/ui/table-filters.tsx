import { useEffect, useId, useRef, useState } from 'react'
import { Button } from './button'
import { cx } from './cx'
import styles from './data-table.module.css'
import type { SelectOption } from './select-field'

/** One filter of a `DataTable`, kept in the URL under `key`. */
export interface DataTableFilter {
  /** Query-string key (and the API parameter), e.g. `status`, `q`, `from`. */
  key: string
  label: string
  /** `text` (default) and `search` apply after a pause in typing or on Enter; `select` and `date` at once. */
  type?: 'text' | 'search' | 'select' | 'date'
  /** For `select`. */
  options?: readonly SelectOption[]
  /** Input placeholder, or for `select` the label of the "no filter" option ("All" by default). */
  placeholder?: string
}

export interface TableFiltersProps {
  filters: readonly DataTableFilter[]
  values: Readonly<Record<string, string | undefined>>
  onChange: (key: string, value: string | null) => void
  onClear?: () => void
  /** Name of the search landmark. */
  label: string
  /** Debounce of text filters, ms. */
  debounceMs?: number
  className?: string
}

/** The filter bar of a DataTable (a `search` landmark). */
export function TableFilters({ filters, values, onChange, onClear, label, debounceMs = 400, className }: TableFiltersProps) {
  const baseId = useId()
  const active = filters.some((f) => values[f.key])
  return (
    <form
      role="search"
      aria-label={label}
      className={cx(styles.filters, className)}
      onSubmit={(e) => {
        e.preventDefault()
        // Enter applies the text filters at once.
        const form = e.currentTarget
        for (const f of filters) {
          if (f.type === 'select' || f.type === 'date') continue
          const input = form.elements.namedItem(f.key)
          if (input instanceof HTMLInputElement && input.value.trim() !== (values[f.key] ?? ''))
            onChange(f.key, input.value.trim() || null)
        }
      }}
    >
      {filters.map((f) => {
        const id = `${baseId}-${f.key}`
        const value = values[f.key] ?? ''
        return (
          <div key={f.key} className={styles.filter}>
            <label htmlFor={id} className={styles.filterLabel}>
              {f.label}
            </label>
            {f.type === 'select' ? (
              <select
                id={id}
                name={f.key}
                className={styles.filterControl}
                value={value}
                onChange={(e) => onChange(f.key, e.target.value || null)}
              >
                <option value="">{f.placeholder ?? 'All'}</option>
                {f.options?.map((o) => (
                  <option key={o.value} value={o.value} disabled={o.disabled}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : f.type === 'date' ? (
              <input
                id={id}
                name={f.key}
                type="date"
                className={styles.filterControl}
                value={value}
                onChange={(e) => onChange(f.key, e.target.value || null)}
              />
            ) : (
              <TextFilter id={id} filter={f} value={value} onChange={onChange} debounceMs={debounceMs} />
            )}
          </div>
        )
      })}
      {/* Lets Enter submit (and apply text filters at once) without a visible button. */}
      <button type="submit" hidden />
      {onClear && active && (
        <div className={styles.filterActions}>
          <Button variant="link" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      )}
    </form>
  )
}

function TextFilter({
  id,
  filter,
  value,
  onChange,
  debounceMs,
}: {
  id: string
  filter: DataTableFilter
  value: string
  onChange: (key: string, value: string | null) => void
  debounceMs: number
}) {
  const [draft, setDraft] = useState(value)
  const [synced, setSynced] = useState(value)
  // The URL changed under us (clear filters, back button): show it, unless it is what is being typed.
  if (value !== synced) {
    setSynced(value)
    if (value !== draft.trim()) setDraft(value)
  }
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  })
  useEffect(() => {
    if (draft.trim() === value) return
    const timer = setTimeout(() => onChangeRef.current(filter.key, draft.trim() || null), debounceMs)
    return () => clearTimeout(timer)
  }, [draft, value, filter.key, debounceMs])
  return (
    <input
      id={id}
      name={filter.key}
      type={filter.type === 'search' ? 'search' : 'text'}
      className={styles.filterControl}
      placeholder={filter.placeholder}
      value={draft}
      autoComplete="off"
      onChange={(e) => setDraft(e.target.value)}
    />
  )
}
