import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Form } from '@/components/ui/form'
import { SelectField } from '@/components/ui/select-field'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import { Uploader } from '@/components/ui/uploader'
import type { kycAddressFormSchema } from '@/lib/contracts/kyc'
import { KYC_ADDRESS_TYPE_LABELS, KYC_ADDRESS_TYPES, type KycAddressType } from '@/lib/contracts/kyc-values'
import { fieldErrors } from '@/lib/http'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useDeleteAddress, useDeleteAddressFile, useSaveAddress } from '../api/kyc-mutations'
import { kycQueries } from '../api/kyc-queries'
import type { KycAddress } from '../api/types'
import { DraftLine } from './draft-line'
import { formatAddress } from './kyc-format'
import styles from './kyc.module.css'
import { useStepDraft } from './use-step-draft'

type Values = z.input<typeof kycAddressFormSchema>
type Output = z.output<typeof kycAddressFormSchema>

const resolver = lazyZodResolver<Values, Output>(() => import('@/lib/contracts/kyc').then((m) => m.kycAddressFormSchema))

const FIELDS = ['type', 'contactName', 'line1', 'line2', 'city', 'country', 'state', 'lga', 'addressDocFileId', 'passportPhotoFileId'] as const

/** Country, state and LGA fields for a form whose values are named `country`, `state` and `lga`. */
export type LocationFieldsSlot = (names: { country: string; state: string; lga: string }) => ReactNode

interface AddressDraft extends Record<string, unknown> {
  editingId: string | null
  values: Values
}

const EMPTY: Values = { type: 'REGISTERED', contactName: '', line1: '', line2: '', city: '', country: 'Nigeria', state: '', lga: '', addressDocFileId: null, passportPhotoFileId: null }

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
  const addresses = useQuery(kycQueries.addresses(kycDetailsId))
  const draft = useStepDraft<AddressDraft>(businessId, 'ADDRESSES', !readOnly)
  const [editing, setEditing] = useState<{ id: string | null; values: Values; restored: boolean } | null>(null)
  const [deleting, setDeleting] = useState<KycAddress | null>(null)
  const remove = useDeleteAddress(kycDetailsId)
  const restoredOnce = useRef(false)

  useEffect(() => {
    if (restoredOnce.current || draft.restored === undefined) return
    restoredOnce.current = true
    if (draft.restored?.values) setEditing({ id: draft.restored.editingId, values: { ...EMPTY, ...draft.restored.values }, restored: true })
  }, [draft.restored])

  if (!addresses.data) return <Skeleton count={3} label="Loading addresses" />
  const hasRegistered = addresses.data.some((a) => a.type === 'REGISTERED')

  return (
    <div className={styles.stack}>
      {addresses.data.length === 0 ? (
        <p className={styles.muted}>No addresses yet. Start with the registered office address.</p>
      ) : (
        <ul className={styles.items} aria-label="Addresses">
          {addresses.data.map((address) => (
            <li key={address.id} className={styles.item}>
              <div>
                <p>
                  <strong>{KYC_ADDRESS_TYPE_LABELS[address.type]}</strong>
                  {address.contactName ? ` · ${address.contactName}` : ''}
                </p>
                <p>{formatAddress(address)}</p>
                <p className={`${styles.muted} ${styles.small}`}>
                  Proof of address: {address.addressDoc?.fileName ?? 'none'} · Passport photo: {address.passportPhoto?.fileName ?? 'none'}
                </p>
              </div>
              <div className={styles.actions}>
                <StatusBadge status={address.verificationStatus} label={`Verification: ${address.verificationStatus.toLowerCase()}`} />
                {!readOnly && (
                  <>
                    <Button size="sm" variant="secondary" onClick={() => setEditing({ id: address.id, values: valuesOf(address), restored: false })} aria-label={`Edit ${KYC_ADDRESS_TYPE_LABELS[address.type]} address`}>
                      Edit
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setDeleting(address)} aria-label={`Delete ${KYC_ADDRESS_TYPE_LABELS[address.type]} address`}>
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
        <AddressForm
          key={editing.id ?? 'new'}
          businessId={businessId}
          kycDetailsId={kycDetailsId}
          editing={editing}
          current={addresses.data.find((a) => a.id === editing.id) ?? null}
          locationFields={locationFields}
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
            <Button variant="secondary" onClick={() => setEditing({ id: null, values: { ...EMPTY, type: hasRegistered ? 'OPERATING' : 'REGISTERED' }, restored: false })}>
              Add an address
            </Button>
          </div>
        )
      )}

      <ConfirmDialog
        open={!!deleting}
        title="Delete this address?"
        description={deleting ? `${KYC_ADDRESS_TYPE_LABELS[deleting.type]}: ${formatAddress(deleting)}. Its files are deleted too.` : undefined}
        confirmLabel="Delete address"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify('Address deleted.', { type: 'success' })
              setDeleting(null)
            },
          })
        }}
      />
    </div>
  )
}

