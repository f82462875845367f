import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react'
import { useFormContext, type FieldValues, type Path, type PathValue } from 'react-hook-form'
import { useFieldControl } from '@/components/ui/field'
import { COMMENT_MAX_LENGTH } from '@/lib/contracts/review-values'
import sharedStyles from '@/styles/staff-screens.module.css'
import { approvalQueries } from '../api/approval-queries'
import type { Mentionable } from '../api/types'
import ownStyles from './approvals.module.css'

const styles = { ...sharedStyles, ...ownStyles }

/** The `@…` being typed just before the caret, or null. */
function mentionBeforeCaret(text: string, caret: number): { start: number; q: string } | null {
  const match = /(^|\s)@([\w.-]*)$/.exec(text.slice(0, caret))
  return match ? { start: caret - match[2]!.length - 1, q: match[2]! } : null
}

/**
 * The comment box of the review thread with `@` mentions (docs/notifications.md#mentions): typing `@` and a few
 * letters lists the colleagues who may read the business; ArrowUp/ArrowDown choose, Enter or Tab inserts their
 * handle (`@firstname.lastname`), Escape closes the list. The keyboard stays in the box (`aria-activedescendant`).
 */
export function MentionCommentField<TValues extends FieldValues>({
  name,
  label,
  rows,
  businessId,
}: {
  name: Path<TValues>
  label: string
  rows: number
  businessId: string
}) {
  const { controlId, error, errorId, bindControl, a11y } = useFieldControl<TValues>({ name })
  const { setValue, getValues } = useFormContext<TValues>()
  const listId = useId()
  const hintId = useId()
  const boxRef = useRef<HTMLTextAreaElement | null>(null)
  const [mention, setMention] = useState<{ start: number; q: string } | null>(null)
  const [active, setActive] = useState(0)
  const colleagues = useQuery({ ...approvalQueries.mentionable(businessId, mention?.q ?? ''), enabled: mention !== null })
  const options = mention ? (colleagues.data ?? []) : []
  const open = options.length > 0

  const track = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const box = event.currentTarget
    const next = mentionBeforeCaret(box.value, box.selectionStart ?? box.value.length)
    setMention((previous) => (previous?.q === next?.q && previous?.start === next?.start ? previous : next))
    if (next?.q !== mention?.q) setActive(0)
  }

  const insert = (colleague: Mentionable) => {
    const box = boxRef.current
    if (!box || !mention) return
    const text = String(getValues(name) ?? '')
    const caret = box.selectionStart ?? text.length
    const inserted = `@${colleague.handle} `
    const value = `${text.slice(0, mention.start)}${inserted}${text.slice(caret)}`
    setValue(name, value as PathValue<TValues, Path<TValues>>, { shouldDirty: true })
    setMention(null)
    const at = mention.start + inserted.length
    requestAnimationFrame(() => {
      box.focus()
      box.setSelectionRange(at, at)
    })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length)
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault()
      insert(options[Math.min(active, options.length - 1)]!)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      setMention(null)
    }
  }

  const control = bindControl<HTMLTextAreaElement>({ onChange: track })
  const optionId = (i: number) => `${listId}-option-${i}`
  return (
    <div className={styles.field}>
      <label htmlFor={controlId}>{label}</label>
      <p id={hintId} className={styles.small}>
        Type @ and a name to mention a colleague who may read this business: they are notified.
      </p>
      <textarea
        {...control}
        ref={(element) => {
          control.ref(element)
          boxRef.current = element
        }}
        rows={rows}
        maxLength={COMMENT_MAX_LENGTH}
        aria-describedby={[hintId, a11y['aria-describedby']].filter(Boolean).join(' ')}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(Math.min(active, options.length - 1)) : undefined}
        onKeyDown={onKeyDown}
        onClick={track}
        onKeyUp={(event) => {
          if (!['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(event.key) || !open) track(event)
        }}
        onBlur={(event) => {
          control.onBlur(event)
          setMention(null)
        }}
      />
      <p className={styles.visuallyHiddenStatus} role="status">
        {open
          ? `${options.length} ${options.length === 1 ? 'colleague matches' : 'colleagues match'}: up and down to choose, Enter to insert`
          : ''}
      </p>
      {open && (
        <ul id={listId} role="listbox" aria-label="Colleagues to mention" className={styles.mentionList}>
          {options.map((c, i) => (
            <li
              key={c.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === active ? styles.mentionActive : styles.mentionOption}
              // Keep focus in the box: the click inserts without blurring it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => insert(c)}
            >
              {c.name} <span className={styles.small}>@{c.handle}</span>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  )
}
