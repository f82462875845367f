import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useForm, type FieldValues } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Form } from '@/components/ui/form'
import { SelectField } from '@/components/ui/select-field'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { TextAreaField } from '@/components/ui/text-area-field'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import { Uploader, type UploadedFile, type UploadFunction } from '@/components/ui/uploader'
import type { EddAnswerInput, EddItemView } from '@/lib/contracts/risk-edd'
import { FUNDS_ORIGIN_LABELS, WEALTH_ORIGIN_LABELS } from '@/lib/contracts/risk-values'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError } from '@/lib/http/errors'
import { kycReads } from '@/lib/query/shared-queries'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useAttachDocument } from '../api/document-calls'
import { useSaveEddAnswer } from '../api/edd-calls'
import styles from './kyc.module.css'

const optionsOf = (labels: Readonly<Record<string, string>>) => Object.entries(labels).map(([value, label]) => ({ value, label }))

/** What each item asks, in the owner's words. */
const QUESTIONS: Record<EddItemView['item'], string> = {
  SOURCE_OF_FUNDS: 'Where does the money the business will use with us come from?',
  SOURCE_OF_WEALTH: 'How did this person build their wealth?',
  PURPOSE_OF_RELATIONSHIP: 'What will the business use its accounts and products with us for?',
  EXPECTED_ACTIVITY: 'How much will the business move through its accounts in a typical month, with whom and where?',
}

// One zod schema per item, the API's own (lib/contracts/risk-edd.ts), loaded on first use.
const resolvers = {
  SOURCE_OF_FUNDS: lazyZodResolver(() => import('@/lib/contracts/risk-edd').then((m) => m.sourceOfFundsAnswerSchema as never)),
  SOURCE_OF_WEALTH: lazyZodResolver(() => import('@/lib/contracts/risk-edd').then((m) => m.sourceOfWealthAnswerSchema as never)),
  PURPOSE_OF_RELATIONSHIP: lazyZodResolver(() => import('@/lib/contracts/risk-edd').then((m) => m.purposeAnswerSchema as never)),
  EXPECTED_ACTIVITY: lazyZodResolver(() =>
    import('@/lib/contracts/risk-edd').then((m) => m.expectedActivityAnswerSchema as never),
  ),
}

const FIELDS = ['origin', 'explanation', 'purpose', 'monthlyTransactions', 'monthlyValueNaira', 'counterparties', 'countries']

export interface EddStepProps {
  businessId: string
  kycDetailsId: string
  readOnly: boolean
  /** Test seam: replaces the real upload, as the Uploader's own `upload`. */
  upload?: UploadFunction
}

/**
 * The enhanced due diligence of a HIGH business (docs/risk.md#what-the-owner-sees): why it applies in plain words,
 * then each question with its answer and, for the source of funds and of wealth, the supporting document.
 */
export function EddStep({ businessId, kycDetailsId, readOnly, upload }: EddStepProps) {
  const edd = useQuery(kycReads.enhancedDueDiligence(kycDetailsId))
  if (edd.isError)
    return (
      <ErrorState
        title="Couldn't load the questions"
        message={describeError(edd.error, "We couldn't load these questions. Check your connection and try again.")}
        onRetry={() => void edd.refetch()}
      />
    )
  if (!edd.data) return <Skeleton count={4} label="Loading the questions" />
  if (!edd.data.required)
    return <p className={styles.muted}>No enhanced due diligence is asked of your business: there is nothing to answer here.</p>
  return (
    <div className={styles.stack} data-testid="edd-step">
      <div className={styles.notice}>
        <p>
          We are required to ask businesses like yours a few more questions before we can open the relationship, and to keep
          evidence of the answers. They apply:
        </p>
        <ul data-testid="edd-reasons">
          {edd.data.reasons.map((reason) => (
            <li key={reason}>{reason}.</li>
          ))}
        </ul>
      </div>
      <p className={styles.muted} role="status">
        {edd.data.outstanding === 0
          ? 'Every question is answered and every document uploaded.'
          : `${edd.data.outstanding} ${edd.data.outstanding === 1 ? 'thing is' : 'things are'} still missing.`}
      </p>
      {edd.data.items.map((item) => (
        <EddItemCard
          key={`${item.item}-${item.shareholderId ?? ''}`}
          item={item}
          businessId={businessId}
          kycDetailsId={kycDetailsId}
          readOnly={readOnly}
          upload={upload}
        />
      ))}
    </div>
  )
}

