import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { DateField } from '@/components/ui/date-field'
import { Form } from '@/components/ui/form'
import { TextAreaField } from '@/components/ui/text-area-field'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import { checkUploadCandidate, describeUploadLimit, UPLOAD_ACCEPT } from '@/lib/contracts/file-types'
import type { companyDetailsFormSchema } from '@/lib/contracts/kyc'
import { TIN_MESSAGE, todayIso } from '@/lib/contracts/kyc-values'
import { fieldErrors } from '@/lib/http/errors'
import { fileReads } from '@/lib/query/shared-queries'
import { formValuesEqual } from '@/lib/validation/form-dirty'
import { lazyZodResolver, usePreloadOnFirstInput } from '@/lib/validation/lazy-resolver'
import { openDocumentFile } from '../api/document-calls'
import { useSaveCompanyDetails } from '../api/kyc-calls'
import { kycQueries } from '../api/kyc-queries'
import type { KycDetails } from '../api/types'
import { useStepDraft } from '../model/use-step-draft'
import { DraftLine } from './draft-line'
import styles from './kyc.module.css'

type Values = z.input<typeof companyDetailsFormSchema>
type Output = z.output<typeof companyDetailsFormSchema>

const resolver = lazyZodResolver<Values, Output>(() => import('@/lib/contracts/kyc').then((m) => m.companyDetailsFormSchema))

function valuesOf(details: KycDetails | null): Values {
  return {
    tin: details?.tin ?? '',
    incorporationDate: details?.incorporationDate ?? '',
    natureOfBusiness: details?.natureOfBusiness ?? '',
    description: details?.description ?? '',
    numberOfEmployees: (details?.numberOfEmployees ?? '') as unknown as number,
    annualTurnover: (details?.annualTurnover ?? '') as unknown as number,
    countryOfIncorporation: details?.countryOfIncorporation ?? 'Nigeria',
  }
}

/** Fields the API may name in its errors: the form's own. */
const FIELDS: readonly string[] = Object.keys(valuesOf(null))

export interface CompanyDetailsStepProps {
  businessId: string
  details: KycDetails | null
  readOnly: boolean
  /** Called after a successful save, to move on. */
  onSaved: () => void
}

