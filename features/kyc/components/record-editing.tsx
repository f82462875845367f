import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useForm, useWatch, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Form } from '@/components/ui/form'
import { notify } from '@/components/ui/toasts'
import type { KycDetailType } from '@/lib/contracts/kyc-values'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { formValuesEqual } from '@/lib/validation/form-dirty'
import { useStepDraft, type DraftStatus } from '../model/use-step-draft'
import { DraftLine } from './draft-line'
import styles from './kyc.module.css'

/**
 * The shared parts of the KYC steps that list records and edit one at a time (addresses, means of ID,
 * shareholders): the open form restored from the step's draft, the form with its autosave and server errors, the
 * Edit/Delete buttons of a record and the delete confirmation.
 */

/** The record whose form is open: its id (null for a new one), the form's values, and whether they came from a draft. */
export interface RecordEditing<V> {
  id: string | null
  values: V
  restored: boolean
}

/** What a step's draft holds: the open form. */
export interface RecordDraft<V> extends Record<string, unknown> {
  editingId: string | null
  values: V
}

/**
 * A step's state: the open form (reopened once from the step's draft when that has loaded, its changes autosaved
 * as the draft, which goes when the form closes) and the record being deleted.
 */
export function useRecordStep<V, R extends { id: string }>(
  businessId: string,
  type: KycDetailType,
  readOnly: boolean,
  empty: V,
  /** The saved records and their form values: a draft of a record that equals it is a leftover, not restored. */
  saved?: { records: readonly R[] | undefined; valuesOf: (record: R) => V },
) {
  const draft = useStepDraft<RecordDraft<V>>(businessId, type, !readOnly)
  const [editing, setEditing] = useState<RecordEditing<V> | null>(null)
  const [deleting, setDeleting] = useState<R | null>(null)
  const restoredOnce = useRef(false)
  // False once the form is closed: a change its fields report while unmounting must not save a new draft.
  const open = useRef(false)
  const restored = draft.restored
  const records = saved?.records
  useEffect(() => {
    if (restoredOnce.current || restored === undefined || (saved && records === undefined)) return
    restoredOnce.current = true
    if (!restored?.values) return
    const values = { ...empty, ...restored.values }
    const record = restored.editingId ? records?.find((r) => r.id === restored.editingId) : undefined
    if (
      (record && saved && formValuesEqual(values, saved.valuesOf(record))) ||
      (!restored.editingId && formValuesEqual(values, empty))
    ) {
      void draft.discard()
      return
    }
    open.current = true
    setEditing({ id: restored.editingId, values, restored: true })
  }, [restored, records])
  const saveDraft = (values: V) => {
    if (open.current) draft.schedule({ editingId: editing?.id ?? null, values })
  }
  const closeForm = async () => {
    open.current = false
    await draft.discard()
    setEditing(null)
  }
  return {
    editing,
    /** Opens the form on a record (or a new one, id null). */
    edit: (id: string | null, values: V) => {
      open.current = true
      setEditing({ id, values, restored: false })
    },
    saveDraft,
    draftStatus: draft.status,
    closeForm,
    /** The open form's props from the step (spread into the record form beside its own); null while none is open. */
    formProps: editing && { editing, onDraft: saveDraft, draftStatus: draft.status, onDone: closeForm },
    deleting,
    setDeleting,
  }
}

export interface RecordListProps<R extends { id: string }> {
  records: readonly R[]
  /** The list's accessible name. */
  label: string
  emptyText: string
  readOnly: boolean
  /** What the list says of a record. */
  describe: (record: R) => ReactNode
  /** Its status badge. */
  status: (record: R) => ReactNode
  /** How its buttons name it ("Edit <what>"). */
  what: (record: R) => string
  onEdit: (record: R) => void
  onDelete: (record: R) => void
}

