import { useEffect, useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import { Uploader, type UploadFunction } from '@/components/ui/uploader'
import { MAX_TEXT_ANSWER } from '@/lib/contracts/product-values'
import { describeError, getApiErrors } from '@/lib/http/errors'
import sharedStyles from '@/styles/product-screens.module.css'
import { useSaveAnswers, useSubmitOnboarding } from '../api/onboarding-calls'
import type { OnboardingDetail } from '../api/types'
import { FileLink } from './file-link'
import ownStyles from './onboarding.module.css'

const styles = { ...sharedStyles, ...ownStyles }

/** Autosave waits this long after the last keystroke. */
export const AUTOSAVE_DELAY_MS = 800

type TextValues = Record<string, string>
type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string }

function textValuesOf(detail: OnboardingDetail): TextValues {
  const values: TextValues = {}
  for (const r of detail.requirements)
    if (r.type === 'Text Input') values[r.key] = detail.answers.find((a) => a.key === r.key)?.value ?? ''
  return values
}

export interface RequirementFormProps {
  detail: OnboardingDetail
  /** Test seam for the uploader (the real one goes to blob storage). */
  upload?: UploadFunction
}

/**
 * The product's requirements as a form: text inputs saved as a draft while typing (debounced), uploads saved as
 * soon as they are confirmed, and "Submit for review", which lists whatever is still missing.
 */
export function RequirementForm({ detail, upload }: RequirementFormProps) {
  const save = useSaveAnswers(detail.id)
  const submit = useSubmitOnboarding(detail.id)
  const form = useForm<TextValues>({ defaultValues: textValuesOf(detail) })
  const saved = useRef<TextValues>(textValuesOf(detail))
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' })
  const [problems, setProblems] = useState<string[]>([])
  const textKeys = useMemo(
    () => detail.requirements.filter((r) => r.type === 'Text Input').map((r) => r.key),
    [detail.requirements],
  )

  /** Sends the text answers that differ from what the API last stored. */
  const flush = async () => {
    const values = form.getValues()
    const changed = textKeys.filter((key) => (values[key] ?? '').trim() !== (saved.current[key] ?? '').trim())
    if (!changed.length) return true
    setSaveState({ kind: 'saving' })
    try {
      await save.mutateAsync({ answers: changed.map((key) => ({ key, value: values[key] ?? '' })) })
      for (const key of changed) saved.current[key] = values[key] ?? ''
      setSaveState({ kind: 'saved' })
      return true
    } catch (error) {
      for (const e of getApiErrors(error)) {
        const index = /^answers\.(\d+)\./.exec(e.field ?? '')?.[1]
        if (index !== undefined && changed[Number(index)]) form.setError(changed[Number(index)]!, { message: e.message })
      }
      setSaveState({ kind: 'failed', message: describeError(error, 'Your answers could not be saved.') })
      return false
    }
  }
  const flushRef = useRef(flush)
  useEffect(() => {
    flushRef.current = flush
  })

  // Autosave: a pause in typing saves what changed.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const subscription = form.watch(() => {
      clearTimeout(timer)
      timer = setTimeout(() => void flushRef.current(), AUTOSAVE_DELAY_MS)
    })
    return () => {
      clearTimeout(timer)
      subscription.unsubscribe()
    }
  }, [form])

  const saveFile = async (key: string, fileId: string | null) => {
    setSaveState({ kind: 'saving' })
    try {
      await save.mutateAsync({ answers: [{ key, fileId }] })
      setSaveState({ kind: 'saved' })
    } catch (error) {
      setSaveState({ kind: 'failed', message: describeError(error, 'The file could not be saved.') })
    }
  }

  const onSubmit = async () => {
    setProblems([])
    if (!(await flush())) return
    try {
      await submit.mutateAsync()
      notify('Submitted for review. We will let you know the decision.', { type: 'success' })
    } catch (error) {
      const errors = getApiErrors(error)
      for (const e of errors) {
        const key = /^requirements\.(.+)$/.exec(e.field ?? '')?.[1]
        if (key && textKeys.includes(key)) form.setError(key, { message: 'This is required' })
      }
      setProblems(errors.length ? errors.map((e) => e.message) : [describeError(error)])
    }
  }

  const answerOf = (key: string) => detail.answers.find((a) => a.key === key)
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={`${detail.product.name} requirements`} className={styles.formStack}>
      {detail.requirements.map((r) =>
        r.type === 'Text Input' ? (
          <TextField
            key={r.key}
            name={r.key}
            label={r.required ? r.label : `${r.label} (optional)`}
            hint={r.help ?? undefined}
            required={r.required}
            maxLength={MAX_TEXT_ANSWER}
            onBlur={() => void flush()}
          />
        ) : (
          <div key={r.key} className={styles.stackTight}>
            <Uploader
              purpose="PRODUCT_REQUIREMENT"
              businessId={detail.businessId}
              label={r.required ? r.label : `${r.label} (optional)`}
              required={r.required}
              hasSavedFile={!!answerOf(r.key)?.file}
              onUploaded={(file) => void saveFile(r.key, file.id)}
              upload={upload}
            />
            {r.help && <p className={styles.muted}>{r.help}</p>}
            {answerOf(r.key)?.file ? (
              <div className={styles.file}>
                <span>Saved: </span>
                <FileLink file={answerOf(r.key)!.file!} />
                {!r.required && (
                  <Button size="sm" variant="link" onClick={() => void saveFile(r.key, null)}>
                    Remove file
                  </Button>
                )}
              </div>
            ) : (
              <p className={styles.muted}>No file yet.</p>
            )}
          </div>
        ),
      )}
      <p className={styles.saveState} role="status" aria-live="polite">
        {saveState.kind === 'saving'
          ? 'Saving…'
          : saveState.kind === 'saved'
            ? 'All changes saved'
            : saveState.kind === 'failed'
              ? saveState.message
              : ''}
      </p>
      {problems.length > 0 && (
        <div className={styles.alert} role="alert">
          <p>Before submitting:</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.actions}>
        <Button type="submit" loading={submit.isPending} loadingText="Submitting…">
          {detail.status === 'DECLINED' ? 'Resubmit for review' : 'Submit for review'}
        </Button>
      </div>
    </Form>
  )
}
