import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import type { CrmAccount } from '@/lib/contracts/crm'
import { CRM_SEARCH_MIN_CHARS, CRM_SEARCH_SIZE_LIMIT } from '@/lib/contracts/crm-values'
import { crmQueries } from '../api/crm-queries'
import styles from './crm.module.css'

/** How long typing pauses before the CRM is asked. */
export const CRM_SEARCH_DEBOUNCE_MS = 300

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

function describe(account: CrmAccount) {
  return [account.regNo, account.address.city ?? account.address.state].filter(Boolean).join(' · ')
}

export interface CrmAccountPickerProps {
  /** The account chosen (the CRM flow), or null. */
  chosen: CrmAccount | null
  onChoose: (account: CrmAccount) => void
  /** Leaves the CRM flow: the form is cleared. */
  onClear: () => void
}

/**
 * "Start from a CRM account": a combobox (ARIA 1.2 pattern: the input owns a listbox, arrows move the active option,
 * Enter chooses, Escape closes) searching the CRM by name after a pause in typing, from 2 characters, up to 15 results.
 */
export function CrmAccountPicker({ chosen, onChoose, onClear }: CrmAccountPickerProps) {
  const id = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const term = useDebounced(text.trim(), CRM_SEARCH_DEBOUNCE_MS)
  const enabled = term.length >= CRM_SEARCH_MIN_CHARS
  const search = useQuery({ ...crmQueries.search(term), enabled })
  const results = enabled ? (search.data ?? []) : []
  const listId = `${id}-list`
  const expanded = open && enabled && results.length > 0

  const choose = (account: CrmAccount) => {
    onChoose(account)
    setOpen(false)
    setText('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setOpen(true)
      setActive((i) => (results.length ? (i + 1) % results.length : 0))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      setActive((i) => (results.length ? (i - 1 + results.length) % results.length : 0))
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault()
      const account = results[active]
      if (account) choose(account)
    } else if (event.key === 'Escape') {
      setOpen(false)
    }
  }

  let status = ''
  if (text.trim().length > 0 && text.trim().length < CRM_SEARCH_MIN_CHARS)
    status = `Type at least ${CRM_SEARCH_MIN_CHARS} characters`
  else if (enabled && search.isPending) status = 'Searching the CRM…'
  else if (enabled && search.isError) status = 'The CRM could not be searched. Try again in a moment.'
  else if (enabled && search.isSuccess)
    status =
      results.length === 0
        ? `No CRM account matches “${term}”`
        : `${results.length} account${results.length === 1 ? '' : 's'}${results.length === CRM_SEARCH_SIZE_LIMIT ? ' (the first 15: type more to narrow)' : ''}`

  return (
    <section className={styles.picker} aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-input`} className={styles.label}>
        Start from a CRM account (optional)
      </label>
      <p className={styles.hint} id={`${id}-hint`}>
        Search the CRM by account name; choosing one fills in the form below, which you can still change.
      </p>
      {chosen && (
        <p className={styles.chosen} role="status">
          <span>
            From CRM account <strong>{chosen.name}</strong> ({chosen.id})
          </span>
          <button type="button" className="link-button" onClick={onClear}>
            Clear and start again
          </button>
        </p>
      )}
      <div className={styles.combo}>
        <input
          id={`${id}-input`}
          className={styles.input}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-describedby={`${id}-hint`}
          aria-activedescendant={expanded ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setActive(0)
            setOpen(true)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        <ul id={listId} role="listbox" aria-label="CRM accounts" className={styles.list} hidden={!expanded}>
          {expanded &&
            results.map((account, index) => (
              <li
                key={account.id}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                // mousedown, not click: the input's blur would close the list first.
                onMouseDown={(event) => {
                  event.preventDefault()
                  choose(account)
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span>{account.name}</span>
                {describe(account) && <span className={styles.optionMeta}>{describe(account)}</span>}
              </li>
            ))}
        </ul>
      </div>
      <p className={styles.status} aria-live="polite">
        {status}
      </p>
    </section>
  )
}
