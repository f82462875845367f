import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import type { changePasswordSchema, ChangePasswordInput } from '@/lib/contracts/accounts'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useChangePassword } from '../api/profile-calls'
import styles from './auth-card.module.css'
import { NewPasswordField } from './password-checklist'

const resolver = lazyZodResolver(() => import('@/lib/contracts/accounts').then((m) => m.changePasswordSchema))

export function ChangePasswordForm() {
  const change = useChangePassword()
  const form = useForm<ChangePasswordInput, unknown, z.output<typeof changePasswordSchema>>({
    resolver,
    defaultValues: { currentPassword: '', newPassword: '' },
  })
  useEffect(() => void resolver.preload(), [])
  const submit = async (values: z.output<typeof changePasswordSchema>) => {
    try {
      const answer = await change.mutateAsync(values)
      notify(answer.message, { type: 'success' })
      form.reset()
    } catch (error) {
      applyApiErrors(error, form.setError, ['currentPassword', 'newPassword'])
    }
  }
  return (
    <Form form={form} onSubmit={submit} aria-labelledby="change-password-title">
      <div className={styles.stack}>
        <h2 id="change-password-title">Change password</h2>
        <TextField name="currentPassword" type="password" label="Current password" autoComplete="current-password" required />
        <NewPasswordField name="newPassword" label="New password" />
        <div>
          <Button type="submit" loading={form.formState.isSubmitting} loadingText="Changing…">
            Change password
          </Button>
        </div>
      </div>
    </Form>
  )
}
