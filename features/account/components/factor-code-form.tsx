import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import type { FactorCodeProof } from '@/lib/contracts/factors'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { firstErrorMessage } from '@/lib/http/errors'
import { lazyZodResolver, usePreloadOnFirstInput } from '@/lib/validation/lazy-resolver'
import styles from './auth-card.module.css'

type Method = FactorCodeProof['method']
const resolver = lazyZodResolver<{ method: Method; code: string }, FactorCodeProof>(() =>
  import('@/lib/contracts/factors').then((m) => m.factorCodeProofSchema),
)

/**
 * A code from the authenticator app, or (switching) one of the recovery codes: the sign-in's second step and the
 * step-up dialog. `onSubmit` throws the API's error; a field error lands on the code, anything else above it.
 */
export function FactorCodeForm({
  onSubmit,
  submitLabel,
  busyLabel,
  extraActions,
}: {
  onSubmit: (proof: FactorCodeProof) => Promise<unknown>
  submitLabel: string
  busyLabel: string
  /** More buttons under the form (Cancel in a dialog). */
  extraActions?: React.ReactNode
}) {
  const [method, setMethod] = useState<Method>('TOTP')
  const form = useForm<{ method: Method; code: string }, unknown, FactorCodeProof>({
    resolver,
    defaultValues: { method: 'TOTP', code: '' },
  })
  usePreloadOnFirstInput(resolver)

  const switchTo = (next: Method) => {
    setMethod(next)
    form.reset({ method: next, code: '' })
    form.setFocus('code')
  }

  const submit = async (values: FactorCodeProof) => {
    try {
      await onSubmit(values)
    } catch (error) {
      if (!applyApiErrors(error, form.setError, ['code'])) {
        form.setError('root.server', { message: firstErrorMessage(error) ?? 'That did not work; please try again' })
      }
    }
  }

  return (
    <Form form={form} onSubmit={submit} aria-label="Second factor">
      <div className={styles.stack}>
        {method === 'TOTP' ? (
          <TextField
            key="totp"
            name="code"
            label="6-digit code from your authenticator app"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            autoFocus
            required
          />
        ) : (
          <TextField
            key="recovery"
            name="code"
            label="Recovery code"
            hint="One of the ten codes you saved when you set up your app, e.g. K7QF-M2XP-9TRD. Each works once."
            autoComplete="off"
            autoCapitalize="characters"
            autoFocus
            required
          />
        )}
        <Button type="submit" loading={form.formState.isSubmitting} loadingText={busyLabel} fullWidth>
          {submitLabel}
        </Button>
        <Button type="button" variant="link" onClick={() => switchTo(method === 'TOTP' ? 'RECOVERY_CODE' : 'TOTP')}>
          {method === 'TOTP' ? 'Use a recovery code instead' : 'Use my authenticator app'}
        </Button>
        {extraActions}
      </div>
    </Form>
  )
}
