import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import type { CrmImportResult } from '@/lib/contracts/crm'
import { CRM_ACCOUNT_CSV_COLUMNS, CRM_IMPORT_MAX_ROWS } from '@/lib/contracts/crm-values'
import { type ApiError } from '@/lib/contracts/errors'
import { getApiErrors } from '@/lib/http/errors'
import { useImportCrmAccounts } from '../api/crm-calls'
import styles from './crm.module.css'

/**
 * The built-in CRM directory's import (`POST /crm/accounts/import`): staff upload a CSV; accounts are created or
 * updated by externalRef, all or nothing. A refused file lists every failing line and column.
 */
export function CrmImportScreen() {
  const importAccounts = useImportCrmAccounts()
  const [file, setFile] = useState<File | null>(null)
  const [result, setResult] = useState<CrmImportResult | null>(null)
  const [errors, setErrors] = useState<ApiError[]>([])
  const [missingFile, setMissingFile] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setResult(null)
    setErrors([])
    if (!file) {
      setMissingFile(true)
      return
    }
    importAccounts.mutate(file, {
      onSuccess: (answer) => setResult(answer),
      onError: (error) => setErrors(getApiErrors(error)),
    })
  }

  return (
    <div className={styles.stack}>
      <p>
        The CRM directory is what “Start from a CRM account” searches when registering a business. Upload a CSV (UTF-8,
        comma-separated, at most {CRM_IMPORT_MAX_ROWS.toLocaleString('en-NG')} rows) whose first row names its columns:{' '}
        <code>{CRM_ACCOUNT_CSV_COLUMNS.join(',')}</code>. <code>externalRef</code> (the account&apos;s id in the CRM) and{' '}
        <code>name</code> are required; an account whose externalRef is already in the directory is updated.
      </p>
      <form onSubmit={submit} className={styles.stack} aria-label="Import CRM accounts" noValidate>
        <div>
          <label htmlFor="crm-import-file" className={styles.label}>
            CSV file
          </label>
          <input
            id="crm-import-file"
            className={styles.input}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={missingFile || undefined}
            aria-describedby={missingFile ? 'crm-import-file-error' : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null)
              setMissingFile(false)
            }}
          />
          {missingFile && (
            <p id="crm-import-file-error" role="alert" className={styles.status}>
              Choose a CSV file to import
            </p>
          )}
        </div>
        <div>
          <Button type="submit" loading={importAccounts.isPending} loadingText="Importing…">
            Import accounts
          </Button>
        </div>
      </form>
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
