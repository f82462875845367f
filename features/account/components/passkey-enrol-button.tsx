import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import type { ConfirmedFactor, StartPasskeyInput, startPasskeySchema } from '@/lib/contracts/factors'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { PasskeyError, useEnrolPasskey } from '../api/passkey-calls'
import styles from './passkey.module.css'

const resolver = lazyZodResolver(() => import('@/lib/contracts/factors').then((m) => m.startPasskeySchema))

/**
 * Names a new passkey or security key and asks the browser to make it (POST /accounts/factors/webauthn/options, then
 * the browser's prompt, then POST /accounts/factors/webauthn). `onEnrolled` gets the confirmation, with the recovery
 * codes when it was the first factor.
 */
export function PasskeyEnrolButton({ onEnrolled }: { onEnrolled?: (confirmed: ConfirmedFactor) => void }) {
  const enrol = useEnrolPasskey()
  const form = useForm<StartPasskeyInput, unknown, z.output<typeof startPasskeySchema>>({
    resolver,
    defaultValues: { name: '' },
  })

  const submit = async ({ name }: z.output<typeof startPasskeySchema>) => {
    try {
      const confirmed = await enrol.mutateAsync(name)
      form.reset({ name: '' })
      onEnrolled?.(confirmed)
    } catch (error) {
      if (error instanceof PasskeyError) form.setError('root.server', { message: error.message })
      else applyApiErrors(error, form.setError, ['name'])
    }
  }

  return (
    <Form form={form} onSubmit={submit} aria-label="Add a passkey">
      <div className={styles.enrol}>
        <TextField
          name="name"
          label="Name of the passkey"
          hint='So you can tell your keys apart, e.g. "Work laptop" or "YubiKey"'
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
