import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { z } from 'zod'
import {
  DateOfBirthField,
  EMPTY_PERSON_DETAILS,
  PepDeclarationFields,
  personDetailsInput,
  personDetailsValuesOf,
  type PersonDetailsValues,
} from '@/components/person/person-details-fields'
import { PersonDetails } from '@/components/review/person-details'
import { Button } from '@/components/ui/button'
import { DateField } from '@/components/ui/date-field'
import { SelectField } from '@/components/ui/select-field'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import { Uploader } from '@/components/ui/uploader'
import type { meansOfIdFormSchema } from '@/lib/contracts/kyc'
import {
  adultRoleWho,
  ID_HOLDER_ROLE_LABELS,
  ID_HOLDER_ROLES,
  idHolderRoles,
  isMaskedIdentityNumber,
  MEANS_OF_ID_TYPES,
  meansOfIdTypeOf,
  todayIso,
} from '@/lib/contracts/kyc-values'
import { formatDay } from '@/lib/format/day'
import { kycReads } from '@/lib/query/shared-queries'
import { fieldPathsOf } from '@/lib/validation/field-paths'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useDeleteMeansOfId, useDeleteMeansOfIdFile, useSaveMeansOfId } from '../api/kyc-calls'
import type { MeansOfIdRecord, ShareholderRecord } from '../api/types'
import { holderName } from '../model/step-checks'
import styles from './kyc.module.css'
import * as Records from './record-editing'

/** The schema's input, with the date of birth and PEP declaration as the fields hold them. */
type Values = Omit<z.input<typeof meansOfIdFormSchema>, 'dateOfBirth' | 'pep'> & PersonDetailsValues
type Output = z.output<typeof meansOfIdFormSchema>

// The schema's input types the declaration loosely (it is preprocessed); the form holds it as PersonDetailsValues.
const resolver = lazyZodResolver<Values, Output>(() => import('@/lib/contracts/kyc').then((m) => m.meansOfIdFormSchema) as never)

const EMPTY: Values = {
  shareholderId: '',
  firstName: '',
  lastName: '',
  role: 'DIRECTOR',
  bvn: '',
  idType: 'INTERNATIONAL_PASSPORT',
  idNumber: '',
  issueDate: '',
  expiryDate: '',
  ...EMPTY_PERSON_DETAILS,
  fileId: null,
}

/** The form's fields, which the API's field errors may name (`pep.position`...). */
const FIELDS = fieldPathsOf(EMPTY)

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
    ...personDetailsValuesOf(id),
    fileId: id.file?.id ?? null,
  }
}

/** Empty text means "none" to the API (a link or a date cleared). */
function toInput(values: Values) {
  return {
    ...values,
    ...personDetailsInput(values),
    shareholderId: values.shareholderId || null,
    issueDate: values.issueDate || null,
    expiryDate: values.expiryDate || null,
  }
}

export interface MeansOfIdStepProps {
  businessId: string
  kycDetailsId: string
  readOnly: boolean
  /** A beneficial owner sent here from the shareholders step: their ID form opens linked to them. */
  linkShareholderId?: string | null
  /** That ID was saved (or the form closed): back to the shareholders. */
  onLinkDone?: () => void
}

