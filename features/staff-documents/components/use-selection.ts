import { useCallback, useState } from 'react'

/** Rows chosen for a bulk decision, by id, in the order chosen. */
export function useSelection() {
  const [selected, setSelected] = useState<string[]>([])
  const toggle = useCallback((id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id])), [])
  /** Selects all of `ids`, or unselects them when they all are already. */
  const toggleAll = useCallback(
    (ids: readonly string[]) => setSelected((s) => (ids.length > 0 && ids.every((id) => s.includes(id)) ? s.filter((x) => !ids.includes(x)) : [...s, ...ids.filter((id) => !s.includes(id))])),
    [],
  )
  const remove = useCallback((ids: readonly string[]) => setSelected((s) => s.filter((x) => !ids.includes(x))), [])
  const clear = useCallback(() => setSelected([]), [])
  return { selected, toggle, toggleAll, remove, clear }
}
