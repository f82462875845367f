import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Form } from '@/components/ui/form'
import { TextAreaField } from '@/components/ui/text-area-field'
import { AUTHORIZATION_DECIDER_PERMISSION } from '@/lib/contracts/authorization-values'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError, hasErrorCode } from '@/lib/http/errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useRequestListLoad, type ListChangeAnswer } from '../api/list-calls'

interface Values {
  reason: string
}

const resolver = lazyZodResolver<Values>(() => import('../model/screening-forms').then((m) => m.loadFormSchema as never))

/**
 * The request to load a dry-run version (`POST /screening/versions/{id}/load`): a reason, a confirmation, a fresh
 * second factor (the shell asks for it in place), then four-eyes.
 */
export function LoadRequestForm({
  versionId,
  versionNumber,
  listName,
  onSent,
}: {
  versionId: string
  versionNumber: number
  listName: string
  onSent: (answer: ListChangeAnswer) => void
}) {
  const form = useForm<Values>({ resolver, defaultValues: { reason: '' } })
  const [confirming, setConfirming] = useState<Values | null>(null)
  const load = useRequestListLoad()

  useEffect(() => void resolver.preload(), [])

  const confirm = () => {
    if (!confirming) return
    load.mutate(
      { versionId, reason: confirming.reason },
      {
        onSuccess: (answer) => {
          setConfirming(null)
          form.reset({ reason: '' })
          onSent(answer)
        },
        onError: (error) => {
          setConfirming(null)
          if (!applyApiErrors(error, form.setError, ['reason']))
            form.setError('root.server', {
              message: hasErrorCode(error, 'STEP_UP_REQUIRED')
                ? 'The load was not requested: it needs you to confirm it is you first.'
                : describeError(error, 'The load was not requested.'),
            })
        },
      },
    )
  }

  return (
    <>
      <Form form={form} onSubmit={setConfirming} aria-label={`Request the load of version ${versionNumber}`}>
        <TextAreaField
          name="reason"
          label="Why load this version?"
          hint="Kept with the request and shown to the person who approves it."
          required
          rows={2}
        />
        <p>
          <Button type="submit">Request the load</Button>
        </p>
      </Form>
      <ConfirmDialog
        open={confirming !== null}
        title={`Send version ${versionNumber} of the ${listName} for approval?`}
        description={
          <>
            You will be asked to confirm it is you (a fresh code from your authenticator app, or your password if you hold no
            second factor). Then another staff member with {AUTHORIZATION_DECIDER_PERMISSION} must approve the load in the
            authorizations inbox: until then screening keeps using the active version. Once approved, every business is screened
            again against what changed.
          </>
        }
        confirmLabel="Request the load"
        busy={load.isPending}
        busyText="Requesting the load…"
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </>
  )
}
