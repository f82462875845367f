import { useQuery } from '@tanstack/react-query'
import dynamic from 'next/dynamic'
import { useRouter } from 'next/router'
import { useEffect, useId, useRef, useState } from 'react'
import { Button, buttonClassName } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { clearStepToasts } from '@/components/ui/toasts'
import { KYC_STEP_LABELS, type KycStep } from '@/lib/contracts/kyc-values'
import { paths } from '@/lib/navigation/paths'
import { businessReads, kycReads } from '@/lib/query/shared-queries'
import { getSelectedStep, setKycIsCompleted, setSelectedStep } from '@/lib/session/storage'
import { businessStatus } from '@/lib/status/business-status'
import { documentsProgress } from '@/lib/status/document-status'
import { kycStatus, kycStepStatus } from '@/lib/status/kyc-status'
import { KYC_DATA_STEPS } from '../api/kyc-first-reads'
import { kycEditState } from '../model/kyc-access'
import { kycPreviewState } from '../model/kyc-preview-state'
import { checkCaptureSteps, readStep, type StepCheck } from '../model/step-checks'
import type { LocationFieldsSlot } from './addresses-step'
import { CompanyDetailsStep } from './company-details-step'
import { KycLoadError } from './kyc-load-error'
import styles from './kyc.module.css'

// The first step's form comes with the stepper and renders on the server with the page. The other steps' forms are
// chunks of their own, loaded when the step opens, in the browser only: next/dynamic does not preload a chunk nested
// in another before hydration, so a step rendered on the server from its own chunk would not match the browser's
// first render. A page opened on another step (`?step=`) paints the frame first and the step's form after.
const stepLoading = () => <Skeleton count={4} label="Loading the step" />
const AddressesStep = dynamic(() => import('./addresses-step').then((m) => m.AddressesStep), {
  ssr: false,
  loading: stepLoading,
})
const MeansOfIdStep = dynamic(() => import('./means-of-id-step').then((m) => m.MeansOfIdStep), {
  ssr: false,
  loading: stepLoading,
})
const ShareholdersStep = dynamic(() => import('./shareholders-step').then((m) => m.ShareholdersStep), {
  ssr: false,
  loading: stepLoading,
})
const EddStep = dynamic(() => import('./edd-step').then((m) => m.EddStep), { ssr: false, loading: stepLoading })
const DocumentsStep = dynamic(() => import('./documents/documents-step').then((m) => m.DocumentsStep), {
  ssr: false,
  loading: stepLoading,
})

/** "Means of ID" → "means of ID": a label inside a sentence keeps its abbreviations. */
const lowerFirst = (label: string) => label.charAt(0).toLowerCase() + label.slice(1)

/** The steps shown in the list; the last one (preview) is its own page. */
const DATA_STEPS = KYC_DATA_STEPS

/** A HIGH business's extra step (docs/risk.md#what-the-owner-sees), after the documents; no draft of its own. */
const EDD_STEP = 'ENHANCED_DUE_DILIGENCE'
type StepperStep = KycStep | typeof EDD_STEP
const ALL_STEPS: readonly StepperStep[] = [...DATA_STEPS, EDD_STEP]
const labelOf = (s: StepperStep) => (s === EDD_STEP ? 'Enhanced due diligence' : KYC_STEP_LABELS[s])
/** The step named by `?step=` or kept in the tab: a data step, the EDD step, else the first. */
const stepFrom = (value: string | null): StepperStep =>
  value?.toUpperCase() === EDD_STEP ? EDD_STEP : readStep(value, DATA_STEPS)

export interface KycStepperProps {
  businessId: string
  /** What the user holds in this business. */
  permissions: ReadonlySet<string>
  /** Country, state and LGA fields (the locations feature, composed by the page). */
  locationFields: LocationFieldsSlot
}

/**
 * /s/businesses/dashboard-details/kyc: company details, addresses, means of ID, shareholders and documents, one
 * step at a time, then the preview. The current step is kept in session storage (`selectedStep`) and in `?step=`;
 * each step autosaves a draft. A step is marked done only when it is valid, and "Continue" says what is wrong.
 */