/** A step's records, each with its status and (unless read-only) Edit and Delete. */
export function RecordList<R extends { id: string }>({
  records,
  label,
  emptyText,
  readOnly,
  describe,
  status,
  what,
  onEdit,
  onDelete,
}: RecordListProps<R>) {
  if (records.length === 0) return <p className={styles.muted}>{emptyText}</p>
  return (
    <ul className={styles.items} aria-label={label}>
      {records.map((record) => (
        <li key={record.id} className={styles.item}>
          <div>{describe(record)}</div>
          <div className={styles.actions}>
            {status(record)}
            {!readOnly && <RecordButtons what={what(record)} onEdit={() => onEdit(record)} onDelete={() => onDelete(record)} />}
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The button opening a new record's form. */
export function AddRecordButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <div className={styles.actions}>
      <Button variant="secondary" onClick={onClick}>
        {children}
      </Button>
    </div>
  )
}

/**
 * A record's form: validated by its lazily loaded schema, every change after the first edit (or of a restored
 * draft) handed to `onDraft` for autosave.
 */
export function useRecordForm<V extends FieldValues, O extends FieldValues>(options: {
  /** A `lazyZodResolver`, preloaded when the form opens. */
  resolver: Resolver<V, unknown, O> & { preload: () => Promise<unknown> }
  /** The values the form opens with, and whether they came from a draft. */
  editing: { values: V; restored?: boolean }
  onDraft?: (values: V) => void
}) {
  const { resolver } = options
  const defaultValues = options.editing.values
  const form = useForm<V, unknown, O>({ resolver, defaultValues: defaultValues as DefaultValues<V>, mode: 'onTouched' })
  const watched = useWatch({ control: form.control })
  const touched = useRef(!!options.editing.restored)

  useEffect(() => void resolver.preload(), [])
  // Compared with the values the form opened with (not formState.isDirty, which an effect can read stale): a form
  // left as it opened saves no draft.
  useEffect(() => {
    if (!touched.current && formValuesEqual(watched, defaultValues)) return
    touched.current = true
    options.onDraft?.(watched as V)
  }, [watched])

  return { form, watched }
}

/** Puts the API's field errors on the form's own fields (focusing the first); others are left to the error toast. */
export function showServerErrors<V extends FieldValues, O extends FieldValues>(
  form: UseFormReturn<V, unknown, O>,
  error: unknown,
  fields: readonly string[],
) {
  applyApiErrors(error, form.setError, fields)
}

/** The props of a step's record form, besides the step's own (e.g. its location fields). */
export interface RecordFormBaseProps<V, R> {
  businessId: string
  kycDetailsId: string
  editing: RecordEditing<V>
  /** The saved record being edited; null for a new one. */
  current: R | null
  onDraft: (values: V) => void
  draftStatus: DraftStatus
  onDone: () => Promise<void>
}

export interface RecordFormProps<V extends FieldValues, O extends FieldValues> {
  form: UseFormReturn<V, unknown, O>
  onSubmit: (values: O) => Promise<void>
  title: string
  /** Shown when the values came from a draft ("We restored an address you had not saved yet."). */
  restoredNotice: string | null
  draftStatus: DraftStatus
  onCancel: () => void
  submitLabel: string
  children: ReactNode
}

/** The boxed form of one record: heading, the restored-draft notice, its fields, then the draft state, Cancel and save. */
export function RecordForm<V extends FieldValues, O extends FieldValues>({
  form,
  onSubmit,
  title,
  restoredNotice,
  draftStatus,
  onCancel,
  submitLabel,
  children,
}: RecordFormProps<V, O>) {
  return (
    <div className={styles.formBox}>
      <Form form={form} onSubmit={onSubmit} aria-label={title}>
        <div className={styles.stack}>
          <h3>{title}</h3>
          {restoredNotice && <p className={styles.notice}>{restoredNotice}</p>}
          {children}
          <div className={styles.spread}>
            <DraftLine status={draftStatus} />
            <div className={styles.actions}>
              <Button variant="secondary" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {submitLabel}
              </Button>
            </div>
          </div>
        </div>
      </Form>
    </div>
  )
}

/** The saved file of a record's form, with a link to it and a button removing it. */
export function CurrentFile({
  file,
  busy,
  onRemove,
}: {
  file: { url: string; fileName: string }
  busy: boolean
  onRemove: () => void
}) {
  return (
    <p className={styles.small}>
      Current file:{' '}
      <a href={file.url} target="_blank" rel="noreferrer">
        {file.fileName}
      </a>{' '}
      <button type="button" className="link-button" disabled={busy} onClick={onRemove}>
        Remove file
      </button>
    </p>
  )
}

/** A listed record's Edit and Delete buttons ("Edit <what>" to assistive technology), any others between them. */
export function RecordButtons({
  what,
  onEdit,
  onDelete,
  children,
}: {
  what: string
  onEdit: () => void
  onDelete: () => void
  children?: ReactNode
}) {
  return (
    <>
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${what}`}>
        Edit
      </Button>
      {children}
      <Button size="sm" variant="danger" onClick={onDelete} aria-label={`Delete ${what}`}>
        Delete
      </Button>
    </>
  )
}

export interface DeleteRecordDialogProps<R extends { id: string }, T> {
  /** The record to delete; the dialog is open while there is one. */
  record: R | null
  title: string
  description?: string
  confirmLabel: string
  remove: { isPending: boolean; mutate: (id: string, options: { onSuccess: (result: T) => void }) => void }
  /** The success toast. */
  deletedMessage: (result: T) => string
  onClose: () => void
}

/** Asks before deleting a record, deletes it, says so and closes. */
export function DeleteRecordDialog<R extends { id: string }, T>({
  record,
  title,
  description,
  confirmLabel,
  remove,
  deletedMessage,
  onClose,
}: DeleteRecordDialogProps<R, T>) {
  return (
    <ConfirmDialog
      open={!!record}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      destructive
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!record) return
        remove.mutate(record.id, {
          onSuccess: (result) => {
            notify(deletedMessage(result), { type: 'success' })
            onClose()
          },
        })
      }}
    />
  )
}