function defaultsOf(item: EddItemView): FieldValues {
  const answer = item.answer ?? {}
  switch (item.item) {
    case 'SOURCE_OF_FUNDS':
      return { item: item.item, origin: answer.origin ?? '', explanation: answer.explanation ?? '' }
    case 'SOURCE_OF_WEALTH':
      return {
        item: item.item,
        shareholderId: item.shareholderId,
        origin: answer.origin ?? '',
        explanation: answer.explanation ?? '',
      }
    case 'PURPOSE_OF_RELATIONSHIP':
      return { item: item.item, purpose: answer.purpose ?? '' }
    case 'EXPECTED_ACTIVITY':
      return {
        item: item.item,
        monthlyTransactions: answer.monthlyTransactions ?? '',
        monthlyValueNaira: answer.monthlyValueNaira ?? '',
        counterparties: answer.counterparties ?? '',
        countries: answer.countries ?? '',
      }
  }
}

function EddItemCard(props: {
  item: EddItemView
  businessId: string
  kycDetailsId: string
  readOnly: boolean
  upload?: UploadFunction
}) {
  const { item, readOnly } = props
  const headingId = useId()
  const save = useSaveEddAnswer(props.kycDetailsId)
  const attach = useAttachDocument()
  const [editing, setEditing] = useState(!item.answer && !readOnly)
  const form = useForm<FieldValues>({ resolver: resolvers[item.item], defaultValues: defaultsOf(item) })
  useEffect(() => {
    void resolvers[item.item].preload()
  }, [item.item])

  async function submit(values: FieldValues) {
    try {
      await save.mutateAsync(values as EddAnswerInput)
      notify(`${item.label}: answer saved`, { type: 'success' })
      setEditing(false)
    } catch (error) {
      if (!applyApiErrors(error, form.setError, FIELDS))
        form.setError('root.server', { message: describeError(error, "We couldn't save the answer. Try again.") })
    }
  }

  async function onUploaded(file: UploadedFile) {
    if (!item.documentTypeId) return
    try {
      await attach.mutateAsync({
        kycDetailsId: props.kycDetailsId,
        documentTypeId: item.documentTypeId,
        fileId: file.id,
        ...(item.shareholderId && item.item === 'SOURCE_OF_WEALTH' ? { shareholderId: item.shareholderId } : {}),
      })
      notify(`${item.documentTypeName} uploaded`, { type: 'success' })
    } catch (error) {
      notify(describeError(error, "We couldn't attach the document. Try again."), { type: 'error' })
    }
  }

  const answerLines = item.answer ? answerSummary(item) : []
  return (
    <section className={styles.formBox} aria-labelledby={headingId} data-testid={`edd-item-${item.item}`}>
      <div className={styles.spread}>
        <h3 id={headingId}>{item.label}</h3>
        <StatusBadge
          status={item.complete ? 'COMPLETE' : 'MISSING'}
          label={item.complete ? 'Complete' : 'Missing'}
          tone={item.complete ? 'success' : 'warning'}
        />
      </div>
      <p className={styles.muted}>{QUESTIONS[item.item]}</p>
      {item.missing.length > 0 && (
        <ul className={styles.small}>
          {item.missing.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      {editing && !readOnly ? (
        <Form form={form} onSubmit={submit} aria-label={item.label} className={styles.stack}>
          <ItemFields item={item} />
          <div className={styles.actions}>
            <Button type="submit" loading={save.isPending} loadingText="Saving…">
              Save the answer
            </Button>
            {item.answer && (
              <Button variant="secondary" onClick={() => setEditing(false)} disabled={save.isPending}>
                Cancel
              </Button>
            )}
          </div>
        </Form>
      ) : item.answer ? (
        <>
          <dl className={styles.facts}>
            {answerLines.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {!readOnly && (
            <div className={styles.actions}>
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                Change the answer
              </Button>
            </div>
          )}
        </>
      ) : (
        <p className={styles.muted}>Not answered yet.</p>
      )}
      {item.documentTypeId && (
        <div className={styles.stack}>
          <p className={styles.small}>
            {item.document
              ? `${item.documentTypeName}: ${item.document.fileName} (${item.document.status === 'APPROVED' ? 'approved' : item.document.status === 'REJECTED' ? 'rejected' : 'under review'})`
              : `${item.documentTypeName}: not uploaded yet`}
          </p>
          {!readOnly && (
            <Uploader
              purpose="KYC_DOCUMENT"
              businessId={props.businessId}
              label={`Choose the ${item.documentTypeName?.toLowerCase()} file${item.personName ? ` for ${item.personName}` : ''}`}
              hasSavedFile={!!item.document}
              onUploaded={(file) => void onUploaded(file)}
              disabled={attach.isPending}
              upload={props.upload}
            />
          )}
        </div>
      )}
    </section>
  )
}

function ItemFields({ item }: { item: EddItemView }) {
  switch (item.item) {
    case 'SOURCE_OF_FUNDS':
    case 'SOURCE_OF_WEALTH':
      return (
        <>
          <SelectField
            name="origin"
            label={item.item === 'SOURCE_OF_FUNDS' ? 'Where the money comes from' : 'How the wealth was built'}
            options={optionsOf(item.item === 'SOURCE_OF_FUNDS' ? FUNDS_ORIGIN_LABELS : WEALTH_ORIGIN_LABELS)}
            placeholder="Choose one"
            required
          />
          <TextAreaField name="explanation" label="Explain in your own words" hint="At least 20 characters." required />
        </>
      )
    case 'PURPOSE_OF_RELATIONSHIP':
      return <TextAreaField name="purpose" label="Purpose of the relationship" hint="At least 20 characters." required />
    case 'EXPECTED_ACTIVITY':
      return (
        <>
          <TextField
            name="monthlyTransactions"
            label="Transactions a month"
            type="number"
            min={1}
            step={1}
            rules={{ valueAsNumber: true }}
            required
          />
          <TextField
            name="monthlyValueNaira"
            label="Value a month (naira)"
            type="number"
            min={1}
            step={1}
            prefix="₦"
            rules={{ valueAsNumber: true }}
            required
          />
          <TextAreaField
            name="counterparties"
            label="Main counterparties"
            hint="Who the business pays and is paid by."
            required
          />
          <TextField
            name="countries"
            label="Countries"
            hint="Where money will come from or go to, e.g. Nigeria, Ghana."
            required
          />
        </>
      )
  }
}

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 0 })

function answerSummary(item: EddItemView): [string, string][] {
  const a = item.answer ?? {}
  switch (item.item) {
    case 'SOURCE_OF_FUNDS':
      return [
        ['Where the money comes from', FUNDS_ORIGIN_LABELS[a.origin as keyof typeof FUNDS_ORIGIN_LABELS] ?? String(a.origin)],
        ['Explanation', String(a.explanation)],
      ]
    case 'SOURCE_OF_WEALTH':
      return [
        ['How the wealth was built', WEALTH_ORIGIN_LABELS[a.origin as keyof typeof WEALTH_ORIGIN_LABELS] ?? String(a.origin)],
        ['Explanation', String(a.explanation)],
      ]
    case 'PURPOSE_OF_RELATIONSHIP':
      return [['Purpose', String(a.purpose)]]
    case 'EXPECTED_ACTIVITY':
      return [
        ['Transactions a month', Number(a.monthlyTransactions).toLocaleString('en-NG')],
        ['Value a month', naira.format(Number(a.monthlyValueNaira))],
        ['Main counterparties', String(a.counterparties)],
        ['Countries', String(a.countries)],
      ]
  }
}
