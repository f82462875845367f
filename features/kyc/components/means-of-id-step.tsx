import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { DateField } from '@/components/ui/date-field'
import { Form } from '@/components/ui/form'
import { SelectField } from '@/components/ui/select-field'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import { Uploader } from '@/components/ui/uploader'
import type { meansOfIdFormSchema } from '@/lib/contracts/kyc'
import { ID_HOLDER_ROLE_LABELS, ID_HOLDER_ROLES, maskIdNumber, MEANS_OF_ID_TYPES, meansOfIdTypeOf, todayIso } from '@/lib/contracts/kyc-values'
import { fieldErrors } from '@/lib/http'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useDeleteMeansOfId, useDeleteMeansOfIdFile, useSaveMeansOfId } from '../api/kyc-mutations'
import { kycQueries } from '../api/kyc-queries'
import type { MeansOfIdRecord, ShareholderRecord } from '../api/types'
import { DraftLine } from './draft-line'
import styles from './kyc.module.css'
import { holderName } from './step-checks'
import { useStepDraft } from './use-step-draft'

type Values = z.input<typeof meansOfIdFormSchema>
type Output = z.output<typeof meansOfIdFormSchema>

const resolver = lazyZodResolver<Values, Output>(() => import('@/lib/contracts/kyc').then((m) => m.meansOfIdFormSchema))
const FIELDS = ['shareholderId', 'firstName', 'lastName', 'role', 'bvn', 'idType', 'idNumber', 'issueDate', 'expiryDate', 'fileId'] as const

interface IdDraft extends Record<string, unknown> {
  editingId: string | null
  values: Values
}

const EMPTY: Values = { shareholderId: '', firstName: '', lastName: '', role: 'DIRECTOR', bvn: '', idType: 'INTERNATIONAL_PASSPORT', idNumber: '', issueDate: '', expiryDate: '', fileId: null }

function valuesOf(id: MeansOfIdRecord): Values {
  return {
    shareholderId: id.shareholderId ?? '',
    firstName: id.firstName,
    lastName: id.lastName,
    role: id.role,
    bvn: id.bvn ?? '',
    idType: id.idType,
    idNumber: id.idNumber,
    issueDate: id.issueDate ?? '',
    expiryDate: id.expiryDate ?? '',
    fileId: id.file?.id ?? null,
  }
}

/** Empty text means "none" to the API (a link or a date cleared). */
function toInput(values: Values): Values {
  return { ...values, shareholderId: values.shareholderId || null, issueDate: values.issueDate || null, expiryDate: values.expiryDate || null }
}

export interface MeansOfIdStepProps {
  businessId: string
  kycDetailsId: string
  readOnly: boolean
}

