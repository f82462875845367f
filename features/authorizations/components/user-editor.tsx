import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { ErrorState } from '@/components/ui/error-state'
import { Form } from '@/components/ui/form'
import { SelectField } from '@/components/ui/select-field'
import { Skeleton } from '@/components/ui/skeleton'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import type { StaffUser, StaffUserCreateInput, StaffUserUpdateInput } from '@/lib/contracts/authorizations'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError } from '@/lib/http/errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useRequestStaffUser, useRequestStaffUserChange } from '../api/authorization-calls'
import { authorizationQueries } from '../api/authorization-queries'
import styles from './authorizations.module.css'
import { EditorModal } from './editor-modal'
import { ReasonDialog } from './reason-dialog'

type Values = StaffUserCreateInput & { status: StaffUserUpdateInput['status'] }

const createResolver = lazyZodResolver<Values, Values>(() =>
  import('@/lib/contracts/authorizations').then(
    (m) => m.staffUserCreateSchema.extend({ status: m.staffUserUpdateSchema.shape.status }) as never,
  ),
)
const updateResolver = lazyZodResolver<Values, Values>(() =>
  import('@/lib/contracts/authorizations').then((m) => m.staffUserUpdateSchema.passthrough() as never),
)

const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'DISABLED', label: 'Disabled: signs them out everywhere' },
]

export interface UserEditorProps {
  /** null: closed; 'new': invite someone; else the staff user to change. */
  user: StaffUser | 'new' | null
  onClose: () => void
}

/** Proposes a staff user's invitation, or a change of their roles or status; another administrator approves it. */
export function UserEditor({ user, onClose }: UserEditorProps) {
  const formId = useId()
  const rolesLegend = useId()
  const existing = user && user !== 'new' ? user : null
  const roles = useQuery({ ...authorizationQueries.roles({ scope: 'staff' }), enabled: user !== null })
  const invite = useRequestStaffUser()
  const change = useRequestStaffUserChange()
  const [pending, setPending] = useState<StaffUserUpdateInput | null>(null)
  const defaults: Values = existing
    ? {
        email: existing.email,
        firstName: existing.firstName,
        lastName: existing.lastName,
        roleIds: existing.roles.map((r) => r.id),
        status: existing.status === 'DISABLED' ? 'DISABLED' : 'ACTIVE',
      }
    : { email: '', firstName: '', lastName: '', roleIds: [], status: 'ACTIVE' }
  const form = useForm<Values, unknown, Values>({ resolver: existing ? updateResolver : createResolver, defaultValues: defaults })

  useEffect(() => {
    if (user !== null) form.reset(defaults)
    // Reset only when another user is opened.
  }, [user])

  const close = () => {
    setPending(null)
    onClose()
  }
  const sent = () => {
    notify('Sent for approval: another administrator must approve it before it takes effect.', { type: 'success' })
    close()
  }

  const submit = async (values: Values) => {
    if (existing) {
      setPending({ roleIds: values.roleIds, status: values.status })
      return
    }
    try {
      const { status: _status, ...input } = values
      await invite.mutateAsync(input)
      sent()
    } catch (error) {
      if (!applyApiErrors(error, form.setError, ['email', 'firstName', 'lastName', 'roleIds']))
        form.setError('root.server', { message: describeError(error) })
    }
  }

  const roleError = form.formState.errors.roleIds?.message ?? form.formState.errors.roleIds?.root?.message

  return (
    <>
      <EditorModal
        open={user !== null && pending === null}
        onClose={close}
        title={existing ? `Change ${existing.firstName} ${existing.lastName}` : 'Invite a staff user'}
        description={
          existing
            ? 'Another administrator approves the change before it takes effect.'
            : 'Once another administrator approves, they get an e-mail to choose a password.'
        }
        formId={formId}
        submitting={form.formState.isSubmitting}
        submitLabel={existing ? 'Continue' : 'Request the invitation'}
      >
        <Form form={form} onSubmit={submit} id={formId} aria-label={existing ? 'Change the staff user' : 'Invite a staff user'}>
          <div className={styles.formStack}>
            {existing ? (
              <p className={styles.muted}>{existing.email}</p>
            ) : (
              <>
                <TextField name="email" type="email" label="E-mail address" autoComplete="off" required />
                <div className={styles.row}>
                  <TextField name="firstName" label="First name" autoComplete="off" required />
                  <TextField name="lastName" label="Last name" autoComplete="off" required />
                </div>
              </>
            )}
            {existing && <SelectField name="status" label="Status" options={STATUS_OPTIONS} required />}
            <fieldset className={styles.area} aria-labelledby={rolesLegend}>
              <legend id={rolesLegend}>Roles</legend>
              {roleError && (
                <p role="alert" className={styles.error}>
                  {roleError}
                </p>
              )}
              {roles.isPending ? (
                <Skeleton count={3} label="Loading the roles" />
              ) : roles.isError ? (
                <ErrorState message={describeError(roles.error)} onRetry={() => void roles.refetch()} headingLevel={3} />
              ) : (
                <ul className={styles.checks}>
                  {roles.data.map((role) => (
                    <li key={role.id}>
                      <label className={styles.check}>
                        <input type="checkbox" value={role.id} {...form.register('roleIds')} />
                        <span>
                          {role.name}
                          {role.description && (
                            <>
                              <br />
                              <span className={`${styles.muted} ${styles.small}`}>{role.description}</span>
                            </>
                          )}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          </div>
        </Form>
      </EditorModal>
      <ReasonDialog
        open={pending !== null}
        title={`Why change ${existing ? `${existing.firstName} ${existing.lastName}` : 'this user'}?`}
        description="The approver sees your reason beside the change."
        confirmLabel="Send for approval"
        onCancel={() => setPending(null)}
        onConfirm={async (reason) => {
          if (!existing || !pending) return
          await change.mutateAsync({ id: existing.id, reason, input: pending })
          sent()
        }}
      />
    </>
  )
}
