import type { ColumnDef } from '@tanstack/react-table'
import { useCallback, useEffect, useRef, useState } from 'react'
import sharedStyles from '@/styles/staff-screens.module.css'
import ownStyles from './staff-documents.module.css'

const styles = { ...sharedStyles, ...ownStyles }

export interface QueueSelectionOptions<R> {
  idOf: (row: R) => string
  /** How the bulk results name a row ("Acme Ltd"). */
  nameOf: (row: R) => string
  /** Whether the user may decide the row (pending, and not their own: four-eyes). */
  selectable: (row: R) => boolean
}

/**
 * The rows of a queue chosen for a bulk decision, by id, in the order chosen; the selection may span pages, so the
 * name of every row seen is kept for the results.
 */
export function useQueueSelection<R>(rows: readonly R[] | undefined, { idOf, nameOf, selectable }: QueueSelectionOptions<R>) {
  const [selected, setSelected] = useState<string[]>([])
  const names = useRef(new Map<string, string>())
  useEffect(() => {
    for (const row of rows ?? []) names.current.set(idOf(row), nameOf(row))
  }, [rows])

  const toggle = useCallback((id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id])), [])
  /** Selects all of `ids`, or unselects them when they all are already. */
  const toggleAll = useCallback(
    (ids: readonly string[]) =>
      setSelected((s) =>
        ids.length > 0 && ids.every((id) => s.includes(id))
          ? s.filter((x) => !ids.includes(x))
          : [...s, ...ids.filter((id) => !s.includes(id))],
      ),
    [],
  )
  const remove = useCallback((ids: readonly string[]) => setSelected((s) => s.filter((x) => !ids.includes(x))), [])
  const clear = useCallback(() => setSelected([]), [])
  const pageSelectable = (rows ?? []).filter(selectable).map(idOf)

  return {
    selected,
    toggle,
    toggleAll,
    remove,
    clear,
    nameOf: (id: string) => names.current.get(id) ?? id,
    idOf,
    selectable,
    pageSelectable,
    allOnPage: pageSelectable.length > 0 && pageSelectable.every((id) => selected.includes(id)),
  }
}

export type QueueSelection<R> = ReturnType<typeof useQueueSelection<R>>

/** The checkbox column: every selectable row of the page in the header, each selectable row in its cell. */
export function selectColumn<R>(
  selection: QueueSelection<R>,
  labels: { all: string; row: (row: R) => string },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types vary per column
): ColumnDef<R, any> {
  const { selected, toggle, toggleAll, pageSelectable, allOnPage, idOf, selectable } = selection
  return {
    id: 'select',
    header: () => (
      <input
        type="checkbox"
        className={styles.checkbox}
        aria-label={labels.all}
        checked={allOnPage}
        disabled={pageSelectable.length === 0}
        onChange={() => toggleAll(pageSelectable)}
      />
    ),
    cell: ({ row: { original: r } }) =>
      selectable(r) ? (
        <input
          type="checkbox"
          className={styles.checkbox}
          aria-label={labels.row(r)}
          checked={selected.includes(idOf(r))}
          onChange={() => toggle(idOf(r))}
        />
      ) : null,
  }
}
