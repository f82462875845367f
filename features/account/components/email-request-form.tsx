import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import type { emailOnlySchema, EmailOnlyInput } from '@/lib/contracts/accounts'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import styles from './auth-card.module.css'

const resolver = lazyZodResolver(() => import('@/lib/contracts/accounts').then((m) => m.emailOnlySchema))

/** One e-mail field and a button: resend activation and the first step of password recovery. */
export function EmailRequestForm({
  label,
  submitLabel,
  defaultEmail,
  onSubmit,
}: {
  label: string
  submitLabel: string
  defaultEmail?: string
  onSubmit: (input: z.output<typeof emailOnlySchema>) => Promise<unknown>
}) {
  const form = useForm<EmailOnlyInput, unknown, z.output<typeof emailOnlySchema>>({
    resolver,
    defaultValues: { email: defaultEmail ?? '' },
  })
  useEffect(() => void resolver.preload(), [])
  const submit = async (values: z.output<typeof emailOnlySchema>) => {
    try {
      await onSubmit(values)
    } catch (error) {
      // Only a refused request needs the API's field errors: not part of the page's first-load JavaScript.
      const { applyApiErrors } = await import('@/lib/http/apply-api-errors')
      applyApiErrors(error, form.setError, ['email'])
    }
  }
  return (
    <Form form={form} onSubmit={submit} aria-label={label}>
      <div className={styles.stack}>
        <TextField name="email" type="email" label="E-mail address" required />
        <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
          {submitLabel}
        </Button>
      </div>
    </Form>
  )
}
