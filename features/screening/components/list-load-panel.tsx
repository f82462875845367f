import { useEffect, useId, useRef, useState } from 'react'
import { useForm, useFormContext, useFormState, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { SelectField } from '@/components/ui/select-field'
import { SentForApproval } from '@/components/ui/sent-for-approval'
import { formatBytes } from '@/lib/contracts/file-types'
import type { ListDryRunView, ScreeningLists } from '@/lib/contracts/screening'
import type { ScreeningFileFormat } from '@/lib/contracts/screening-values'
import { getApiErrors, getHttpStatus } from '@/lib/http/errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useStageListVersion, type ListChangeAnswer } from '../api/list-calls'
import type { ListFileUpload } from '../api/list-upload'
import { formatsForList, LIST_FORMAT_PARTS, LIST_FORMAT_WORDS, type ListFilePart } from '../model/list-formats'
import { DryRunResult } from './dry-run-result'
import styles from './screening-lists.module.css'

type ScreeningList = ScreeningLists['lists'][number]

interface Values {
  listCode: string
  format: ScreeningFileFormat | ''
  list: FileList | null
  sdn: FileList | null
  alt: FileList | null
  add: FileList | null
}
interface Output {
  listCode: string
  format: ScreeningFileFormat
  list: File | null
  sdn: File | null
  alt: File | null
  add: File | null
}

const resolver = lazyZodResolver<Values, Output>(() => import('../model/screening-forms').then((m) => m.stageFormSchema as never))

type Progress = Partial<Record<ListFilePart, { fileName: string; size: number; loaded: number }>>

/**
 * Loading a new version of a list: choose the list, the format and the file(s); each file goes to blob storage with
 * its progress shown, then the dry run (`POST /screening/lists/{code}/versions`) says what would be added, changed and
 * removed, and the load is requested from there.
 */
export function ListLoadPanel({ lists }: { lists: ScreeningList[] }) {
  const headingId = useId()
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: { listCode: '', format: '', list: null, sdn: null, alt: null, add: null },
  })
  const listCode = useWatch({ control: form.control, name: 'listCode' })
  const format = useWatch({ control: form.control, name: 'format' })
  const chosenList = lists.find((l) => l.code === listCode)
  const formats = chosenList ? formatsForList(chosenList.format) : []
  const stage = useStageListVersion()
  const [progress, setProgress] = useState<Progress>({})
  const [refused, setRefused] = useState<{ fileRefused: boolean; messages: string[] } | null>(null)
  const [dryRun, setDryRun] = useState<{ run: ListDryRunView; listName: string } | null>(null)
  const [sent, setSent] = useState<{ authorizationId: string | null; number: number; listName: string } | null>(null)
  const refusedRef = useRef<HTMLDivElement>(null)

  useEffect(() => void resolver.preload(), [])
  // A list takes only its own format (or either generic encoding): choosing the list chooses its format.
  useEffect(() => {
    if (chosenList && !formatsForList(chosenList.format).includes(format as ScreeningFileFormat))
      form.setValue('format', chosenList.format)
  }, [chosenList, format, form])
  useEffect(() => {
    if (refused) refusedRef.current?.focus()
  }, [refused])

  const submit = async (values: Output) => {
    setRefused(null)
    setDryRun(null)
    setSent(null)
    const files: ListFileUpload[] = LIST_FORMAT_PARTS[values.format].flatMap(({ part }) =>
      values[part] ? [{ part, file: values[part] }] : [],
    )
    setProgress(Object.fromEntries(files.map(({ part, file }) => [part, { fileName: file.name, size: file.size, loaded: 0 }])))
    try {
      const run = await stage.mutateAsync({
        listCode: values.listCode,
        format: values.format,
        files,
        onProgress: (part, loaded) =>
          setProgress((now) =>
            now[part] ? { ...now, [part]: { ...now[part], loaded: Math.min(loaded, now[part].size) } } : now,
          ),
      })
      setDryRun({ run, listName: chosenList?.name ?? values.listCode })
      form.reset({ listCode: values.listCode, format: values.format, list: null, sdn: null, alt: null, add: null })
    } catch (error) {
      const messages = getApiErrors(error).map((e) => e.message)
      setRefused({
        fileRefused: getHttpStatus(error) === 400,
        messages: messages.length > 0 ? messages : ['The file could not be uploaded or read. Try again.'],
      })
    } finally {
      setProgress({})
    }
  }

  const requested = (answer: ListChangeAnswer) => {
    if (!dryRun) return
    setSent({
      authorizationId: answer.pending ? answer.authorizationId : null,
      number: dryRun.run.number,
      listName: dryRun.listName,
    })
    setDryRun(null)
  }

  const busy = form.formState.isSubmitting
  const uploading = Object.entries(progress)
  const allSent = uploading.length > 0 && uploading.every(([, p]) => p.loaded >= p.size)

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>Load a new version</h2>
      <p className={styles.muted}>
        Official lists are loaded as published: the UN list from its XML, OFAC from its three CSV files. Other lists use the
        generic format (CSV or JSON lines; see the list format guide in the documentation). The dry run changes nothing: it reads
        the file and compares it with the active version.
      </p>
      <Form form={form} onSubmit={submit} aria-label="Load a new version of a list">
        <div className={styles.fieldRow}>
          <SelectField
            name="listCode"
            label="List"
            placeholder="Select a list"
            options={lists.map((l) => ({ value: l.code, label: l.name }))}
            required
          />
          <SelectField
            name="format"
            label="Format"
            placeholder={chosenList ? undefined : 'Select a list first'}
            options={formats.map((f) => ({ value: f, label: LIST_FORMAT_WORDS[f] }))}
            disabled={!chosenList}
            required
          />
        </div>
        {format !== '' &&
          LIST_FORMAT_PARTS[format].map(({ part, label, accept }) => (
            <FileInput key={`${format}-${part}`} part={part} label={label} accept={accept} disabled={busy} />
          ))}
        <p>
          <Button type="submit" loading={busy} loadingText={allSent ? 'Reading the file…' : 'Uploading…'}>
            Upload and run the dry run
          </Button>
        </p>
      </Form>
      {uploading.length > 0 && (
        <div aria-label="Upload progress" role="group">
          {uploading.map(([part, p]) => {
            const percent = p.size ? Math.round((p.loaded / p.size) * 100) : 100
            return (
              <div key={part} className={styles.progressRow}>
                <div
                  role="progressbar"
                  aria-label={`Uploading ${p.fileName}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  aria-valuetext={`${percent}% of ${formatBytes(p.size)}`}
                  className={styles.progress}
                >
                  <div className={styles.progressFill} style={{ width: `${percent}%` }} />
                </div>
                <span aria-hidden="true">
                  {p.fileName} {percent}%
                </span>
              </div>
            )
          })}
          <p role="status" className={styles.muted}>
            {allSent ? 'Uploaded. Reading the file and comparing it with the active version…' : 'Uploading…'}
          </p>
        </div>
      )}
      {refused && (
        <div role="alert" className={styles.alert} tabIndex={-1} ref={refusedRef}>
          <p>{refused.fileRefused ? 'Nothing was staged: the file was refused.' : 'Nothing was staged.'}</p>
          <ul>
            {refused.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      {dryRun && <DryRunResult run={dryRun.run} listName={dryRun.listName} onSent={requested} />}
      {sent && (
        <div aria-label="Load requested" role="group">
          {sent.authorizationId ? (
            <>
              <p role="status" className={styles.notice}>
                The load of version {sent.number} of the {sent.listName} waits for a second person. Screening keeps using the
                active version until it is approved.
              </p>
              <SentForApproval authorizationId={sent.authorizationId} />
            </>
          ) : (
            <p role="status" className={styles.notice}>
              Version {sent.number} of the {sent.listName} is now active; every business is being screened again against what
              changed.
            </p>
          )}
        </div>
      )}
    </section>
  )
}

function FileInput({ part, label, accept, disabled }: { part: ListFilePart; label: string; accept: string; disabled: boolean }) {
  const id = useId()
  const errorId = `${id}-error`
  const { register } = useFormContext<Values>()
  const { errors } = useFormState<Values>({ name: part })
  const error = errors[part]?.message
  return (
    <div className={styles.fileField}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...register(part)}
      />
      {error && (
        <p id={errorId} className={styles.fileError}>
          {error}
        </p>
      )}
    </div>
  )
}