export function KycStepper({ businessId, permissions, locationFields }: KycStepperProps) {
  const router = useRouter()
  const business = useQuery(businessReads.detail(businessId))
  const details = useQuery(kycReads.details(businessId))
  const kycDetailsId = details.data?.id
  const addresses = useQuery({ ...kycReads.addresses(kycDetailsId ?? ''), enabled: !!kycDetailsId })
  const meansOfIds = useQuery({ ...kycReads.meansOfIds(kycDetailsId ?? ''), enabled: !!kycDetailsId })
  const shareholders = useQuery({ ...kycReads.shareholders(kycDetailsId ?? ''), enabled: !!kycDetailsId })
  const documents = useQuery(kycReads.documentChecklist(businessId))
  const edd = useQuery({ ...kycReads.enhancedDueDiligence(kycDetailsId ?? ''), enabled: !!kycDetailsId })
  const stepInAddress = typeof router.query.step === 'string' ? router.query.step : null
  // On the server, and in the browser's first render after it, only the address is known (`?step=`, else the first
  // step), so the step paints with the page; the step kept in this tab replaces the first one once the page runs.
  const [step, setStep] = useState<StepperStep | null>(() => (router.isReady ? stepFrom(stepInAddress) : null))
  const stepSettled = useRef(false)
  const [blocked, setBlocked] = useState<{ step: StepperStep; problems: string[] } | null>(null)
  // A beneficial owner whose means of ID is being added from the shareholders step (then back there).
  const [idFor, setIdFor] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  const headingId = useId()

  // The step: `?step=` (an edit link from the preview), else the one kept in this tab, else the first.
  useEffect(() => {
    if (!router.isReady || stepSettled.current) return
    stepSettled.current = true
    const chosen = stepFrom(stepInAddress ?? getSelectedStep())
    setSelectedStep(chosen)
    setStep(chosen)
  }, [router.isReady, stepInAddress])

  useEffect(() => {
    if (business.data?.kycDetailsCompleted) setKycIsCompleted()
  }, [business.data?.kycDetailsCompleted])

  useEffect(() => {
    if (moved.current) headingRef.current?.focus()
  }, [step])

  if (business.isError || details.isError) {
    return (
      <KycLoadError
        error={business.error ?? details.error}
        onRetry={() => void Promise.all([business.refetch(), details.refetch()])}
      />
    )
  }
  if (!business.data || details.data === undefined || !step) return <Skeleton count={6} label="Loading the KYC" />

  const { readOnly, reason } = kycEditState(business.data, permissions)
  const hint = { kycStarted: details.data !== null }
  const approval = businessStatus(business.data, hint)
  const kyc = kycStatus(business.data, hint)
  const checks: Record<string, StepCheck> = checkCaptureSteps({
    details: details.data,
    addresses: addresses.data,
    meansOfIds: meansOfIds.data,
    shareholders: shareholders.data,
  })
  const documentProgress = documents.data ? documentsProgress(documents.data) : null
  const eddAnswered = edd.data?.items.some((i) => i.answer || i.document)
  const stepState = (s: StepperStep): 'done' | 'problem' | 'open' => {
    if (s === EDD_STEP) {
      if (!edd.data) return 'open'
      if (edd.data.outstanding === 0) return 'done'
      return eddAnswered ? 'problem' : 'open'
    }
    if (s === 'DOCUMENTS') {
      if (!documentProgress) return 'open'
      if (documentProgress.outstanding === 0) return 'done'
      return documentProgress.attention ? 'problem' : 'open'
    }
    const check = checks[s]
    if (!check) return 'open'
    if (check.done) return 'done'
    if (s === 'COMPANY_DETAILS') return details.data ? 'problem' : 'open'
    return details.data &&
      (s === 'ADDRESSES' ? addresses.data?.length : s === 'MEANS_OF_ID' ? meansOfIds.data?.length : shareholders.data?.length)
      ? 'problem'
      : 'open'
  }

  const stepLabel = (s: StepperStep) =>
    kycStepStatus(
      s === EDD_STEP
        ? { complete: edd.data?.outstanding === 0, gaps: edd.data?.outstanding ?? 0 }
        : s === 'DOCUMENTS'
          ? { complete: documentProgress?.outstanding === 0, gaps: documentProgress?.outstanding ?? 0 }
          : { complete: !!checks[s]?.done, gaps: checks[s]?.problems.length ?? 0 },
    ).label

  const steps: readonly StepperStep[] = edd.data?.required ? ALL_STEPS : DATA_STEPS
  const goTo = (next: StepperStep) => {
    moved.current = true
    clearStepToasts()
    setBlocked(null)
    setSelectedStep(next)
    setStep(next)
    void router.replace({ pathname: router.pathname, query: { ...router.query, step: next } }, undefined, {
      shallow: true,
      scroll: false,
    })
  }
  // The EDD step opened by its address before the answer says it applies: shown after the others.
  const index = steps.includes(step) ? steps.indexOf(step) : steps.length
  const next = steps[index + 1]

  /** Leaves a step as done only when it is valid; otherwise says what is wrong and stays. */
  const continueFrom = (from: StepperStep) => {
    const check = from === EDD_STEP ? undefined : checks[from]
    if (check && !check.done) {
      setBlocked({ step: from, problems: check.problems })
      return
    }
    if (next) goTo(next)
    else void router.push(paths.business.kycPreview(businessId))
  }

  const needsRecord = step !== 'COMPANY_DETAILS' && !kycDetailsId
  // Until every list has loaded, a step cannot be judged (an unloaded list is not an empty one).
  const judged = !!addresses.data && !!meansOfIds.data && !!shareholders.data

  return (
    <div className={styles.stack}>
      <div className={styles.spread}>
        <div className={styles.badges}>
          <StatusBadge status={approval.code} label={approval.label} tone={approval.tone} />
          <StatusBadge status={kyc.code} label={kyc.label} tone={kyc.tone} />
        </div>
        <Link href={paths.business.kycPreview(businessId)} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          {kycPreviewState(business.data, permissions).canSubmit ? 'Preview and submit' : 'Open the preview'}
        </Link>
      </div>
      {reason && <p className={styles.notice}>{reason}</p>}
      {!readOnly && (kyc.code === 'RETURNED' || kyc.code === 'SUBMITTED') && (
        <p className={kyc.code === 'RETURNED' ? styles.warning : styles.notice} data-testid="kyc-explanation">
          {approval.code === 'DECLINED' ? approval.explanation : kyc.explanation}
        </p>
      )}

      <div className={styles.layout}>
        <nav aria-label="KYC steps">
          <p className={styles.stepCount} data-testid="step-count">
            Step {index + 1} of {steps.length + 1}: {labelOf(step)}
          </p>
          <ol className={styles.steps}>
            {steps.map((s, i) => {
              const state = stepState(s)
              return (
                <li key={s}>
                  <button
                    type="button"
                    className={`${styles.stepButton} ${state === 'done' ? styles.stepDone : state === 'problem' ? styles.stepProblem : ''}`}
                    aria-current={s === step ? 'step' : undefined}
                    onClick={() => goTo(s)}
                    data-step={s}
                    data-state={state}
                  >
                    <span className={styles.stepNumber} aria-hidden="true">
                      {state === 'done' ? '✓' : state === 'problem' ? '!' : i + 1}
                    </span>
                    <span>
                      {labelOf(s)}
                      <span className={styles.stepState}>{stepLabel(s)}</span>
                    </span>
                  </button>
                </li>
              )
            })}
            <li>
              <Link href={paths.business.kycPreview(businessId)} className={styles.stepButton}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {steps.length + 1}
                </span>
                <span>{KYC_STEP_LABELS.PREVIEW}</span>
              </Link>
            </li>
          </ol>
        </nav>

        <section className={styles.panel} aria-labelledby={headingId}>
          <h2 id={headingId} ref={headingRef} tabIndex={-1}>
            {index + 1}. {labelOf(step)}
          </h2>
          {blocked?.step === step && (
            <div role="alert" className={styles.alert}>
              <p>
                <strong>This step is not complete yet:</strong>
              </p>
              <ul>
                {blocked.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          )}
          {needsRecord ? (
            <div className={styles.stack}>
              <p className={styles.muted}>Save the company details first; the other steps hang off them.</p>
              <div className={styles.actions}>
                <Button onClick={() => goTo('COMPANY_DETAILS')}>Go to company details</Button>
              </div>
            </div>
          ) : (
            <>
              {step === 'COMPANY_DETAILS' && (
                <CompanyDetailsStep
                  key={details.data?.id ?? 'new'}
                  businessId={businessId}
                  details={details.data}
                  readOnly={readOnly}
                  onSaved={() => goTo('ADDRESSES')}
                />
              )}
              {step === 'ADDRESSES' && (
                <AddressesStep
                  businessId={businessId}
                  kycDetailsId={kycDetailsId!}
                  readOnly={readOnly}
                  locationFields={locationFields}
                />
              )}
              {step === 'MEANS_OF_ID' && (
                <MeansOfIdStep
                  businessId={businessId}
                  kycDetailsId={kycDetailsId!}
                  readOnly={readOnly}
                  linkShareholderId={idFor}
                  onLinkDone={() => {
                    setIdFor(null)
                    goTo('SHAREHOLDERS')
                  }}
                />
              )}
              {step === 'SHAREHOLDERS' && (
                <ShareholdersStep
                  businessId={businessId}
                  kycDetailsId={kycDetailsId!}
                  readOnly={readOnly}
                  onAddMeansOfId={(holder) => {
                    setIdFor(holder.id)
                    goTo('MEANS_OF_ID')
                  }}
                />
              )}
              {step === 'DOCUMENTS' && (
                <DocumentsStep businessId={businessId} kycDetailsId={kycDetailsId!} permissions={permissions} />
              )}
              {step === EDD_STEP && <EddStep businessId={businessId} kycDetailsId={kycDetailsId!} readOnly={readOnly} />}
              {step !== 'COMPANY_DETAILS' && (
                <div className={styles.spread}>
                  <Button variant="secondary" onClick={() => goTo(steps[index - 1]!)}>
                    Back
                  </Button>
                  <Button onClick={() => continueFrom(step)} disabled={!judged}>
                    {next ? `Continue to ${lowerFirst(labelOf(next))}` : 'Continue to the preview'}
                  </Button>
                </div>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  )
}