/** Step 3: directors', signatories' and beneficial owners' means of ID, each with a scan. */
export function MeansOfIdStep({ businessId, kycDetailsId, readOnly }: MeansOfIdStepProps) {
  const ids = useQuery(kycQueries.meansOfIds(kycDetailsId))
  const shareholders = useQuery(kycQueries.shareholders(kycDetailsId))
  const draft = useStepDraft<IdDraft>(businessId, 'MEANS_OF_ID', !readOnly)
  const [editing, setEditing] = useState<{ id: string | null; values: Values; restored: boolean } | null>(null)
  const [deleting, setDeleting] = useState<MeansOfIdRecord | null>(null)
  const remove = useDeleteMeansOfId(kycDetailsId)
  const restoredOnce = useRef(false)

  useEffect(() => {
    if (restoredOnce.current || draft.restored === undefined) return
    restoredOnce.current = true
    if (draft.restored?.values) setEditing({ id: draft.restored.editingId, values: { ...EMPTY, ...draft.restored.values }, restored: true })
  }, [draft.restored])

  if (!ids.data) return <Skeleton count={3} label="Loading means of ID" />
  const individuals = (shareholders.data ?? []).filter((h) => h.type === 'INDIVIDUAL')
  const needing = individuals.filter((h) => h.needsMeansOfId)

  return (
    <div className={styles.stack}>
      {needing.length > 0 && (
        <div className={styles.warning} role="note">
          <p>Beneficial owners (5% or more) need a current means of ID linked to them:</p>
          <ul>
            {[...new Set(needing.map(holderName))].map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      )}
      {ids.data.length === 0 ? (
        <p className={styles.muted}>No means of ID yet. Add one for each director or signatory, and for every beneficial owner.</p>
      ) : (
        <ul className={styles.items} aria-label="Means of ID">
          {ids.data.map((id) => (
            <li key={id.id} className={styles.item}>
              <div>
                <p>
                  <strong>
                    {id.firstName} {id.lastName}
                  </strong>{' '}
                  · {ID_HOLDER_ROLE_LABELS[id.role]}
                </p>
                <p>
                  {id.idTypeName} {maskIdNumber(id.idNumber)}
                  {id.expiryDate ? ` · expires ${id.expiryDate}` : ''}
                </p>
                <p className={`${styles.muted} ${styles.small}`}>Scan: {id.file?.fileName ?? 'none'}</p>
              </div>
              <div className={styles.actions}>
                <StatusBadge status={id.isCurrent ? 'APPROVED' : 'REJECTED'} label={id.isCurrent ? 'Current' : 'Expired'} />
                {!readOnly && (
                  <>
                    <Button size="sm" variant="secondary" onClick={() => setEditing({ id: id.id, values: valuesOf(id), restored: false })} aria-label={`Edit the ID of ${id.firstName} ${id.lastName}`}>
                      Edit
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setDeleting(id)} aria-label={`Delete the ID of ${id.firstName} ${id.lastName}`}>
                      Delete
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      {editing ? (
        <MeansOfIdForm
          key={editing.id ?? 'new'}
          businessId={businessId}
          kycDetailsId={kycDetailsId}
          editing={editing}
          current={ids.data.find((i) => i.id === editing.id) ?? null}
          individuals={individuals}
          onDraft={(values) => draft.schedule({ editingId: editing.id, values })}
          draftStatus={draft.status}
          onDone={async () => {
            await draft.discard()
            setEditing(null)
          }}
        />
      ) : (
        !readOnly && (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setEditing({ id: null, values: EMPTY, restored: false })}>
              Add a means of ID
            </Button>
          </div>
        )
      )}

      <ConfirmDialog
        open={!!deleting}
        title="Delete this means of ID?"
        description={deleting ? `${deleting.idTypeName} of ${deleting.firstName} ${deleting.lastName}, with its scan.` : undefined}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify('Means of ID deleted.', { type: 'success' })
              setDeleting(null)
            },
          })
        }}
      />
    </div>
  )
}

interface MeansOfIdFormProps {
  businessId: string
  kycDetailsId: string
  editing: { id: string | null; values: Values; restored: boolean }
  current: MeansOfIdRecord | null
  individuals: ShareholderRecord[]
  onDraft: (values: Values) => void
  draftStatus: Parameters<typeof DraftLine>[0]['status']
  onDone: () => Promise<void>
}

function MeansOfIdForm({ businessId, kycDetailsId, editing, current, individuals, onDraft, draftStatus, onDone }: MeansOfIdFormProps) {
  const save = useSaveMeansOfId(kycDetailsId)
  const removeFile = useDeleteMeansOfIdFile(kycDetailsId)
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: editing.values, mode: 'onTouched' })
  const watched = useWatch({ control: form.control })
  const type = meansOfIdTypeOf(String(watched.idType ?? ''))
  const touched = useRef(editing.restored)

  useEffect(() => void resolver.preload(), [])
  useEffect(() => {
    if (!touched.current && !form.formState.isDirty) return
    touched.current = true
    onDraft(watched as Values)
  }, [watched])

  /** Choosing a shareholder fills the name (and BVN) in. */
  const linkTo = (shareholderId: string) => {
    const holder = individuals.find((h) => h.id === shareholderId)
    if (!holder) return
    form.setValue('firstName', holder.firstName ?? '', { shouldDirty: true })
    form.setValue('lastName', holder.lastName ?? '', { shouldDirty: true })
    if (holder.bvn) form.setValue('bvn', holder.bvn, { shouldDirty: true })
    form.setValue('role', 'SHAREHOLDER', { shouldDirty: true })
  }

  const submit = async (values: Output) => {
    try {
      await save.mutateAsync({ id: editing.id, values: toInput(values as unknown as Values) })
      notify(editing.id ? 'Means of ID updated.' : 'Means of ID added.', { type: 'success' })
      await onDone()
    } catch (error) {
      let first = true
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        if (!(FIELDS as readonly string[]).includes(field)) continue
        form.setError(field as (typeof FIELDS)[number], { type: 'server', message }, { shouldFocus: first })
        first = false
      }
    }
  }

  return (
    <div className={styles.formBox}>
      <Form form={form} onSubmit={submit} aria-label={editing.id ? 'Edit means of ID' : 'New means of ID'}>
        <div className={styles.stack}>
          <h3>{editing.id ? 'Edit means of ID' : 'New means of ID'}</h3>
          {editing.restored && <p className={styles.notice}>We restored a means of ID you had not saved yet.</p>}
          <SelectField
            name="shareholderId"
            label="Whose ID is it? (link to a shareholder)"
            hint="Link it when the person is an individual shareholder; beneficial owners need a linked ID."
            placeholder="Not a shareholder"
            options={individuals.map((h) => ({ value: h.id, label: `${holderName(h)} (${h.effectiveOwnership ?? h.percentage}%)` }))}
            onChange={(event) => linkTo(event.target.value)}
          />
          <div className={styles.row}>
            <TextField name="firstName" label="First name" autoComplete="off" required />
            <TextField name="lastName" label="Last name" autoComplete="off" required />
          </div>
          <div className={styles.row}>
            <SelectField name="role" label="Role" options={ID_HOLDER_ROLES.map((r) => ({ value: r, label: ID_HOLDER_ROLE_LABELS[r] }))} required />
            <TextField name="bvn" label="BVN" hint="11 digits (optional for non-Nigerians)." inputMode="numeric" autoComplete="off" />
          </div>
          <div className={styles.row}>
            <SelectField name="idType" label="Kind of ID" options={MEANS_OF_ID_TYPES.map((t) => ({ value: t.code, label: t.name }))} required />
            <TextField name="idNumber" label="ID number" hint={type ? `${type.numberHint[0]!.toUpperCase()}${type.numberHint.slice(1)}` : undefined} autoComplete="off" spellCheck={false} required />
          </div>
          <div className={styles.row}>
            <DateField name="issueDate" label="Issue date" max={todayIso()} />
            <DateField name="expiryDate" label="Expiry date" min={todayIso()} hint={type?.expires ? 'Must be in the future.' : 'This kind of ID does not expire.'} required={type?.expires} />
          </div>
          <div>
            <Uploader
              purpose="MEANS_OF_ID"
              businessId={businessId}
              label={watched.fileId ? 'Replace the scan of the ID' : 'Scan or photo of the ID'}
              onUploaded={(file) => form.setValue('fileId', file.id, { shouldDirty: true })}
            />
            {current?.file && watched.fileId === current.file.id && (
              <p className={styles.small}>
                Current file: <a href={current.file.url} target="_blank" rel="noreferrer">{current.file.fileName}</a>{' '}
                <button
                  type="button"
                  className="link-button"
                  disabled={removeFile.isPending}
                  onClick={() => removeFile.mutate(current.id, { onSuccess: () => form.setValue('fileId', null) })}
                >
                  Remove file
                </button>
              </p>
            )}
          </div>
          <div className={styles.spread}>
            <DraftLine status={draftStatus} />
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => void onDone()}>
                Cancel
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {editing.id ? 'Save means of ID' : 'Add means of ID'}
              </Button>
            </div>
          </div>
        </div>
      </Form>
    </div>
  )
}
