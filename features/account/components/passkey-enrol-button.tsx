import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import type { ConfirmedFactor, StartPasskeyInput, startPasskeySchema } from '@/lib/contracts/factors'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { firstErrorMessage } from '@/lib/http/errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { PasskeyError, useEnrolPasskey } from '../api/passkey-calls'
import styles from './passkey.module.css'
import { RecoveryCodesList } from './recovery-codes-list'

const resolver = lazyZodResolver(() => import('@/lib/contracts/factors').then((m) => m.startPasskeySchema))

/**
 * Names a new passkey or security key and asks the browser to make it (POST /accounts/factors/webauthn/options, the
 * browser's prompt, POST /accounts/factors/webauthn). A first factor brings ten recovery codes, shown here until the
 * user says they saved them; `onDone` runs then (at once when there are none).
 */
export function PasskeyEnrolButton({
  onDone,
  doneLabel = 'Done',
}: {
  onDone?: (confirmed: ConfirmedFactor) => void
  doneLabel?: string
}) {
  const enrol = useEnrolPasskey()
  const [withCodes, setWithCodes] = useState<ConfirmedFactor | null>(null)
  const form = useForm<StartPasskeyInput, unknown, z.output<typeof startPasskeySchema>>({
    resolver,
    defaultValues: { name: '' },
  })

  const submit = async ({ name }: z.output<typeof startPasskeySchema>) => {
    try {
      const confirmed = await enrol.mutateAsync(name)
      form.reset({ name: '' })
      if (confirmed.recoveryCodes) setWithCodes(confirmed)
      else onDone?.(confirmed)
    } catch (error) {
      if (error instanceof PasskeyError) form.setError('root.server', { message: error.message })
      else if (!applyApiErrors(error, form.setError, ['name']))
        form.setError('root.server', { message: firstErrorMessage(error) ?? 'The passkey could not be added; try again.' })
    }
  }

  if (withCodes) {
    return (
      <div className={styles.stack}>
        <p role="status">
          <strong>{withCodes.factor.name}</strong> is added. From now on, signing in asks for it.
        </p>
        <RecoveryCodesList codes={withCodes.recoveryCodes!} />
        <div>
          <Button
            onClick={() => {
              setWithCodes(null)
              onDone?.(withCodes)
            }}
          >
            I have saved my codes · {doneLabel}
          </Button>
        </div>
      </div>
    )
  }

  return (
    <Form form={form} onSubmit={submit} aria-label="Add a passkey">
      <div className={styles.enrol}>
        <TextField
          name="name"
          label="Name of the passkey"
          hint="So you can tell your keys apart, e.g. “Work laptop” or “YubiKey”."
          autoComplete="off"
          maxLength={60}
          required
        />
        <Button type="submit" variant="secondary" loading={form.formState.isSubmitting} loadingText="Waiting for your passkey…">
          Add a passkey
        </Button>
      </div>
    </Form>
  )
}
