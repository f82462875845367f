import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { DateField } from '@/components/ui/date-field'
import { Form } from '@/components/ui/form'
import { SelectField } from '@/components/ui/select-field'
import { SentForApproval } from '@/components/ui/sent-for-approval'
import { TextAreaField } from '@/components/ui/text-area-field'
import { TextField } from '@/components/ui/text-field'
import { AUTHORIZATION_DECIDER_PERMISSION } from '@/lib/contracts/authorization-values'
import type { DesignationInput } from '@/lib/contracts/screening'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError, hasErrorCode } from '@/lib/http/errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useAddDesignation } from '../api/list-calls'
import { SUBJECT_KIND_OPTIONS } from '../model/list-formats'
import styles from './screening-lists.module.css'

interface Values {
  sourceId: string
  subjectKind: '' | 'PERSON' | 'ENTITY'
  name: string
  aliases: string
  dateOfBirth: string
  nationality: string
  programme: string
  listedOn: string
  remarks: string
  reason: string
}
type Output = DesignationInput & { reason: string }

const FIELDS = [
  'sourceId',
  'subjectKind',
  'name',
  'aliases',
  'dateOfBirth',
  'nationality',
  'programme',
  'listedOn',
  'remarks',
  'reason',
]
const EMPTY: Values = {
  sourceId: '',
  subjectKind: '',
  name: '',
  aliases: '',
  dateOfBirth: '',
  nationality: '',
  programme: '',
  listedOn: '',
  remarks: '',
  reason: '',
}

const resolver = lazyZodResolver<Values, Output>(() =>
  import('../model/screening-forms').then((m) => m.designationFormSchema as never),
)

const today = () => new Date().toISOString().slice(0, 10)

/**
 * A designation entered by hand on the domestic list (`POST /screening/lists/{code}/entries`): a fresh second factor,
 * then four-eyes; once approved it is a new version with one more entry and every business is screened against it.
 */
export function DesignationForm({ listCode, listName }: { listCode: string; listName: string }) {
  const headingId = useId()
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: EMPTY })
  const [confirming, setConfirming] = useState<Output | null>(null)
  const [sent, setSent] = useState<{ authorizationId: string | null; name: string } | null>(null)
  const add = useAddDesignation()

  useEffect(() => void resolver.preload(), [])

  const confirm = () => {
    if (!confirming) return
    add.mutate(
      { listCode, input: confirming },
      {
        onSuccess: (answer) => {
          setSent({ authorizationId: answer.pending ? answer.authorizationId : null, name: confirming.name })
          setConfirming(null)
          form.reset(EMPTY)
        },
        onError: (error) => {
          setConfirming(null)
          if (!applyApiErrors(error, form.setError, FIELDS))
            form.setError('root.server', {
              message: hasErrorCode(error, 'STEP_UP_REQUIRED')
                ? 'The designation was not added: it needs you to confirm it is you first.'
                : describeError(error, 'The designation was not added.'),
            })
        },
      },
    )
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>Add a domestic designation by hand</h2>
      <p className={styles.muted}>
        For a designation of the {listName} published before its next file. You will be asked to confirm it is you with a fresh
        second factor, and another staff member with {AUTHORIZATION_DECIDER_PERMISSION} must approve it in the authorizations
        inbox before businesses are screened against it.
      </p>
      <Form form={form} onSubmit={setConfirming} aria-label="Add a designation">
        <div className={styles.fieldRow}>
          <TextField name="sourceId" label="Designation reference" hint="The list's own id, e.g. NSL-014" required />
          <SelectField name="subjectKind" label="Person or entity" placeholder="Choose" options={SUBJECT_KIND_OPTIONS} required />
        </div>
        <TextField name="name" label="Name as designated" required />
        <TextAreaField name="aliases" label="Other names (optional)" hint="One per line; each alerts on its own." rows={2} />
        <div className={styles.fieldRow}>
          <DateField name="dateOfBirth" label="Date of birth (optional)" max={today()} />
          <TextField
            name="nationality"
            label="Nationality (optional)"
            hint="Two-letter country code, e.g. NG"
            maxLength={2}
            autoComplete="off"
          />
          <TextField name="programme" label="Programme (optional)" hint="The regime or reason, e.g. NSC" />
          <DateField name="listedOn" label="Designated on (optional)" max={today()} />
        </div>
        <TextAreaField name="remarks" label="Remarks (optional)" rows={2} />
        <TextAreaField name="reason" label="Why add it?" hint="Shown to the person who approves it." rows={2} required />
        <p>
          <Button type="submit">Request the designation</Button>
        </p>
      </Form>
      {sent &&
        (sent.authorizationId ? (
          <SentForApproval authorizationId={sent.authorizationId} />
        ) : (
          <p role="status" className={styles.notice}>
            {sent.name} is now on the {listName}.
          </p>
        ))}
      <ConfirmDialog
        open={confirming !== null}
        title={`Designate ${confirming?.name ?? ''} on the ${listName}?`}
        description={`You will be asked to confirm it is you. The designation then waits for another staff member with ${AUTHORIZATION_DECIDER_PERMISSION} to approve it; once approved, every business is screened against it.`}
        confirmLabel="Request the designation"
        busy={add.isPending}
        busyText="Requesting…"
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </section>
  )
}
