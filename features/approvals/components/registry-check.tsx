import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { DateField } from '@/components/ui/date-field'
import { ErrorState } from '@/components/ui/error-state'
import { Form } from '@/components/ui/form'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { TextAreaField } from '@/components/ui/text-area-field'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import { REGISTRY_HOLDER_KINDS } from '@/lib/contracts/registry-check-values'
import type { VerificationItem } from '@/lib/contracts/verification'
import { formatDayTime } from '@/lib/format/day'
import { describeError, getApiErrors } from '@/lib/http/errors'
import sharedStyles from '@/styles/staff-screens.module.css'
import { approvalQueries, refreshReviewScreen } from '../api/approval-queries'
import { useLookUpRegistry, usePutRegistryExtract } from '../api/verification-calls'
import ownStyles from './approvals.module.css'

const styles = { ...sharedStyles, ...ownStyles }

export interface RegistryDifferencesProps {
  differences: readonly VerificationItem[]
  /** A reviewer who may resolve (waive) an open difference now. */
  canResolve: boolean
  onResolve: (item: VerificationItem) => void
}

/** Each difference between the declaration and the registry, in words, open or resolved with its reason. */
export function RegistryDifferences({ differences, canResolve, onResolve }: RegistryDifferencesProps) {
  if (!differences.length) return <p className={styles.muted}>No difference with the registry.</p>
  return (
    <ul className={styles.list} aria-label="Differences with the registry">
      {differences.map((item) => (
        <li key={item.id} className={styles.item} data-registry-difference>
          <div className={styles.itemHead}>
            <span>{item.label}</span>
            <span className={styles.badges}>
              {item.waiver ? <StatusBadge status="WAIVED" label="Resolved" /> : <StatusBadge status="PENDING" label="Open" />}
            </span>
          </div>
          {item.waiver && (
            <p className={styles.small}>
              Resolved by {item.waiver.waivedByName ?? 'a staff member'} on {formatDayTime(item.waiver.waivedAt)}:{' '}
              {item.waiver.reason}
            </p>
          )}
          {!item.waiver && canResolve && (
            <div className={styles.actions}>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onResolve(item)}
                aria-label={`Resolve with a reason: ${item.label}`}
              >
                Resolve with a reason
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}

interface ExtractFormValues {
  source: string
  retrievedOn: string
  directors: string
  shareholders: string
}

/** "Amina Bello; 30; PERSON" → a shareholder; the kind may be left out (a person). */
function parseShareholders(text: string) {
  return lines(text).map((line) => {
    const [name = '', percentage = '', kind = 'PERSON'] = line.split(';').map((part) => part.trim())
    return { name, percentage: percentage === '' ? Number.NaN : Number(percentage.replace('%', '')), kind: kind.toUpperCase() }
  })
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** The first message for each field of the form, saying which line it is about ("shareholders.2.percentage"). */
function messagesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const out = new Map<keyof ExtractFormValues, string>()
  for (const issue of issues) {
    const [field, index] = issue.path
    const key = (['source', 'retrievedOn', 'directors', 'shareholders'] as const).find((f) => f === field)
    if (!key || out.has(key)) continue
    out.set(key, typeof index === 'number' ? `Line ${index + 1}: ${issue.message}` : issue.message)
  }
  return out
}

const pathOf = (field: string) => field.split('.').map((p) => (/^\d+$/u.test(p) ? Number(p) : p))

/**
 * The extract as staff read it off the registry's document: directors one per line, shareholders one per line. The
 * lines become the API's body and are checked by its schema (registryExtractInputSchema), each message on its field.
 */
function ExtractForm({ businessId, onDone }: { businessId: string; onDone: () => void }) {
  const queryClient = useQueryClient()
  const form = useForm<ExtractFormValues>({ defaultValues: { source: '', retrievedOn: '', directors: '', shareholders: '' } })
  const showErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
    const messages = messagesByField(issues)
    for (const [field, message] of messages) form.setError(field, { message }, { shouldFocus: true })
    return messages.size > 0
  }
  const put = usePutRegistryExtract(businessId, {
    onSuccess: async () => {
      notify('Registry extract saved; the differences are listed.', { type: 'success' })
      await refreshReviewScreen(queryClient)
      onDone()
    },
    onError: (error) => {
      const fields = getApiErrors(error).filter((e) => e.field)
      if (!showErrors(fields.map((e) => ({ path: pathOf(e.field!), message: e.message }))))
        form.setError('root.server', { message: describeError(error, "We couldn't save the extract.") })
    },
  })
  const submit = async (values: ExtractFormValues) => {
    // The schema (zod) loads with the first extract entered, not with the review.
    const { registryExtractInputSchema } = await import('@/lib/contracts/registry-check')
    const parsed = registryExtractInputSchema.safeParse({
      source: values.source,
      retrievedOn: values.retrievedOn,
      directors: lines(values.directors).map((name) => ({ name })),
      shareholders: parseShareholders(values.shareholders),
    })
    if (!parsed.success) {
      showErrors(parsed.error.issues)
      return
    }
    await put.mutateAsync(parsed.data).catch(() => undefined)
  }
  return (
    <Form form={form} onSubmit={submit} aria-label="Registry extract" className={styles.stack}>
      <TextField<ExtractFormValues>
        name="source"
        label="Source"
        hint="Where the extract comes from, e.g. CAC status report"
        required
        autoFocus
      />
      <DateField<ExtractFormValues> name="retrievedOn" label="Obtained on" required />
      <TextAreaField<ExtractFormValues>
        name="directors"
        label="Directors"
        hint="One name per line, as the registry gives it"
        rows={3}
      />
      <TextAreaField<ExtractFormValues>
        name="shareholders"
        label="Shareholders"
        hint={`One per line: name; percentage; kind (${REGISTRY_HOLDER_KINDS.join(', ')}; a person when left out). E.g. Eko Holdings Ltd; 25; COMPANY`}
        rows={3}
      />
      <div className={styles.actions}>
        <Button type="submit" size="sm" loading={put.isPending} loadingText="Saving the extract…">
          Save the extract
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  )
}

export interface RegistryCheckProps extends RegistryDifferencesProps {
  businessId: string
  /** Holds CAN_UPDATE_KYC_STATUS and is not barred by four-eyes: may enter the extract or look it up. */
  canEnter: boolean
}

/**
 * The registry check (docs/ownership.md#registry-check): the registry's extract, how to enter it (manual provider) or
 * look it up (Dojah), and each difference with the declaration, resolved with a reason.
 */
export function RegistryCheck({ businessId, canEnter, ...differences }: RegistryCheckProps) {
  const headingId = useId()
  const queryClient = useQueryClient()
  const state = useQuery(approvalQueries.registry(businessId))
  const [entering, setEntering] = useState(false)
  const lookUp = useLookUpRegistry(businessId, {
    onSuccess: async () => {
      notify('Looked up in the registry; the differences are listed.', { type: 'success' })
      await refreshReviewScreen(queryClient)
    },
  })
  const extract = state.data?.extract
  return (
    <section aria-labelledby={headingId} className={styles.stackTight} data-registry-check>
      <div className={styles.itemHead}>
        <h3 id={headingId}>Company registry check</h3>
        {canEnter && state.data?.provider === 'DOJAH' && (
          <Button
            size="sm"
            variant="secondary"
            loading={lookUp.isPending}
            loadingText="Looking up…"
            onClick={() => lookUp.mutate()}
          >
            Look up in the registry
          </Button>
        )}
        {canEnter && state.data?.provider === 'MANUAL' && !entering && (
          <Button size="sm" variant="secondary" onClick={() => setEntering(true)}>
            {extract ? 'Enter a newer extract' : 'Enter the registry extract'}
          </Button>
        )}
      </div>
      {lookUp.isError && (
        <p role="alert" className={styles.error}>
          {describeError(lookUp.error, "We couldn't look the business up in the registry.")}
        </p>
      )}
      {state.isError ? (
        <ErrorState
          message={describeError(state.error, "We couldn't load the registry extract.")}
          onRetry={() => void state.refetch()}
          retrying={state.isFetching}
        />
      ) : !state.data ? (
        <Skeleton count={1} label="Loading the registry extract" />
      ) : extract ? (
        <p className={styles.small}>
          {extract.source}, obtained on {extract.retrievedOn}: {extract.directors.length} director
          {extract.directors.length === 1 ? '' : 's'}, {extract.shareholders.length} shareholder
          {extract.shareholders.length === 1 ? '' : 's'}
          {extract.enteredByName ? `; entered by ${extract.enteredByName}` : ''}.
        </p>
      ) : (
        <p className={styles.muted}>No registry extract yet: the declared directors and shareholders are not compared.</p>
      )}
      {entering && <ExtractForm businessId={businessId} onDone={() => setEntering(false)} />}
      {extract && <RegistryDifferences {...differences} />}
    </section>
  )
}
