import { useRouter } from 'next/router'
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import styles from './reports.module.css'

export interface ReportTab {
  id: string
  label: string
  render: () => ReactNode
}

/**
 * The reports screen's tabs; the open tab is `?tab=` in the URL. Changing tab drops the other tab's filters (each
 * tab keeps its own in the URL). Arrow keys move between tabs, as the ARIA tabs pattern expects.
 */
export function ReportsTabs({ tabs }: { tabs: readonly ReportTab[] }) {
  const router = useRouter()
  const baseId = useId()
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const wanted = typeof router.query.tab === 'string' ? router.query.tab : undefined
  const current = tabs.find((t) => t.id === wanted) ?? tabs[0]
  if (!current) return null

  const open = (id: string) =>
    void router.replace({ pathname: router.pathname, query: { tab: id } }, undefined, { shallow: true })
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = (index + step + tabs.length) % tabs.length
    refs.current[next]?.focus()
    open(tabs[next]!.id)
  }

  return (
    <div className={styles.stack}>
      <div role="tablist" aria-label="Reports" className={styles.tabs}>
        {tabs.map((tab, index) => {
          const selected = tab.id === current.id
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[index] = el
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab.id}-tab`}
              aria-selected={selected}
              aria-controls={`${baseId}-${tab.id}-panel`}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => open(tab.id)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-${current.id}-panel`} aria-labelledby={`${baseId}-${current.id}-tab`}>
        {current.render()}
      </div>
    </div>
  )
}
