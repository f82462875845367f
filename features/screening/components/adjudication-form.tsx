import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FieldErrorMessage } from '@/components/ui/field'
import { Form } from '@/components/ui/form'
import { TextAreaField } from '@/components/ui/text-area-field'
import { notify } from '@/components/ui/toasts'
import type { adjudicationInputSchema, ScreeningHitView } from '@/lib/contracts/screening'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError, getHttpStatus } from '@/lib/http/errors'
import { lazyZodResolver, usePreloadOnFirstInput } from '@/lib/validation/lazy-resolver'
import { useAdjudicateHit } from '../api/hit-calls'
import { LIST_KIND_WORDS } from '../model/screening-words'
import styles from './screening.module.css'

interface Values {
  decision: '' | 'FALSE_MATCH' | 'TRUE_MATCH'
  reason: string
}
type Output = z.output<typeof adjudicationInputSchema>

// One schema for the form and the call: the contract's.
const resolver = lazyZodResolver<Values, Output>(() =>
  import('@/lib/contracts/screening').then((m) => m.adjudicationInputSchema as never),
)

export interface AdjudicationFormProps {
  hit: ScreeningHitView
  subjectName: string
  /** The review's own refresh (its checklist and decision depend on the outcome). */
  onAdjudicated?: () => void
  /** Someone else decided the candidate first (409): the section shows it with the fresh state. */
  onConflict: (message: string) => void
}

/**
 * Adjudicate one OPEN candidate: a false match or a true match, with the reason the audit keeps. A true match is asked
 * again in a dialog: on a sanctions list it blocks the business for good.
 */
export function AdjudicationForm({ hit, subjectName, onAdjudicated, onConflict }: AdjudicationFormProps) {
  const ids = { decisionError: useId() }
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: { decision: '', reason: '' } })
  const decision = useWatch({ control: form.control, name: 'decision' })
  const [confirming, setConfirming] = useState<Output | null>(null)
  usePreloadOnFirstInput(resolver)
  const adjudicate = useAdjudicateHit({
    onSuccess: (done) => {
      notify(
        done.status === 'FALSE_MATCH'
          ? `Cleared: ${subjectName} is not ${hit.entry.primaryName}.`
          : `Confirmed: ${subjectName} is ${hit.entry.primaryName}.`,
        { type: 'success' },
      )
      setConfirming(null)
      onAdjudicated?.()
    },
    onError: (error) => {
      setConfirming(null)
      if (getHttpStatus(error) === 409) onConflict(describeError(error, 'This candidate was already adjudicated.'))
      else applyApiErrors(error, form.setError, ['decision', 'reason'])
    },
  })

  const send = (input: Output) => adjudicate.mutate({ hitId: hit.id, input })
  const submit = (values: Output) => (values.decision === 'TRUE_MATCH' ? setConfirming(values) : send(values))
  const decisionError = form.formState.errors.decision?.message
  const sanctions = hit.entry.list.kind === 'SANCTIONS'

  return (
    <Form
      form={form}
      onSubmit={submit}
      className={styles.adjudication}
      aria-label={`Adjudicate ${hit.entry.primaryName} (${hit.entry.sourceId})`}
    >
      <fieldset className={styles.choices} aria-describedby={decisionError ? ids.decisionError : undefined}>
        <legend>Your decision</legend>
        <label>
          <input type="radio" value="FALSE_MATCH" {...form.register('decision')} /> False match: not the listed{' '}
          {hit.entry.subjectKind === 'ENTITY' ? 'entity' : 'person'}
        </label>
        <label>
          <input type="radio" value="TRUE_MATCH" {...form.register('decision')} /> True match: the listed{' '}
          {hit.entry.subjectKind === 'ENTITY' ? 'entity' : 'person'}
        </label>
      </fieldset>
      <FieldErrorMessage id={ids.decisionError} message={decisionError} />
      <TextAreaField<Values>
        name="reason"
        label="Reason (kept in the audit log)"
        hint="What you compared: date of birth, nationality, documents, other sources."
        rows={3}
        required
      />
      <div className={styles.actions}>
        <Button
          type="submit"
          variant={decision === 'TRUE_MATCH' ? 'danger' : 'primary'}
          loading={adjudicate.isPending && !confirming}
          loadingText="Saving the decision…"
        >
          {decision === 'TRUE_MATCH' ? 'Confirm true match' : 'Record decision'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={`Confirm that ${subjectName} is ${hit.entry.primaryName}?`}
        description={
          sanctions
            ? `A true match on a ${LIST_KIND_WORDS.SANCTIONS} blocks this business for good: it can only be declined, with the reference of the report filed with the NFIU. This cannot be undone.`
            : `A true match on a ${LIST_KIND_WORDS[hit.entry.list.kind]} marks the business for enhanced due diligence. This cannot be undone.`
        }
        confirmLabel="Confirm true match"
        destructive
        busy={adjudicate.isPending}
        busyText="Saving the decision…"
        onConfirm={() => confirming && send(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </Form>
  )
}