/** Step 3: directors', signatories' and beneficial owners' means of ID, each with a scan. */
export function MeansOfIdStep({ businessId, kycDetailsId, readOnly, linkShareholderId, onLinkDone }: MeansOfIdStepProps) {
  const ids = useQuery(kycReads.meansOfIds(kycDetailsId))
  const shareholders = useQuery(kycReads.shareholders(kycDetailsId))
  const step = Records.useRecordStep<Values, MeansOfIdRecord>(businessId, 'MEANS_OF_ID', readOnly, EMPTY, {
    records: ids.data,
    valuesOf,
  })
  const { deleting } = step
  const remove = useDeleteMeansOfId(kycDetailsId)
  // The owner came from the shareholders step for this person: open their ID (an unlinked one with their name is
  // linked; otherwise a new one, filled in), and go back there when it is saved or closed.
  const linking = useRef<string | null>(null)
  useEffect(() => {
    if (readOnly || !linkShareholderId || linking.current === linkShareholderId || !ids.data || !shareholders.data) return
    const holder = shareholders.data.find((h) => h.id === linkShareholderId)
    if (!holder) return
    linking.current = linkShareholderId
    const same = (a: string | null | undefined, b: string | null | undefined) =>
      (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase()
    const existing = ids.data.find(
      (i) => !i.shareholderId && same(i.firstName, holder.firstName) && same(i.lastName, holder.lastName),
    )
    if (existing) step.edit(existing.id, { ...valuesOf(existing), shareholderId: holder.id })
    else
      step.edit(null, {
        ...EMPTY,
        shareholderId: holder.id,
        firstName: holder.firstName ?? '',
        lastName: holder.lastName ?? '',
        role: 'SHAREHOLDER',
        bvn: holder.bvn && !isMaskedIdentityNumber(holder.bvn) ? holder.bvn : '',
        // The shareholder's declaration is the person's; their date of birth is masked, so it is asked again.
        pep: personDetailsValuesOf({ dateOfBirth: null, pep: holder.pep }).pep,
      })
  }, [linkShareholderId, ids.data, shareholders.data, readOnly])
  const closeForm = async () => {
    await step.closeForm()
    if (linking.current) {
      linking.current = null
      onLinkDone?.()
    }
  }

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
      <Records.RecordList
        records={ids.data}
        label="Means of ID"
        emptyText="No means of ID yet. Add one for each director or signatory, and for every beneficial owner."
        readOnly={readOnly}
        describe={(id) => (
          <>
            <p>
              <strong>
                {id.firstName} {id.lastName}
              </strong>{' '}
              · {idHolderRoles(id)}
            </p>
            <p>
              {id.idTypeName} {id.idNumber}
              {id.expiryDate ? ` · expires ${formatDay(id.expiryDate)}` : ''}
            </p>
            <p className={`${styles.muted} ${styles.small}`}>Scan: {id.file?.fileName ?? 'none'}</p>
            <p className={styles.small}>
              <PersonDetails
                person={id}
                name={`${id.firstName} ${id.lastName}`}
                fill={
                  !readOnly && (
                    <Button variant="link" size="sm" onClick={() => step.edit(id.id, valuesOf(id))}>
                      Add what is missing
                    </Button>
                  )
                }
              />
            </p>
          </>
        )}
        status={(id) => (
          <StatusBadge status={id.isCurrent ? 'APPROVED' : 'REJECTED'} label={id.isCurrent ? 'Current' : 'Expired'} />
        )}
        what={(id) => `the ID of ${id.firstName} ${id.lastName}`}
        onEdit={(id) => step.edit(id.id, valuesOf(id))}
        onDelete={step.setDeleting}
      />

      {step.formProps ? (
        <MeansOfIdForm
          {...step.formProps}
          key={step.formProps.editing.id ?? 'new'}
          businessId={businessId}
          kycDetailsId={kycDetailsId}
          current={ids.data.find((i) => i.id === step.formProps?.editing.id) ?? null}
          individuals={individuals}
          onDone={closeForm}
        />
      ) : (
        !readOnly && <Records.AddRecordButton onClick={() => step.edit(null, EMPTY)}>Add a means of ID</Records.AddRecordButton>
      )}

      <Records.DeleteRecordDialog
        record={deleting}
        title="Delete this means of ID?"
        description={
          deleting ? `${deleting.idTypeName} of ${deleting.firstName} ${deleting.lastName}, with its scan.` : undefined
        }
        confirmLabel="Delete"
        remove={remove}
        deletedMessage={() => 'Means of ID deleted.'}
        onClose={() => step.setDeleting(null)}
      />
    </div>
  )
}

interface MeansOfIdFormProps extends Records.RecordFormBaseProps<Values, MeansOfIdRecord> {
  individuals: ShareholderRecord[]
}