/** Step 1: company details (POST the first time, PUT after), autosaved as a draft while typing. */
export function CompanyDetailsStep({ businessId, details, readOnly, onSaved }: CompanyDetailsStepProps) {
  const save = useSaveCompanyDetails(businessId)
  const draft = useStepDraft<Values>(businessId, 'COMPANY_DETAILS', !readOnly)
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: valuesOf(details), mode: 'onTouched' })
  const [file, setFile] = useState<File | null>(null)
  const { data: uploadLimits } = useQuery(fileReads.uploadLimits())
  const uploaded = useQuery({ ...kycQueries.additionalDocuments(details?.id ?? ''), enabled: !!details })
  const [fileError, setFileError] = useState<string | null>(null)
  const [label, setLabel] = useState('')
  const [restoredFrom, setRestoredFrom] = useState<string | null>(null)
  const restoredOnce = useRef(false)
  // Typing before the stored draft has loaded is autosaved once it has (not dropped until the next keystroke).
  const [draftLoaded, setDraftLoaded] = useState(false)
  // What the server holds: a draft equal to it is no draft (typing a change and back, or a field that normalises its
  // value, must not leave one behind to be "restored" on a saved step).
  const saved = useRef<Values>(valuesOf(details))
  const fileId = useId()
  const labelId = useId()
  const watched = useWatch({ control: form.control })

  usePreloadOnFirstInput(resolver)

  // Restore an unsaved draft once it has loaded: it holds what was typed after the last save.
  useEffect(() => {
    if (restoredOnce.current || draft.restored === undefined) return
    restoredOnce.current = true
    setDraftLoaded(true)
    if (!draft.restored) return
    const restored = { ...saved.current, ...draft.restored }
    if (formValuesEqual(restored, saved.current)) {
      void draft.discard()
      return
    }
    form.reset(restored, { keepDefaultValues: true })
    setRestoredFrom(draft.restoredAt)
  }, [draft.restored, draft.restoredAt, draft, form])

  useEffect(() => {
    if (!restoredOnce.current || readOnly) return
    if (formValuesEqual(watched, saved.current)) {
      // Back to what is saved: the stored draft (if any) has nothing left to restore.
      if (draft.status !== 'idle') void draft.discard()
      return
    }
    draft.schedule(watched as Values)
  }, [watched, draftLoaded])

  const submit = async (values: Output) => {
    if (details && formValuesEqual(values, saved.current) && !file) {
      await draft.discard()
      setRestoredFrom(null)
      onSaved()
      return
    }
    try {
      await save.mutateAsync({
        kycDetailsId: details?.id ?? null,
        values: values as unknown as Values,
        file,
        label: label.trim() || undefined,
      })
      saved.current = values as unknown as Values
      form.reset(values as unknown as Values)
      await draft.discard()
      setFile(null)
      setLabel('')
      setRestoredFrom(null)
      notify('Company details saved.', { type: 'success' })
      onSaved()
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        if (FIELDS.includes(field)) form.setError(field as keyof Values, { type: 'server', message }, { shouldFocus: true })
        else if (field === 'file') setFileError(message)
      }
    }
  }

  const pickFile = (picked: File | null) => {
    // An additional document goes up with the form (multipart) under the one configured upload limit; the API
    // checks it again by content and size.
    setFileError(picked && uploadLimits ? checkUploadCandidate(picked, uploadLimits.maxBytes) : null)
    setFile(picked)
  }

  return (
    <Form form={form} onSubmit={submit} aria-label="Company details">
      <div className={styles.stack}>
        {restoredFrom && (
          <p className={styles.notice} role="status">
            We restored changes you had not saved yet. Save them, or{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                form.reset(saved.current)
                void draft.discard().then((gone) => {
                  if (gone) setRestoredFrom(null)
                  else notify("We couldn't discard the unsaved changes. Try again.", { type: 'error' })
                })
              }}
            >
              discard them
            </button>
            .
          </p>
        )}
        <fieldset className={styles.fieldset} disabled={readOnly}>
          <div className={styles.row}>
            <TextField
              name="tin"
              label="Tax identification number (TIN)"
              hint={TIN_MESSAGE.replace('TIN must be', 'For example')}
              autoComplete="off"
              required
            />
            <DateField name="incorporationDate" label="Date of incorporation" max={todayIso()} required />
          </div>
          <div className={styles.row}>
            <TextField
              name="natureOfBusiness"
              label="Nature of business"
              hint="What the business does, e.g. Food processing."
              required
            />
            <TextField name="countryOfIncorporation" label="Country of incorporation" autoComplete="country-name" required />
          </div>
          <TextAreaField
            name="description"
            label="Description"
            hint="Optional: products, customers, where you operate."
            rows={3}
          />
          <div className={styles.row}>
            <TextField
              name="numberOfEmployees"
              label="Number of employees"
              type="number"
              min={0}
              step={1}
              rules={{ valueAsNumber: true }}
              required
            />
            <TextField
              name="annualTurnover"
              label="Annual turnover (naira)"
              type="number"
              min={0}
              step="0.01"
              prefix="₦"
              rules={{ valueAsNumber: true }}
              required
            />
          </div>
          <div className={styles.row}>
            <div>
              <label htmlFor={fileId}>
                {uploaded.data?.length ? 'Add another company document (optional)' : 'Additional company document (optional)'}
              </label>
              <p className={`${styles.muted} ${styles.small}`}>
                {uploadLimits ? describeUploadLimit(uploadLimits.maxBytes) : 'PNG, JPEG or PDF'}, sent with this form.
              </p>
              <input
                id={fileId}
                className={styles.fileInput}
                type="file"
                accept={UPLOAD_ACCEPT}
                aria-invalid={fileError ? true : undefined}
                onChange={(event) => pickFile(event.target.files?.[0] ?? null)}
              />
              {uploaded.data && uploaded.data.length > 0 && (
                <ul className={`${styles.small} ${styles.uploadedList}`} aria-label="Company documents already uploaded">
                  {uploaded.data.map((doc) => (
                    <li key={doc.id}>
                      Uploaded: {doc.label ? `${doc.label} (${doc.file.fileName})` : doc.file.fileName}{' '}
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`View ${doc.label ?? doc.file.fileName} (opens in a new tab)`}
                        onClick={() =>
                          void openDocumentFile(doc.file.id).catch(() =>
                            notify("We couldn't open the file. Try again.", { type: 'error' }),
                          )
                        }
                      >
                        View
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {fileError && (
                <p role="alert" className={styles.small} style={{ color: 'var(--tone-danger-text)', margin: 0 }}>
                  {fileError}
                </p>
              )}
            </div>
            {file && (
              <div>
                <label htmlFor={labelId}>What is this document?</label>
                <input
                  id={labelId}
                  className={styles.fileInput}
                  value={label}
                  maxLength={200}
                  onChange={(e) => setLabel(e.target.value)}
                />
              </div>
            )}
          </div>
        </fieldset>
        {!readOnly && (
          <div className={styles.spread}>
            <DraftLine status={draft.status} />
            <Button type="submit" loading={form.formState.isSubmitting} disabled={!!fileError}>
              {details ? 'Save and continue' : 'Save company details'}
            </Button>
          </div>
        )}
      </div>
    </Form>
  )
}
