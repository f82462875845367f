import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import {
  DateOfBirthField,
  EMPTY_PERSON_DETAILS,
  PepDeclarationFields,
  type PersonDetailsValues,
} from '@/components/person/person-details-fields'
import { Button } from '@/components/ui/button'
import { DateField } from '@/components/ui/date-field'
import { Form } from '@/components/ui/form'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import { Uploader } from '@/components/ui/uploader'
import type { representativeFormSchema } from '@/lib/contracts/government'
import { MEANS_OF_ID_TYPES } from '@/lib/contracts/kyc-values'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { fieldPathsOf } from '@/lib/validation/field-paths'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useCreateRepresentative } from '../api/government-calls'
import styles from './government.module.css'

type Values = Omit<z.input<typeof representativeFormSchema>, 'dateOfBirth' | 'pep'> & PersonDetailsValues
type Output = z.output<typeof representativeFormSchema>

// The schema's input types the declaration loosely (it is preprocessed); the form holds it as PersonDetailsValues.
const resolver = lazyZodResolver<Values, Output>(
  () => import('@/lib/contracts/government').then((m) => m.representativeFormSchema) as never,
)

const defaults = (entityId: string): Values => ({
  entityId,
  firstName: '',
  lastName: '',
  position: '',
  email: '',
  phone: '',
  idType: '' as Values['idType'],
  idNumber: '',
  idIssueDate: '',
  idExpiryDate: '',
  idFileId: '',
  address: '',
  addressFileId: '',
  photoFileId: '',
  ...EMPTY_PERSON_DETAILS,
})

const FIELDS = fieldPathsOf(defaults(''))

/** Adds a representative (POST /government/rep) with their means of ID and, optionally, proof of address and photo. */
export function RepresentativeForm({ entityId, onDone }: { entityId: string; onDone: () => void }) {
  const create = useCreateRepresentative()
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: defaults(entityId), mode: 'onTouched' })
  useEffect(() => void resolver.preload(), [])
  const idType = useWatch({ control: form.control, name: 'idType' })
  const type = MEANS_OF_ID_TYPES.find((t) => t.code === idType)

  const uploaded = (field: 'idFileId' | 'addressFileId' | 'photoFileId') => (file: { id: string }) => {
    form.setValue(field, file.id, { shouldDirty: true })
    form.clearErrors(field)
  }

  const submit = async (values: Output) => {
    try {
      const rep = await create.mutateAsync(values)
      notify(`${rep.firstName} ${rep.lastName} is added.`, { type: 'success' })
      onDone()
    } catch (error) {
      applyApiErrors(error, form.setError, FIELDS)
    }
  }

  const fileError = (field: 'idFileId' | 'addressFileId' | 'photoFileId') => form.formState.errors[field]?.message

  return (
    <Form form={form} onSubmit={submit} aria-label="Add a representative">
      <div className={styles.stack}>
        <fieldset className={styles.fieldset}>
          <legend>Representative</legend>
          <div className={styles.row}>
            <TextField name="firstName" label="First name" autoComplete="off" required />
            <TextField name="lastName" label="Last name" autoComplete="off" required />
            <TextField name="position" label="Position" hint="e.g. Director of Finance" required />
          </div>
          <div className={styles.row}>
            <TextField name="email" label="E-mail" type="email" autoComplete="off" required />
            <TextField name="phone" label="Phone" type="tel" hint="+234 or 0 followed by 10 digits" autoComplete="off" required />
          </div>
          <DateOfBirthField adult />
          <PepDeclarationFields />
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>Means of ID</legend>
          <div className={styles.row}>
            <SelectField
              name="idType"
              label="Kind of ID"
              required
              placeholder="Select the kind of ID"
              options={MEANS_OF_ID_TYPES.map((t) => ({ value: t.code, label: t.name }))}
            />
            <TextField
              name="idNumber"
              label="ID number"
              hint={type ? `${type.numberHint}` : 'Choose the kind of ID first'}
              autoComplete="off"
              spellCheck={false}
              required
            />
          </div>
          <div className={styles.row}>
            <DateField name="idIssueDate" label="Issue date" />
            <DateField name="idExpiryDate" label="Expiry date" required={type?.expires ?? false} />
          </div>
          <Uploader
            purpose="GOVERNMENT_DOCUMENT"
            label="Scan of the ID (PDF, PNG or JPEG)"
            required
            onUploaded={uploaded('idFileId')}
          />
          {fileError('idFileId') && (
            <p role="alert" className={styles.error}>
              {fileError('idFileId')}
            </p>
          )}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>Proof of address and photo (optional)</legend>
          <TextField name="address" label="Residential address" autoComplete="off" />
          <Uploader
            purpose="GOVERNMENT_DOCUMENT"
            label="Proof of address (utility bill, tenancy)"
            onUploaded={uploaded('addressFileId')}
          />
          <Uploader purpose="GOVERNMENT_DOCUMENT" label="Passport photograph" onUploaded={uploaded('photoFileId')} />
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={form.formState.isSubmitting}>
            Save representative
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
    </Form>
  )
}