function MeansOfIdForm({ individuals, ...record }: MeansOfIdFormProps) {
  const { businessId, kycDetailsId, editing, current, draftStatus, onDone } = record
  const { form, watched } = Records.useRecordForm({ resolver, ...record })
  const save = useSaveMeansOfId(kycDetailsId)
  const removeFile = useDeleteMeansOfIdFile(kycDetailsId)
  const type = meansOfIdTypeOf(String(watched.idType ?? ''))

  /**
   * Choosing a shareholder fills the name (and BVN) in. The role stays as chosen: the link itself makes the person a
   * shareholder, so a director who holds shares stays a director (docs/domain.md#kyc-capture).
   */
  const linkTo = (shareholderId: string) => {
    const holder = individuals.find((h) => h.id === shareholderId)
    if (!holder) return
    form.setValue('firstName', holder.firstName ?? '', { shouldDirty: true })
    form.setValue('lastName', holder.lastName ?? '', { shouldDirty: true })
    // Answers carry the BVN masked: only a number typed here is copied.
    if (holder.bvn && !isMaskedIdentityNumber(holder.bvn)) form.setValue('bvn', holder.bvn, { shouldDirty: true })
    // The person's PEP declaration, when the shareholder has one and none is chosen here yet.
    if (holder.pep && !form.getValues('pep.status'))
      form.setValue('pep', personDetailsValuesOf({ dateOfBirth: null, pep: holder.pep }).pep, { shouldDirty: true })
  }

  const submit = async (values: Output) => {
    try {
      await save.mutateAsync({ id: editing.id, values: toInput(values as unknown as Values) })
      notify(editing.id ? 'Means of ID updated.' : 'Means of ID added.', { type: 'success' })
      await onDone()
    } catch (error) {
      Records.showServerErrors(form, error, FIELDS)
    }
  }

  return (
    <Records.RecordForm
      form={form}
      onSubmit={submit}
      title={editing.id ? 'Edit means of ID' : 'New means of ID'}
      restoredNotice={editing.restored ? 'We restored a means of ID you had not saved yet.' : null}
      draftStatus={draftStatus}
      onCancel={() => void onDone()}
      submitLabel={editing.id ? 'Save means of ID' : 'Add means of ID'}
    >
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
        <SelectField
          name="role"
          label="Role"
          hint={watched.shareholderId ? 'Linked to a shareholder, so a shareholder too: keep their other role here.' : undefined}
          options={ID_HOLDER_ROLES.map((r) => ({ value: r, label: ID_HOLDER_ROLE_LABELS[r] }))}
          required
        />
        <TextField name="bvn" label="BVN" hint="11 digits (optional for non-Nigerians)." inputMode="numeric" autoComplete="off" />
      </div>
      <DateOfBirthField adult={!!adultRoleWho(String(watched.role ?? ''))} />
      <PepDeclarationFields />
      <div className={styles.row}>
        <SelectField
          name="idType"
          label="Kind of ID"
          options={MEANS_OF_ID_TYPES.map((t) => ({ value: t.code, label: t.name }))}
          required
        />
        <TextField
          name="idNumber"
          label="ID number"
          hint={type ? `${type.numberHint[0]!.toUpperCase()}${type.numberHint.slice(1)}` : undefined}
          autoComplete="off"
          spellCheck={false}
          required
        />
      </div>
      <div className={styles.row}>
        <DateField name="issueDate" label="Issue date" max={todayIso()} />
        <DateField
          name="expiryDate"
          label="Expiry date"
          min={todayIso()}
          hint={type?.expires ? 'Must be in the future.' : 'This kind of ID does not expire.'}
          required={type?.expires}
        />
      </div>
      <div>
        <Uploader
          purpose="MEANS_OF_ID"
          businessId={businessId}
          label={watched.fileId ? 'Replace the scan of the ID' : 'Scan or photo of the ID'}
          hasSavedFile={!!watched.fileId}
          onUploaded={(file) => form.setValue('fileId', file.id, { shouldDirty: true })}
        />
        {current?.file && watched.fileId === current.file.id && (
          <Records.CurrentFile
            file={current.file}
            busy={removeFile.isPending}
            onRemove={() => removeFile.mutate(current.id, { onSuccess: () => form.setValue('fileId', null) })}
          />
        )}
      </div>
    </Records.RecordForm>
  )
}
