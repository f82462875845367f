import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import type { CrmImportResult } from '@/lib/contracts/crm'
import { CRM_ACCOUNT_CSV_COLUMNS, CRM_IMPORT_MAX_ROWS } from '@/lib/contracts/crm-values'
import { type ApiError } from '@/lib/contracts/errors'
import { getApiErrors } from '@/lib/http/errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useImportCrmAccounts } from '../api/crm-calls'
import type { CrmImportValues } from '../model/import-form'
import styles from './crm.module.css'

const resolver = lazyZodResolver<CrmImportValues, { file: File }>(() =>
  import('../model/import-form').then((m) => m.crmImportFileSchema as never),
)

/**
 * The built-in CRM directory's import (`POST /crm/accounts/import`): staff upload a CSV; accounts are created or
 * updated by externalRef, all or nothing. A refused file lists every failing line and column.
 */
export function CrmImportScreen() {
  const importAccounts = useImportCrmAccounts()
  const [result, setResult] = useState<CrmImportResult | null>(null)
  // A refused file: every line and column the server refused, listed under the form.
  const [errors, setErrors] = useState<ApiError[]>([])
  const form = useForm<CrmImportValues, unknown, { file: File }>({ resolver, defaultValues: { file: null } })
  const fileError = form.formState.errors.file?.message

  useEffect(() => void resolver.preload(), [])

  const submit = async ({ file }: { file: File }) => {
    setResult(null)
    setErrors([])
    try {
      setResult(await importAccounts.mutateAsync(file))
    } catch (error) {
      setErrors(getApiErrors(error))
    }
  }

  return (
    <div className={styles.stack}>
      <p>
        The CRM directory is what “Start from a CRM account” searches when registering a business. Upload a CSV (UTF-8,
        comma-separated, at most {CRM_IMPORT_MAX_ROWS.toLocaleString('en-NG')} rows) whose first row names its columns:{' '}
        <code>{CRM_ACCOUNT_CSV_COLUMNS.join(',')}</code>. <code>externalRef</code> (the account&apos;s id in the CRM) and{' '}
        <code>name</code> are required; an account whose externalRef is already in the directory is updated.
      </p>
      <Form
        form={form}
        onSubmit={submit}
        onInvalid={() => {
          setResult(null)
          setErrors([])
        }}
        className={styles.stack}
        aria-label="Import CRM accounts"
      >
        <div>
          <label htmlFor="crm-import-file" className={styles.label}>
            CSV file
          </label>
          <input
            id="crm-import-file"
            className={styles.input}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? 'crm-import-file-error' : undefined}
            {...form.register('file')}
          />
          {fileError && (
            <p id="crm-import-file-error" role="alert" className={styles.status}>
              {fileError}
            </p>
          )}
        </div>
        <div>
          <Button type="submit" loading={form.formState.isSubmitting} loadingText="Importing…">
            Import accounts
          </Button>
        </div>
      </Form>
      {result && (
        <p role="status">
          Imported: {result.created} new account{result.created === 1 ? '' : 's'}, {result.updated} updated.
        </p>
      )}
      {errors.length > 0 && (
        <div role="alert">
          <p>Nothing was imported. Fix these and upload the file again:</p>
          <ul className={styles.errors}>
            {errors.map((error) => (
              <li key={`${error.field ?? ''}:${error.message}`}>{error.message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
