import { useEffect, useId } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { CheckboxField } from '@/components/ui/checkbox-field'
import { Form } from '@/components/ui/form'
import { Modal } from '@/components/ui/modal'
import { TextAreaField } from '@/components/ui/text-area-field'
import { TextField } from '@/components/ui/text-field'
import { serviceLevelWords } from '@/lib/contracts/authorization-values'
import { MAX_TARGET_DAYS } from '@/lib/contracts/service-level-values'
import type { ServiceLevel } from '@/lib/contracts/service-levels'
import { describeError, fieldErrors } from '@/lib/http/errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useChangeServiceLevel } from '../api/service-level-settings-calls'

interface Values {
  /** The input's text: a whole number of business days once checked. */
  targetBusinessDays: string
  autoAssign: boolean
  reason: string
}
interface Output {
  targetBusinessDays: number
  autoAssign: boolean
  reason: string
}

const FIELDS = ['targetBusinessDays', 'autoAssign', 'reason'] as const
type Field = (typeof FIELDS)[number]

/** What a message that does not say it names the field with ("must be …" from the shared schema or the API). */
const FIELD_NAMES: Record<Field, string> = {
  targetBusinessDays: 'The target',
  autoAssign: 'Auto-assignment',
  reason: 'The reason',
}
export const namedError = (field: Field, message: string) =>
  /^must\b/.test(message) ? `${FIELD_NAMES[field]} ${message}` : message

// The API call's own schema (`serviceLevelInputSchema`), loaded on first validation.
const schemaResolver = lazyZodResolver<Values, Output>(() =>
  import('@/lib/contracts/service-levels').then((m) => m.serviceLevelInputSchema as never),
)
const resolver: Resolver<Values, unknown, Output> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options)
  for (const field of FIELDS) {
    const error = result.errors[field]
    if (error?.message) error.message = namedError(field, error.message)
  }
  return result
}

/** What the change came to: sent for a second person's approval (202), or saved at once (200). */
export type ServiceLevelAnswer =
  | { pending: true; queue: ServiceLevel; proposed: Output; authorizationId: string }
  | { pending: false; queue: ServiceLevel; proposed: Output }

/**
 * "Edit" on a queue's row: its target in business days, auto-assignment, and the reason the second person reads
 * (`PUT /service-levels/{queue}`, the same zod schema as the API). Field errors from the API go under their field.
 */
export function ServiceLevelDialog({
  level,
  onClose,
  onDone,
}: {
  level: ServiceLevel
  onClose: () => void
  onDone: (answer: ServiceLevelAnswer) => void
}) {
  const formId = useId()
  const change = useChangeServiceLevel()
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: { targetBusinessDays: String(level.targetBusinessDays), autoAssign: level.autoAssign, reason: '' },
  })
  useEffect(() => {
    void schemaResolver.preload()
  }, [])

  const submit = async (values: Output) => {
    try {
      const answer = await change.mutateAsync({ queue: level.queue, input: values })
      onDone(
        answer.pending
          ? { pending: true, queue: level, proposed: values, authorizationId: answer.authorization.id }
          : { pending: false, queue: level, proposed: values },
      )
    } catch (error) {
      const byField = fieldErrors(error)
      let focused = false
      for (const field of FIELDS) {
        const message = byField[field]
        if (!message) continue
        form.setError(field, { type: 'server', message: namedError(field, message) }, { shouldFocus: !focused })
        focused = true
      }
      if (!focused) form.setError('root.server', { message: describeError(error, 'The change was not sent.') })
    }
  }

  const busy = form.formState.isSubmitting
  return (
    <Modal
      open
      onClose={onClose}
      title={`Change the service level of ${level.label}`}
      description={`Now ${serviceLevelWords(level.targetBusinessDays, level.autoAssign)}. With four-eyes on, a second person approves the change before it applies.`}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} loadingText="Sending…">
            Send the change
          </Button>
        </>
      }
    >
      <Form form={form} onSubmit={submit} id={formId} aria-label={`Service level of ${level.label}`}>
        <TextField<Values>
          name="targetBusinessDays"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TARGET_DAYS}
          step={1}
          label="Target in business days"
          hint={`From 1 to ${MAX_TARGET_DAYS}. An item is due at midnight (Lagos) of the last of them, the day it arrives not counted.`}
          required
        />
        <CheckboxField<Values>
          name="autoAssign"
          label="Assign new items automatically"
          hint="Round-robin among the staff who may decide them and are not away."
        />
        <TextAreaField<Values> name="reason" label="Reason" hint="The second person reads it before deciding." required />
      </Form>
    </Modal>
  )
}
