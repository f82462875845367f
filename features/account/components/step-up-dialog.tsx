import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Modal } from '@/components/ui/modal'
import { Spinner } from '@/components/ui/spinner'
import { TextField } from '@/components/ui/text-field'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { firstErrorMessage } from '@/lib/http/errors'
import { factorQueries, stepUp } from '../api/factor-calls'
import { FactorCodeForm } from './factor-code-form'
import { PasskeyStepUpButton } from './passkey-step-up-button'

/**
 * "Confirm it is you" before one of the most sensitive actions (docs/security.md#step-up): a code from the
 * authenticator app (or a recovery code); a user without a factor confirms with their password. On success the
 * action that asked is sent again by the HTTP layer.
 */
export function StepUpDialog({ message, onDone }: { message: string; onDone: (confirmed: boolean) => void }) {
  const factors = useQuery(factorQueries.forStepUp())
  const cancel = () => onDone(false)
  const hasFactor = (factors.data?.factors.length ?? 0) > 0

  return (
    <Modal
      open
      onClose={cancel}
      title="Confirm it is you"
      description={message || 'This action needs a fresh confirmation.'}
      size="sm"
    >
      {factors.isPending ? (
        <Spinner label="Loading…" />
      ) : hasFactor || factors.isError ? (
        <>
          {factors.data?.factors.some((f) => f.kind === 'WEBAUTHN') && <PasskeyStepUpButton onVerified={() => onDone(true)} />}
          <FactorCodeForm
            submitLabel="Confirm and continue"
            busyLabel="Confirming…"
            onSubmit={async (proof) => {
              await stepUp(proof)
              onDone(true)
            }}
            extraActions={
              <Button type="button" variant="secondary" onClick={cancel}>
                Cancel
              </Button>
            }
          />
        </>
      ) : (
        <PasswordStepUp onConfirmed={() => onDone(true)} onCancel={cancel} />
      )}
    </Modal>
  )
}

function PasswordStepUp({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } })
  return (
    <Form
      form={form}
      aria-label="Confirm with your password"
      onSubmit={async ({ password }) => {
        if (!password) return form.setError('password', { message: 'Enter your password' })
        try {
          await stepUp({ method: 'PASSWORD', password })
          onConfirmed()
        } catch (error) {
          if (!applyApiErrors(error, form.setError, ['password'])) {
            form.setError('root.server', { message: firstErrorMessage(error) ?? 'That did not work; please try again' })
          }
        }
      }}
    >
      <TextField name="password" type="password" label="Your password" autoComplete="current-password" autoFocus required />
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Confirming…">
          Confirm and continue
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  )
}
