import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import type { Account, ProfileDetailsInput, profileDetailsSchema } from '@/lib/contracts/accounts'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useUpdateAccount } from '../api/profile-calls'
import styles from './auth-card.module.css'

const resolver = lazyZodResolver(() => import('@/lib/contracts/accounts').then((m) => m.profileDetailsSchema))

/** Own name and phone (PATCH /accounts/me); the e-mail is shown, not editable. */
export function ProfileDetailsForm({ account }: { account: Account }) {
  const update = useUpdateAccount()
  const form = useForm<ProfileDetailsInput, unknown, z.output<typeof profileDetailsSchema>>({
    resolver,
    values: { firstName: account.firstName, lastName: account.lastName, phone: account.phone ?? '' },
  })
  useEffect(() => void resolver.preload(), [])
  const submit = async (values: z.output<typeof profileDetailsSchema>) => {
    try {
      await update.mutateAsync(values)
      notify('Your details are saved.', { type: 'success' })
    } catch (error) {
      applyApiErrors(error, form.setError, ['firstName', 'lastName', 'phone'])
    }
  }
  return (
    <Form form={form} onSubmit={submit} aria-labelledby="profile-details-title">
      <div className={styles.stack}>
        <h2 id="profile-details-title">Your details</h2>
        <p>
          E-mail: <strong>{account.email}</strong>
        </p>
        <div className={styles.row}>
          <TextField name="firstName" label="First name" autoComplete="given-name" required />
          <TextField name="lastName" label="Last name" autoComplete="family-name" required />
        </div>
        <TextField name="phone" type="tel" label="Phone number" required />
        <div>
          <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…" disabled={!form.formState.isDirty}>
            Save details
          </Button>
        </div>
      </div>
    </Form>
  )
}
