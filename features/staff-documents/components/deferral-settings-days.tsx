import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { cx } from '@/components/ui/cx'
import { ErrorState } from '@/components/ui/error-state'
import { fieldStyles } from '@/components/ui/field'
import { Form } from '@/components/ui/form'
import { PendingChanges } from '@/components/ui/pending-changes'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toasts'
import { DEFERRAL_MAX_DAYS_LIMIT } from '@/lib/contracts/deferral-values'
import { SENT_FOR_APPROVAL } from '@/lib/http/config-answer'
import { describeError, getApiErrors } from '@/lib/http/errors'
import { authorizationReads, deferralReads } from '@/lib/query/shared-queries'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import sharedStyles from '@/styles/staff-screens.module.css'
import { useSetMaxDays } from '../api/deferral-settings-calls'
import own from './deferral-settings.module.css'
import ownStyles from './staff-documents.module.css'

const styles = { ...sharedStyles, ...ownStyles }

interface Values {
  /** The input's text: a whole number of days once checked. */
  days: string
}

const resolver = lazyZodResolver<Values, { days: number }>(() => import('../model/max-days').then((m) => m.maxDaysFormSchema))

const daysText = (n: number) => `${n} day${n === 1 ? '' : 's'}`

function MaxDaysForm({ current, canEdit }: { current: number; canEdit: boolean }) {
  const waiting = useQuery(authorizationReads.pending('setting')).data
  const ids = { input: useId(), hint: useId(), error: useId() }
  const form = useForm<Values, unknown, { days: number }>({ resolver, defaultValues: { days: String(current) } })
  const value = useWatch({ control: form.control, name: 'days' }) ?? ''
  const [confirming, setConfirming] = useState<number | null>(null)
  const [sentFor, setSentFor] = useState<string | null>(null)
  const save = useSetMaxDays()
  // One request at a time (the API answers 409 to a second): its notice says who decides it.
  const maxDaysPending = waiting?.some((p) => p.type === 'DEFERRAL_MAX_DAYS') ?? false
  const { errors } = form.formState
  const error = errors.days?.message ?? errors.root?.server?.message

  useEffect(() => {
    if (canEdit) void resolver.preload()
  }, [canEdit])

  if (!canEdit) {
    return (
      <p>
        Businesses may ask to provide a document up to <strong>{daysText(current)}</strong> later.
      </p>
    )
  }

  // The new maximum is asked again in a dialog before it is sent.
  const submit = ({ days }: { days: number }) => setConfirming(days)
  const confirm = () => {
    if (confirming === null) return
    setSentFor(null)
    save.mutate(confirming, {
      onSuccess: (answer) => {
        setConfirming(null)
        if (answer.pending) {
          // Nothing changed yet (FOUR_EYES_CONFIG): the field shows the maximum in force.
          form.reset({ days: String(current) })
          setSentFor(answer.authorization.id)
          notify(SENT_FOR_APPROVAL, { type: 'success' })
          return
        }
        form.reset({ days: String(answer.record.maxDays) })
        notify(`Deferrals may now ask for at most ${daysText(answer.record.maxDays)}.`, { type: 'success' })
      },
      onError: (failure) => {
        setConfirming(null)
        const field = getApiErrors(failure).find((e) => e.field === 'days')
        if (field?.message) form.setError('days', { message: `Days ${field.message}` })
        else form.setError('root.server', { message: describeError(failure, "We couldn't save the maximum.") })
      },
    })
  }

  return (
    <>
      <PendingChanges pending={waiting} sentFor={sentFor} />
      {/* The server's refusal shows in the field's error line, under the hint. */}
      <Form form={form} onSubmit={submit} className={own.days} showRootErrors={false}>
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
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
            {...form.register('days', { onChange: () => form.clearErrors('root.server') })}
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
      </Form>
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
