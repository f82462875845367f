import { useEffect, useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Modal } from '@/components/ui/modal'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import type { inviteBusinessUserSchema } from '@/lib/contracts/businesses'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError, getApiErrors } from '@/lib/http/errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useInviteBusinessUser } from '../api/business-user-calls'
import styles from './businesses.module.css'

type Values = z.input<typeof inviteBusinessUserSchema>
type Output = z.output<typeof inviteBusinessUserSchema>

const resolver = lazyZodResolver<Values, Output>(() =>
  import('@/lib/contracts/businesses').then((m) => m.inviteBusinessUserSchema),
)

const ROLE_OPTIONS = [
  { value: 'BUSINESS_MEMBER', label: 'Member: helps capture the KYC' },
  { value: 'BUSINESS_OWNER', label: 'Owner: also manages users and products' },
]

export interface InviteUserDialogProps {
  open: boolean
  onClose: () => void
  businessId: string
  businessName?: string
}

/** Adds someone to the business by e-mail: an existing user is added at once, a new person gets an invitation. */
export function InviteUserDialog({ open, onClose, businessId, businessName }: InviteUserDialogProps) {
  const formId = useId()
  const invite = useInviteBusinessUser(businessId)
  const defaults: Values = { businessId, email: '', role: 'BUSINESS_MEMBER', firstName: '', lastName: '' }
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: defaults })

  useEffect(() => {
    if (open) void resolver.preload()
  }, [open])

  const close = () => {
    form.reset(defaults)
    onClose()
  }

  const submit = async (values: Output) => {
    try {
      const added = await invite.mutateAsync(values)
      const who = [added.firstName, added.lastName].filter(Boolean).join(' ')
      notify(
        added.status === 'PENDING_ACTIVATION'
          ? `Invitation sent to ${added.email}. They choose a password from the e-mail.`
          : `${who} (${added.email}) is now a user of ${businessName ?? 'the business'}.`,
        { type: 'success' },
      )
      close()
    } catch (error) {
      const onFields = applyApiErrors(error, form.setError, ['email', 'role', 'firstName', 'lastName'])
      if (!onFields && getApiErrors(error).length === 0) form.setError('root.server', { message: describeError(error) })
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Invite a user"
      description={`They get an e-mail. Someone new chooses a password from it; someone with an account sees ${businessName ?? 'the business'} when they sign in.`}
      dismissible={!form.formState.isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={form.formState.isSubmitting} loadingText="Sending the invitation…">
            Send invitation
          </Button>
        </>
      }
    >
      <Form form={form} onSubmit={submit} id={formId} aria-label="Invite a user">
        <div className={styles.formStack}>
          <TextField name="email" type="email" label="E-mail address" autoComplete="off" required />
          <SelectField name="role" label="Role" options={ROLE_OPTIONS} required />
          <div className={styles.row}>
            <TextField name="firstName" label="First name (optional)" autoComplete="off" />
            <TextField name="lastName" label="Last name (optional)" autoComplete="off" />
          </div>
        </div>
      </Form>
    </Modal>
  )
}
