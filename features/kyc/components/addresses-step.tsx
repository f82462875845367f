import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/select-field'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import { Uploader } from '@/components/ui/uploader'
import type { kycAddressFormSchema } from '@/lib/contracts/kyc'
import { KYC_ADDRESS_TYPE_LABELS, KYC_ADDRESS_TYPES, type KycAddressType } from '@/lib/contracts/kyc-values'
import { businessReads, kycReads } from '@/lib/query/shared-queries'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useDeleteAddress, useDeleteAddressFile, useSaveAddress } from '../api/kyc-calls'
import type { KycAddress } from '../api/types'
import { formatAddress } from '../model/kyc-format'
import styles from './kyc.module.css'
import * as Records from './record-editing'

type Values = z.input<typeof kycAddressFormSchema>
type Output = z.output<typeof kycAddressFormSchema>

const resolver = lazyZodResolver<Values, Output>(() => import('@/lib/contracts/kyc').then((m) => m.kycAddressFormSchema))

/** Country, state and LGA fields for a form whose values are named `country`, `state` and `lga`. */
export type LocationFieldsSlot = (names: { country: string; state: string; lga: string }) => ReactNode

const EMPTY: Values = {
  type: 'REGISTERED',
  contactName: '',
  line1: '',
  line2: '',
  city: '',
  country: 'Nigeria',
  state: '',
  lga: '',
  addressDocFileId: null,
  passportPhotoFileId: null,
}

/** The form's fields, which the API's field errors may name. */
const FIELDS = Object.keys(EMPTY)

function valuesOf(address: KycAddress): Values {
  return {
    type: address.type,
    contactName: address.contactName ?? '',
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city ?? '',
    country: address.country,
    state: address.state,
    lga: address.lga ?? '',
    addressDocFileId: address.addressDoc?.id ?? null,
    passportPhotoFileId: address.passportPhoto?.id ?? null,
  }
}

export interface AddressesStepProps {
  businessId: string
  kycDetailsId: string
  readOnly: boolean
  locationFields: LocationFieldsSlot
}

/** Step 2: the registered office (required), operating addresses and directors' residences, with their files. */
export function AddressesStep({ businessId, kycDetailsId, readOnly, locationFields }: AddressesStepProps) {
  const addresses = useQuery(kycReads.addresses(kycDetailsId))
  const step = Records.useRecordStep<Values, KycAddress>(businessId, 'ADDRESSES', readOnly, EMPTY, {
    records: addresses.data,
    valuesOf,
  })
  const { editing, deleting } = step
  const remove = useDeleteAddress(kycDetailsId)
  const business = useQuery(businessReads.detail(businessId))

  if (!addresses.data) return <Skeleton count={3} label="Loading addresses" />
  const hasRegistered = addresses.data.some((a) => a.type === 'REGISTERED')
  // The address typed when the business was registered: offered as the registered office, not typed twice.
  const registration = business.data?.address
  const fromRegistration: Values | null =
    !hasRegistered && registration
      ? {
          ...EMPTY,
          type: 'REGISTERED',
          line1: registration.line1,
          line2: registration.line2 ?? '',
          city: registration.city ?? '',
          country: registration.country,
          state: registration.state,
          lga: registration.lga ?? '',
        }
      : null

  return (
    <div className={styles.stack}>
      <Records.RecordList
        records={addresses.data}
        label="Addresses"
        emptyText="No addresses yet. Start with the registered office address."
        readOnly={readOnly}
        describe={(address) => (
          <>
            <p>
              <strong>{KYC_ADDRESS_TYPE_LABELS[address.type]}</strong>
              {address.contactName ? ` · ${address.contactName}` : ''}
            </p>
            <p>{formatAddress(address)}</p>
            <p className={`${styles.muted} ${styles.small}`}>
              Proof of address: {address.addressDoc?.fileName ?? 'none'}
              {/* Only a director's residence asks for a passport photograph. */}
              {(address.type === 'DIRECTOR' || address.passportPhoto) &&
                ` · Passport photo: ${address.passportPhoto?.fileName ?? 'none'}`}
            </p>
          </>
        )}
        status={(address) => (
          <StatusBadge status={address.verificationStatus} label={`Verification: ${address.verificationStatus.toLowerCase()}`} />
        )}
        what={(address) => `${KYC_ADDRESS_TYPE_LABELS[address.type]} at ${address.line1}`}
        onEdit={(address) => step.edit(address.id, valuesOf(address))}
        onDelete={step.setDeleting}
      />

      {fromRegistration && !editing && !readOnly && (
        <div className={styles.notice} data-testid="registration-address">
          <p>
            The address you gave when registering the business: <strong>{formatAddress(registration!)}</strong>
          </p>
          <div className={styles.actions}>
            <Button size="sm" onClick={() => step.edit(null, fromRegistration)}>
              Use it as the registered office address
            </Button>
          </div>
        </div>
      )}
      {step.formProps ? (
        <AddressForm
          {...step.formProps}
          key={step.formProps.editing.id ?? 'new'}
          businessId={businessId}
          kycDetailsId={kycDetailsId}
          current={addresses.data.find((a) => a.id === step.formProps?.editing.id) ?? null}
          locationFields={locationFields}
        />
      ) : (
        !readOnly && (
          <Records.AddRecordButton
            onClick={() => step.edit(null, { ...EMPTY, type: hasRegistered ? 'OPERATING' : 'REGISTERED' })}
          >
            Add an address
          </Records.AddRecordButton>
        )
      )}

      <Records.DeleteRecordDialog
        record={deleting}
        title="Delete this address?"
        description={
          deleting
            ? `${KYC_ADDRESS_TYPE_LABELS[deleting.type]}: ${formatAddress(deleting)}. Its files are deleted too.`
            : undefined
        }
        confirmLabel="Delete address"
        remove={remove}
        deletedMessage={() => 'Address deleted.'}
        onClose={() => step.setDeleting(null)}
      />
    </div>
  )
}

