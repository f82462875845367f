import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { notify } from '@/components/ui/toasts'
import { QUEUE_LABELS } from '@/lib/contracts/service-level-values'
import { formatDay } from '@/lib/format/day'
import { describeError } from '@/lib/http/errors'
import { useSetAvailability } from '../api/assignment-calls'
import { serviceLevelQueries } from '../api/service-level-queries'
import styles from './service-levels.module.css'

/**
 * The profile's "Availability" (staff): away until a day, so that no item is given to them meanwhile; their open items
 * are listed for a supervisor to reassign (docs/service-levels.md#assignment).
 */
export function AvailabilityPanel() {
  const availability = useQuery(serviceLevelQueries.availability())
  const save = useSetAvailability()
  const [day, setDay] = useState('')
  const [error, setError] = useState<string | null>(null)
  const ids = { title: useId(), day: useId(), error: useId() }
  const awayUntil = availability.data?.awayUntil ?? null
  const openItems = availability.data?.openItems ?? []

  const submit = (value: string | null) => {
    if (value === '') return setError('Choose the last day you are away.')
    save.mutate(
      { awayUntil: value },
      {
        onSuccess: () => {
          setDay('')
          notify(value ? `You are away until ${formatDay(value)}.` : 'You are back: items can be given to you again.', {
            type: 'success',
          })
        },
        onError: (caught) => setError(describeError(caught)),
      },
    )
  }

  return (
    <section className={styles.stack} aria-labelledby={ids.title}>
      <h2 id={ids.title}>Availability</h2>
      {availability.isPending ? (
        <p>Loading your availability…</p>
      ) : availability.error ? (
        <p role="alert">{describeError(availability.error, "We couldn't load your availability.")}</p>
      ) : (
        <>
          <p>
            {awayUntil
              ? `You are away until ${formatDay(awayUntil)} (inclusive): no new item is given to you.`
              : 'You are available: new items can be given to you.'}
          </p>
          {awayUntil && openItems.length > 0 && (
            <p className={styles.notice}>
              You still have {openItems.length} open item{openItems.length === 1 ? '' : 's'} (
              {[...new Set(openItems.map((i) => QUEUE_LABELS[i.queue]))].join(', ')}): a supervisor can reassign them from the
              escalations screen.
            </p>
          )}
          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.day}>
              Away until (last day away)
            </label>
            <input
              id={ids.day}
              type="date"
              className={styles.control}
              value={day}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              onChange={(event) => {
                setDay(event.target.value)
                setError(null)
              }}
            />
            {error && (
              <p id={ids.error} className={styles.error} role="alert">
                {error}
              </p>
            )}
          </div>
          <div className={styles.cluster}>
            <Button variant="secondary" loading={save.isPending} onClick={() => submit(day)}>
              Set me away
            </Button>
            {awayUntil && (
              <Button variant="link" disabled={save.isPending} onClick={() => submit(null)}>
                I am back
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  )
}
