import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import type { ConfirmedFactor, ConfirmTotpInput, StartTotpInput, TotpEnrolment } from '@/lib/contracts/factors'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useConfirmTotp, useStartTotp } from '../api/factor-calls'
import { RecoveryCodesList } from './recovery-codes-list'

const startResolver = lazyZodResolver<StartTotpInput>(() => import('@/lib/contracts/factors').then((m) => m.startTotpSchema))
const confirmResolver = lazyZodResolver<ConfirmTotpInput>(() =>
  import('@/lib/contracts/factors').then((m) => m.confirmTotpSchema),
)

/**
 * Setting up an authenticator app: name it, scan the QR code (or type the secret), confirm with a code it shows; the
 * first factor also shows the ten recovery codes. `onDone` runs when the user has seen everything.
 */
export function TotpEnrolment({
  onDone,
  doneLabel = 'Done',
}: {
  onDone: (confirmed: ConfirmedFactor) => void
  doneLabel?: string
}) {
  const start = useStartTotp()
  const confirm = useConfirmTotp()
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null)
  const [confirmed, setConfirmed] = useState<ConfirmedFactor | null>(null)
  const nameForm = useForm<StartTotpInput>({ resolver: startResolver, defaultValues: { name: 'Authenticator app' } })
  const codeForm = useForm<ConfirmTotpInput>({ resolver: confirmResolver, defaultValues: { code: '' } })

  if (confirmed) {
    return (
      <div>
        <p role="status">
          <strong>{confirmed.factor.name}</strong> is set up. From now on, signing in asks for a code from it.
        </p>
        {confirmed.recoveryCodes && <RecoveryCodesList codes={confirmed.recoveryCodes} />}
        <Button type="button" onClick={() => onDone(confirmed)}>
          {confirmed.recoveryCodes ? `I have saved my codes · ${doneLabel}` : doneLabel}
        </Button>
      </div>
    )
  }

  if (!enrolment) {
    return (
      <Form
        form={nameForm}
        aria-label="Name the authenticator app"
        onSubmit={async (values) => {
          try {
            setEnrolment(await start.mutateAsync(values))
          } catch (error) {
            applyApiErrors(error, nameForm.setError, ['name'])
          }
        }}
      >
        <TextField name="name" label="Name this factor" hint="So you can tell your factors apart, e.g. “Work phone”." required />
        <Button type="submit" loading={nameForm.formState.isSubmitting} loadingText="Preparing…">
          Set up an authenticator app
        </Button>
      </Form>
    )
  }

  return (
    <div>
      <ol>
        <li>
          Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) and scan this code:
          <div>
            {/* Made on the server from the otpauth URI; an <img> never runs what an SVG might carry. */}
            <img
              src={`data:image/svg+xml;base64,${btoa(enrolment.qrSvg)}`}
              width={192}
              height={192}
              alt="QR code for your authenticator app. If you cannot scan it, type the key shown below."
            />
          </div>
          <p>
            Cannot scan? Enter this key in the app instead:{' '}
            <code aria-label="Setup key">{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
        </li>
        <li>Enter the 6-digit code the app now shows.</li>
      </ol>
      <Form
        form={codeForm}
        aria-label="Confirm the authenticator app"
        onSubmit={async (values) => {
          try {
            setConfirmed(await confirm.mutateAsync({ id: enrolment.id, ...values }))
          } catch (error) {
            if (!applyApiErrors(error, codeForm.setError, ['code'])) {
              codeForm.setError('root.server', { message: 'Could not confirm the app; start again.' })
            }
          }
        }}
      >
        <TextField
          name="code"
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          autoFocus
          required
        />
        <Button type="submit" loading={codeForm.formState.isSubmitting} loadingText="Confirming…">
          Confirm
        </Button>
      </Form>
    </div>
  )
}