interface AddressFormProps extends Records.RecordFormBaseProps<Values, KycAddress> {
  locationFields: LocationFieldsSlot
}

function AddressForm({ locationFields, ...record }: AddressFormProps) {
  const { businessId, kycDetailsId, editing, current, draftStatus, onDone } = record
  const { form, watched } = Records.useRecordForm({ resolver, ...record })
  const save = useSaveAddress(kycDetailsId)
  const removeFile = useDeleteAddressFile(kycDetailsId)
  const type = watched.type as KycAddressType | undefined

  const submit = async (values: Output) => {
    try {
      await save.mutateAsync({ id: editing.id, values: values as unknown as Values })
      notify(editing.id ? 'Address updated.' : 'Address added.', { type: 'success' })
      await onDone()
    } catch (error) {
      Records.showServerErrors(form, error, FIELDS)
    }
  }

  const fileLine = (kind: 'address_doc' | 'passport_photo') => {
    const file = kind === 'address_doc' ? current?.addressDoc : current?.passportPhoto
    const fieldName = kind === 'address_doc' ? 'addressDocFileId' : 'passportPhotoFileId'
    if (!file || watched[fieldName] !== file.id) return null
    return (
      <Records.CurrentFile
        file={file}
        busy={removeFile.isPending}
        onRemove={() =>
          removeFile.mutate(
            { id: current!.id, type: kind },
            {
              onSuccess: () => {
                form.setValue(fieldName, null)
                notify('File removed.', { type: 'success' })
              },
            },
          )
        }
      />
    )
  }

  return (
    <Records.RecordForm
      form={form}
      onSubmit={submit}
      title={editing.id ? 'Edit address' : 'New address'}
      restoredNotice={editing.restored ? 'We restored an address you had not saved yet.' : null}
      draftStatus={draftStatus}
      onCancel={() => void onDone()}
      submitLabel={editing.id ? 'Save address' : 'Add address'}
    >
      <div className={styles.row}>
        <SelectField
          name="type"
          label="Address type"
          options={KYC_ADDRESS_TYPES.map((t) => ({ value: t, label: KYC_ADDRESS_TYPE_LABELS[t] }))}
          required
        />
        {type === 'DIRECTOR' && <TextField name="contactName" label="Director's name" autoComplete="name" />}
      </div>
      <TextField name="line1" label="Address" autoComplete="address-line1" required />
      <div className={styles.row}>
        <TextField name="line2" label="Address line 2" autoComplete="address-line2" />
        <TextField name="city" label="City or town" autoComplete="address-level2" />
      </div>
      {locationFields({ country: 'country', state: 'state', lga: 'lga' })}
      <div className={styles.row}>
        <div>
          <Uploader
            purpose="ADDRESS_DOC"
            businessId={businessId}
            label={
              watched.addressDocFileId
                ? 'Replace the proof of address (utility bill, bank statement)'
                : 'Proof of address (utility bill, bank statement)'
            }
            hasSavedFile={!!watched.addressDocFileId}
            onUploaded={(file) => form.setValue('addressDocFileId', file.id, { shouldDirty: true })}
          />
          {fileLine('address_doc')}
        </div>
        {type === 'DIRECTOR' && (
          <div>
            <Uploader
              purpose="PASSPORT_PHOTO"
              businessId={businessId}
              label="Passport photograph"
              hasSavedFile={!!watched.passportPhotoFileId}
              onUploaded={(file) => form.setValue('passportPhotoFileId', file.id, { shouldDirty: true })}
            />
            {fileLine('passport_photo')}
          </div>
        )}
      </div>
    </Records.RecordForm>
  )
}
