import { useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Modal } from '@/components/ui/modal'
import { TextAreaField } from '@/components/ui/text-area-field'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import { checkDeferralRequest, DEFERRAL_REASON_MAX } from '@/lib/contracts/deferral-values'
import { describeError, fieldErrors } from '@/lib/http/errors'
import { useRequestDeferral } from '../../api/document-calls'
import styles from './documents.module.css'

interface Values {
  days: string
  reason: string
}

export interface DeferralRequestDialogProps {
  open: boolean
  onClose: () => void
  businessId: string
  documentType: { id: string; name: string }
  maxDays: number
}

function resolverFor(maxDays: number): Resolver<Values> {
  return async (values) => {
    const problems = checkDeferralRequest(values, maxDays)
    const errors = Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, { type: 'validate', message }]))
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} }
  }
}

/**
 * Ask to provide a document later (docs/domain.md#deferral): how many days (1 to the configured maximum) and why, then
 * a confirmation of exactly what is asked before it is sent.
 */
export function DeferralRequestDialog({ open, onClose, businessId, documentType, maxDays }: DeferralRequestDialogProps) {
  const form = useForm<Values>({ resolver: resolverFor(maxDays), defaultValues: { days: '', reason: '' } })
  const [confirming, setConfirming] = useState<Values | null>(null)
  const request = useRequestDeferral()
  const formId = `deferral-${documentType.id}`

  function close() {
    if (request.isPending) return
    form.reset()
    setConfirming(null)
    request.reset()
    onClose()
  }

  async function send(values: Values) {
    try {
      await request.mutateAsync({
        businessId,
        documentTypeId: documentType.id,
        days: Number(values.days),
        reason: values.reason.trim(),
      })
      notify(`Deferral requested for ${documentType.name}`, { type: 'success' })
      close()
    } catch (error) {
      setConfirming(null)
      const byField = fieldErrors(error)
      let placed = false
      for (const field of ['days', 'reason'] as const) {
        if (byField[field]) {
          form.setError(field, { message: byField[field] })
          placed = true
        }
      }
      if (!placed) form.setError('root.server', { message: describeError(error, "We couldn't send the request. Try again.") })
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      dismissible={!request.isPending}
      title={`Request a deferral: ${documentType.name}`}
      description={
        confirming ? undefined : `Say how many days you need (at most ${maxDays}) and why. Our compliance team decides.`
      }
      footer={
        confirming ? (
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={request.isPending}>
              Back
            </Button>
            <Button onClick={() => void send(confirming)} loading={request.isPending} loadingText="Sending…">
              Confirm request
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form={formId}>
              Continue
            </Button>
          </>
        )
      }
    >
      {confirming ? (
        <p className={styles.confirm} role="status">
          You are asking to provide the <strong>{documentType.name}</strong> within{' '}
          <strong>{Number(confirming.days)} days</strong> of approval, because: “{confirming.reason.trim()}”.
        </p>
      ) : (
        <Form
          form={form}
          id={formId}
          onSubmit={(values) => setConfirming(values)}
          aria-label={`Deferral request for ${documentType.name}`}
          className={styles.formStack}
        >
          <TextField<Values>
            name="days"
            type="number"
            label="Days needed"
            hint={`1 to ${maxDays} days, counted from the approval of the request.`}
            min={1}
            max={maxDays}
            step={1}
            required
          />
          <TextAreaField<Values>
            name="reason"
            label="Reason"
            hint="Why the document cannot be provided yet."
            maxLength={DEFERRAL_REASON_MAX}
            required
          />
        </Form>
      )}
    </Modal>
  )
}
