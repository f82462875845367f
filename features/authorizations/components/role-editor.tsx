import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { ErrorState } from '@/components/ui/error-state'
import { Form } from '@/components/ui/form'
import { SelectField } from '@/components/ui/select-field'
import { Skeleton } from '@/components/ui/skeleton'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import type { RoleCreateInput, RoleRecord } from '@/lib/contracts/authorizations'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError } from '@/lib/http/errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useRequestRole, useRequestRoleChange } from '../api/authorization-calls'
import { authorizationQueries } from '../api/authorization-queries'
import styles from './authorizations.module.css'
import { EditorModal } from './editor-modal'
import { PermissionPicker } from './permission-picker'
import { ReasonDialog } from './reason-dialog'

type Values = RoleCreateInput

const resolver = lazyZodResolver<Values, Values>(() =>
  import('@/lib/contracts/authorizations').then((m) => m.roleCreateSchema as never),
)

const SCOPE_OPTIONS = [
  { value: 'staff', label: 'Staff: held across every business' },
  { value: 'business', label: 'Business: held inside one business' },
]

export interface RoleEditorProps {
  /** null: closed; 'new': a new role; else the role to change. */
  role: RoleRecord | 'new' | null
  onClose: () => void
}

/**
 * Proposes a new role or a change to one. Nothing changes until another administrator approves
 * (docs/domain.md#authorizations); a change asks for its reason first.
 */
export function RoleEditor({ role, onClose }: RoleEditorProps) {
  const formId = useId()
  const isNew = role === 'new'
  const existing = role && role !== 'new' ? role : null
  const permissions = useQuery({ ...authorizationQueries.permissions(), enabled: role !== null })
  const create = useRequestRole()
  const change = useRequestRoleChange()
  const [pending, setPending] = useState<Values | null>(null)
  const defaults: Values = existing
    ? { name: existing.name, description: existing.description ?? '', scope: existing.scope, permissions: existing.permissions }
    : { name: '', description: '', scope: 'staff', permissions: [] }
  const form = useForm<Values, unknown, Values>({ resolver, defaultValues: defaults })
  const scope = form.watch('scope')

  useEffect(() => {
    if (role !== null) {
      form.reset(defaults)
      void resolver.preload()
    }
    // Reset only when another role is opened.
  }, [role])

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
      setPending(values)
      return
    }
    try {
      await create.mutateAsync(values)
      sent()
    } catch (error) {
      if (!applyApiErrors(error, form.setError, ['name', 'description', 'scope', 'permissions']))
        form.setError('root.server', { message: describeError(error) })
    }
  }

  return (
    <>
      <EditorModal
        open={role !== null && pending === null}
        onClose={close}
        title={isNew ? 'New role' : `Change ${existing?.name ?? 'role'}`}
        description="Another administrator approves the change before it takes effect."
        formId={formId}
        submitting={form.formState.isSubmitting}
        submitLabel={isNew ? 'Request the role' : 'Continue'}
      >
        {existing?.isSystem && (
          <p className={styles.notice}>A system role keeps its name and permissions; only its description can change.</p>
        )}
        <Form form={form} onSubmit={submit} id={formId} aria-label={isNew ? 'New role' : 'Change the role'}>
          <div className={styles.formStack}>
            <div className={styles.row}>
              <TextField name="name" label="Name" autoComplete="off" required readOnly={existing?.isSystem} />
              {isNew ? (
                <SelectField name="scope" label="Scope" options={SCOPE_OPTIONS} required />
              ) : (
                <p className={styles.muted}>Scope: {existing?.scope}</p>
              )}
            </div>
            <TextField name="description" label="Description (optional)" autoComplete="off" />
            {permissions.isPending ? (
              <Skeleton count={4} label="Loading the permissions" />
            ) : permissions.isError ? (
              <ErrorState
                message={describeError(permissions.error)}
                onRetry={() => void permissions.refetch()}
                headingLevel={3}
              />
            ) : (
              <PermissionPicker permissions={permissions.data} scope={scope} />
            )}
          </div>
        </Form>
      </EditorModal>
      <ReasonDialog
        open={pending !== null}
        title={`Why change ${existing?.name ?? 'this role'}?`}
        description="The approver sees your reason beside the change."
        confirmLabel="Send for approval"
        onCancel={() => setPending(null)}
        onConfirm={async (reason) => {
          if (!existing || !pending) return
          const { scope: _scope, ...input } = pending
          await change.mutateAsync({ id: existing.id, reason, input })
          sent()
        }}
      />
    </>
  )
}