interface AddressFormProps {
  businessId: string
  kycDetailsId: string
  editing: { id: string | null; values: Values; restored: boolean }
  current: KycAddress | null
  locationFields: LocationFieldsSlot
  onDraft: (values: Values) => void
  draftStatus: Parameters<typeof DraftLine>[0]['status']
  onDone: () => Promise<void>
}

function AddressForm({ businessId, kycDetailsId, editing, current, locationFields, onDraft, draftStatus, onDone }: AddressFormProps) {
  const save = useSaveAddress(kycDetailsId)
  const removeFile = useDeleteAddressFile(kycDetailsId)
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: editing.values, mode: 'onTouched' })
  const watched = useWatch({ control: form.control })
  const type = watched.type as KycAddressType | undefined
  const touched = useRef(editing.restored)

  useEffect(() => void resolver.preload(), [])
  useEffect(() => {
    if (!touched.current && !form.formState.isDirty) return
    touched.current = true
    onDraft(watched as Values)
  }, [watched])

  const submit = async (values: Output) => {
    try {
      await save.mutateAsync({ id: editing.id, values: values as unknown as Values })
      notify(editing.id ? 'Address updated.' : 'Address added.', { type: 'success' })
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

  const fileLine = (kind: 'address_doc' | 'passport_photo') => {
    const file = kind === 'address_doc' ? current?.addressDoc : current?.passportPhoto
    const fieldName = kind === 'address_doc' ? 'addressDocFileId' : 'passportPhotoFileId'
    if (!file || watched[fieldName] !== file.id) return null
    return (
      <p className={styles.small}>
        Current file: <a href={file.url} target="_blank" rel="noreferrer">{file.fileName}</a>{' '}
        <button
          type="button"
          className="link-button"
          disabled={removeFile.isPending}
          onClick={() =>
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
        >
          Remove file
        </button>
      </p>
    )
  }

  return (
    <div className={styles.formBox}>
      <Form form={form} onSubmit={submit} aria-label={editing.id ? 'Edit address' : 'New address'}>
        <div className={styles.stack}>
          <h3>{editing.id ? 'Edit address' : 'New address'}</h3>
          {editing.restored && <p className={styles.notice}>We restored an address you had not saved yet.</p>}
          <div className={styles.row}>
            <SelectField name="type" label="Address type" options={KYC_ADDRESS_TYPES.map((t) => ({ value: t, label: KYC_ADDRESS_TYPE_LABELS[t] }))} required />
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
                label={watched.addressDocFileId ? 'Replace the proof of address (utility bill, bank statement)' : 'Proof of address (utility bill, bank statement)'}
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
                  onUploaded={(file) => form.setValue('passportPhotoFileId', file.id, { shouldDirty: true })}
                />
                {fileLine('passport_photo')}
              </div>
            )}
          </div>
          <div className={styles.spread}>
            <DraftLine status={draftStatus} />
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => void onDone()}>
                Cancel
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {editing.id ? 'Save address' : 'Add address'}
              </Button>
            </div>
          </div>
        </div>
      </Form>
    </div>
  )
}
