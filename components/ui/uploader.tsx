import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import {
  checkUploadCandidate,
  describeUploadLimit,
  UPLOAD_ACCEPT,
  UPLOAD_FAILED_MESSAGE,
  type UploadedFile,
  type UploadPurpose,
} from '@/lib/contracts/file-types'
import { firstErrorMessage, getHttpStatus } from '@/lib/http/errors'
import { fileReads } from '@/lib/query/shared-queries'
import { Button, buttonClassName } from './button'
import { cx } from './cx'
import { RequiredMark } from './field'
import fieldStyles from './field.module.css'
import type { UploadFunction } from './upload-to-blob'
import styles from './uploader.module.css'
import { useReportUpload } from './uploads-in-progress'

export type { UploadedFile } from '@/lib/contracts/file-types'
export type { UploadFunction, UploadRequest } from './upload-to-blob'

const uploadThroughBlobStorage: UploadFunction = async (request) => {
  const { uploadToBlob } = await import('./upload-to-blob')
  return uploadToBlob(request)
}

export interface UploaderProps {
  purpose: UploadPurpose
  /** Required for business purposes (KYC documents, means of ID, addresses, product requirements). */
  businessId?: string
  label: string
  /** Called once the API has confirmed the file. */
  onUploaded: (file: UploadedFile) => void
  disabled?: boolean
  /** The file input's id (default: generated). */
  id?: string
  /** Test seam: replaces the real slot → blob → confirm upload. */
  upload?: UploadFunction
  /** Shows the required marker and sets `aria-required` (the form or the API decides what is missing). */
  required?: boolean
  /** A file is already saved for this field (shown by the caller): the picker offers to replace it. */
  hasSavedFile?: boolean
}

type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; file: File; loaded: number }
  | { kind: 'done'; file: UploadedFile }
  | { kind: 'failed'; file: File | null; message: string; retryable: boolean }

/**
 * 413 / 415 / 422 carry the server's reason (too large, not png/jpeg/pdf, malware found) and 503 the virus scanner's
 * silence (worth a retry); every other failure is the spec's message.
 */
function failureOf(error: unknown): { message: string; retryable: boolean } {
  const status = getHttpStatus(error)
  const message = firstErrorMessage(error) ?? UPLOAD_FAILED_MESSAGE
  if (status === 413 || status === 415 || status === 422) return { message, retryable: false }
  if (status === 503) return { message, retryable: true }
  return { message: UPLOAD_FAILED_MESSAGE, retryable: true }
}

/**
 * A file picker that uploads straight to blob storage with a progress bar. The hint shows the configured limit,
 * which is also checked here before anything is sent (and again by the API, by content). Inside a `Form`, it tells
 * the form while it uploads, so the form cannot be submitted without the file. The native input is visually hidden
 * (its "No file chosen" contradicted the saved file shown beside it) behind a "Choose file" / "Replace file" button.
 */
export function Uploader({
  purpose,
  businessId,
  label,
  onUploaded,
  disabled = false,
  id,
  upload = uploadThroughBlobStorage,
  required = false,
  hasSavedFile = false,
}: UploaderProps) {
  const generatedId = useId()
  const inputId = id ?? `uploader-${generatedId}`
  const hintId = `${inputId}-hint`
  const messageId = `${inputId}-message`
  const limits = useQuery(fileReads.uploadLimits())
  const maxBytes = limits.data?.maxBytes
  const [state, setState] = useState<UploadState>({ kind: 'idle' })
  const controller = useRef<AbortController | null>(null)
  const mounted = useRef(true)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      controller.current?.abort()
    }
  }, [])

  async function start(file: File) {
    controller.current?.abort()
    const abort = new AbortController()
    controller.current = abort
    setState({ kind: 'uploading', file, loaded: 0 })
    try {
      const uploaded = await upload({
        file,
        purpose,
        businessId,
        signal: abort.signal,
        onProgress: (loaded) => {
          if (mounted.current && !abort.signal.aborted) setState({ kind: 'uploading', file, loaded: Math.min(loaded, file.size) })
        },
      })
      if (!mounted.current || abort.signal.aborted) return
      setState({ kind: 'done', file: uploaded })
      onUploaded(uploaded)
    } catch (error) {
      if (!mounted.current || abort.signal.aborted) return
      setState({ kind: 'failed', file, ...failureOf(error) })
    }
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    // Clear the input so choosing the same file again (after a fix or a failure) fires a change.
    event.target.value = ''
    if (!file) return
    const problem = maxBytes === undefined ? null : checkUploadCandidate(file, maxBytes)
    if (problem) {
      setState({ kind: 'failed', file: null, message: problem, retryable: false })
      return
    }
    void start(file)
  }

  const uploading = state.kind === 'uploading'
  useReportUpload(uploading)
  const inputDisabled = disabled || uploading || limits.isPending
  const percent = uploading ? (state.file.size ? Math.round((state.loaded / state.file.size) * 100) : 0) : 0
  const retryFile = state.kind === 'failed' && state.retryable ? state.file : null
  const hint = maxBytes === undefined ? 'PNG, JPEG or PDF' : describeUploadLimit(maxBytes)

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        {label}
        {required && <RequiredMark />}
      </label>
      <p id={hintId} className={fieldStyles.hint}>
        {hint}
      </p>
      <input
        id={inputId}
        type="file"
        accept={UPLOAD_ACCEPT}
        ref={input}
        className={styles.input}
        disabled={inputDisabled}
        aria-describedby={state.kind === 'idle' ? hintId : `${hintId} ${messageId}`}
        aria-invalid={state.kind === 'failed' || undefined}
        aria-required={required || undefined}
        onChange={onChange}
      />
      {/* The input itself takes focus and keys; this is what a pointer sees and clicks. */}
      <span
        aria-hidden="true"
        className={cx(buttonClassName({ variant: 'secondary', size: 'sm' }), styles.picker)}
        data-disabled={inputDisabled || undefined}
        onClick={() => {
          if (!inputDisabled) input.current?.click()
        }}
      >
        {hasSavedFile || state.kind === 'done' ? 'Replace file' : 'Choose file'}
      </span>
      {uploading && (
        <div className={styles.progressRow} id={messageId}>
          <div
            role="progressbar"
            aria-label={`Uploading ${state.file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
            className={styles.progress}
          >
            <div className={styles.progressFill} style={{ width: `${percent}%` }} />
          </div>
          <span className={styles.percent} aria-hidden="true">
            {percent}%
          </span>
        </div>
      )}
      {state.kind === 'done' && (
        <p role="status" id={messageId} className={cx(styles.message, styles.success)}>
          Uploaded {state.file.fileName}
        </p>
      )}
      {state.kind === 'failed' && (
        <div role="alert" id={messageId} className={cx(styles.message, styles.error)}>
          <span>{state.message}</span>
          {retryFile && (
            <Button size="sm" variant="secondary" disabled={disabled} onClick={() => void start(retryFile)}>
              Retry
            </Button>
          )}
        </div>
      )}
    </div>
  )
}
