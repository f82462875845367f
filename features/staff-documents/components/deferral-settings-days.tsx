import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { cx } from '@/components/ui/cx'
import { ErrorState } from '@/components/ui/error-state'
import { fieldStyles } from '@/components/ui/field'
import { PendingChanges } from '@/components/ui/pending-changes'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toasts'
import { DEFERRAL_MAX_DAYS_LIMIT } from '@/lib/contracts/deferral-values'
import { SENT_FOR_APPROVAL } from '@/lib/http/config-answer'
import { describeError, getApiErrors } from '@/lib/http/errors'
import { authorizationReads, deferralReads } from '@/lib/query/shared-queries'
import sharedStyles from '@/styles/staff-screens.module.css'
import { useSetMaxDays } from '../api/deferral-settings-calls'
import own from './deferral-settings.module.css'
import ownStyles from './staff-documents.module.css'

const styles = { ...sharedStyles, ...ownStyles }

/** The client's check of a maximum (the server checks again): a message, or null when fine. */
export function checkMaxDays(text: string): string | null {
  const value = text.trim()
  if (value === '') return 'Enter the number of days'
  const days = Number(value)
  if (!/^\d+$/.test(value) || !Number.isInteger(days)) return 'Enter a whole number of days'
  if (days < 1) return 'The maximum is at least 1 day'
  if (days > DEFERRAL_MAX_DAYS_LIMIT) return `The maximum is at most ${DEFERRAL_MAX_DAYS_LIMIT} days`
  return null
}

const daysText = (n: number) => `${n} day${n === 1 ? '' : 's'}`

function MaxDaysForm({ current, canEdit }: { current: number; canEdit: boolean }) {
  const waiting = useQuery(authorizationReads.pending('setting')).data
  const ids = { input: useId(), hint: useId(), error: useId() }
  const [value, setValue] = useState(String(current))
  const [error, setError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<number | null>(null)
  const [sentFor, setSentFor] = useState<string | null>(null)
  const save = useSetMaxDays()
  // One request at a time (the API answers 409 to a second): its notice says who decides it.
  const maxDaysPending = waiting?.some((p) => p.type === 'DEFERRAL_MAX_DAYS') ?? false

  if (!canEdit) {
    return (
      <p>
        Businesses may ask to provide a document up to <strong>{daysText(current)}</strong> later.
      </p>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = checkMaxDays(value)
    setError(problem)
    if (!problem) setConfirming(Number(value.trim()))
  }
  const confirm = () => {
    if (confirming === null) return
    setSentFor(null)
    save.mutate(confirming, {
      onSuccess: (answer) => {
        setConfirming(null)
        if (answer.pending) {
          // Nothing changed yet (FOUR_EYES_CONFIG): the field shows the maximum in force.
          setValue(String(current))
          setSentFor(answer.authorization.id)
          notify(SENT_FOR_APPROVAL, { type: 'success' })
          return
        }
        setValue(String(answer.record.maxDays))
        notify(`Deferrals may now ask for at most ${daysText(answer.record.maxDays)}.`, { type: 'success' })
      },
      onError: (failure) => {
        setConfirming(null)
        const field = getApiErrors(failure).find((e) => e.field === 'days')
        setError(field?.message ? `Days ${field.message}` : describeError(failure, "We couldn't save the maximum."))
      },
    })
  }

  return (
    <>
      <PendingChanges pending={waiting} sentFor={sentFor} />
      <form className={own.days} onSubmit={submit} noValidate>
        <div className={cx(fieldStyles.field, own.daysInput)}>
          <label htmlFor={ids.input} className={fieldStyles.label}>
            Maximum days
          </label>
          <input
            id={ids.input}
            type="number"
            inputMode="numeric"
            min={1}
            max={DEFERRAL_MAX_DAYS_LIMIT}
            step={1}
            className={fieldStyles.control}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
            onChange={(e) => {
              setValue(e.target.value)
              setError(null)
            }}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={value.trim() === String(current) || maxDaysPending}>
          Save maximum
        </Button>
        <p id={ids.hint} className={cx(styles.muted, styles.small, own.full)}>
          The longest deferral a business may ask for, from 1 to {DEFERRAL_MAX_DAYS_LIMIT} days. Now {daysText(current)}.
        </p>
        {error && (
          <p id={ids.error} role="alert" className={cx(fieldStyles.error, own.full)}>
            {error}
          </p>
        )}
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={`Set the maximum to ${daysText(confirming ?? 0)}?`}
        description={`From now on a business may ask to provide a document at most ${daysText(confirming ?? 0)} later. Deferrals already requested keep their days.`}
        confirmLabel="Set maximum"
        busy={save.isPending}
        busyText="Saving…"
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </>
  )
}

/** The most days a deferral may ask for (`GET /deferrals/deferrable-max-days`), changed by CAN_UPDATE_DEFERRABLE holders. */
export function MaxDaysSetting({ canEdit }: { canEdit: boolean }) {
  const maxDays = useQuery(deferralReads.maxDays())
  if (maxDays.isError)
    return (
      <ErrorState
        headingLevel={3}
        message={describeError(maxDays.error, "We couldn't load the maximum.")}
        onRetry={() => void maxDays.refetch()}
        retrying={maxDays.isFetching}
      />
    )
  if (!maxDays.data) return <Skeleton count={1} label="Loading the maximum" />
  return <MaxDaysForm current={maxDays.data.maxDays} canEdit={canEdit} />
}
