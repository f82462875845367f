import { useQuery } from '@tanstack/react-query'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { Button, buttonClassName } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { KYC_STEP_LABELS, KYC_STEPS, type KycStep } from '@/lib/contracts/kyc-values'
import { getSelectedStep, setKycIsCompleted, setSelectedStep } from '@/lib/session/storage'
import { kycQueries } from '../api/kyc-queries'
import type { LocationFieldsSlot } from './addresses-step'
import { kycEditState } from './kyc-access'
import { KycLoadError } from './kyc-load-error'
import { KYC_PATHS } from './kyc-paths'
import styles from './kyc.module.css'
import { checkCaptureSteps, readStep, type StepCheck } from './step-checks'

// Each step's form (and react-hook-form with it) loads when the step opens, not with the page.
const CompanyDetailsStep = lazy(() => import('./company-details-step').then((m) => ({ default: m.CompanyDetailsStep })))
const AddressesStep = lazy(() => import('./addresses-step').then((m) => ({ default: m.AddressesStep })))
const MeansOfIdStep = lazy(() => import('./means-of-id-step').then((m) => ({ default: m.MeansOfIdStep })))
const ShareholdersStep = lazy(() => import('./shareholders-step').then((m) => ({ default: m.ShareholdersStep })))
const DocumentsStep = lazy(() => import('./documents/documents-step').then((m) => ({ default: m.DocumentsStep })))

/** The steps shown in the list; the last one (preview) is its own page. */
const DATA_STEPS: readonly KycStep[] = KYC_STEPS.filter((s) => s !== 'PREVIEW')

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
  const business = useQuery(kycQueries.business(businessId))
  const details = useQuery(kycQueries.details(businessId))
  const kycDetailsId = details.data?.id
  const addresses = useQuery({ ...kycQueries.addresses(kycDetailsId ?? ''), enabled: !!kycDetailsId })
  const meansOfIds = useQuery({ ...kycQueries.meansOfIds(kycDetailsId ?? ''), enabled: !!kycDetailsId })
  const shareholders = useQuery({ ...kycQueries.shareholders(kycDetailsId ?? ''), enabled: !!kycDetailsId })
  const [step, setStep] = useState<KycStep | null>(null)
  const [blocked, setBlocked] = useState<{ step: KycStep; problems: string[] } | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const stepsRef = useRef<HTMLOListElement>(null)
  const moved = useRef(false)
  const headingId = useId()

  // The step: `?step=` (an edit link from the preview), else the one kept in this tab, else the first.
  useEffect(() => {
    if (!router.isReady || step) return
    const fromQuery = typeof router.query.step === 'string' ? router.query.step : null
    const chosen = readStep(fromQuery ?? getSelectedStep(), DATA_STEPS)
    setSelectedStep(chosen)
    setStep(chosen)
  }, [router.isReady, router.query.step, step])

  useEffect(() => {
    if (business.data?.kycDetailsCompleted) setKycIsCompleted()
  }, [business.data?.kycDetailsCompleted])

  useEffect(() => {
    if (moved.current) headingRef.current?.focus()
  }, [step])

  // On a phone the step list scrolls sideways: keep the current step in sight by scrolling the list alone (the page
  // stays where the heading's focus put it).
  const listShown = !!business.data && details.data !== undefined
  useEffect(() => {
    const list = stepsRef.current
    const current = list?.querySelector('[aria-current="step"]')?.closest('li')
    if (!list || !current || list.scrollWidth <= list.clientWidth) return
    const offset = current.getBoundingClientRect().left - list.getBoundingClientRect().left
    if (offset < 0 || offset + current.getBoundingClientRect().width > list.clientWidth) list.scrollLeft += offset
  }, [step, listShown])

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
  const checks: Record<string, StepCheck> = checkCaptureSteps({
    details: details.data,
    addresses: addresses.data,
    meansOfIds: meansOfIds.data,
    shareholders: shareholders.data,
  })
  const stepState = (s: KycStep): 'done' | 'problem' | 'open' => {
    const check = checks[s]
    if (!check) return 'open'
    if (check.done) return 'done'
    if (s === 'COMPANY_DETAILS') return details.data ? 'problem' : 'open'
    return details.data &&
      (s === 'ADDRESSES' ? addresses.data?.length : s === 'MEANS_OF_ID' ? meansOfIds.data?.length : shareholders.data?.length)
      ? 'problem'
      : 'open'
  }

  const goTo = (next: KycStep) => {
    moved.current = true
    setBlocked(null)
    setSelectedStep(next)
    setStep(next)
    void router.replace({ pathname: router.pathname, query: { ...router.query, step: next } }, undefined, {
      shallow: true,
      scroll: false,
    })
  }
  const index = DATA_STEPS.indexOf(step)
  const next = DATA_STEPS[index + 1]

  /** Leaves a step as done only when it is valid; otherwise says what is wrong and stays. */
  const continueFrom = (from: KycStep) => {
    const check = checks[from]
    if (check && !check.done) {
      setBlocked({ step: from, problems: check.problems })
      return
    }
    if (next) goTo(next)
    else void router.push(KYC_PATHS.preview(businessId))
  }

  const needsRecord = step !== 'COMPANY_DETAILS' && !kycDetailsId
  // Until every list has loaded, a step cannot be judged (an unloaded list is not an empty one).
  const judged = !!addresses.data && !!meansOfIds.data && !!shareholders.data

  return (
    <div className={styles.stack}>
      <div className={styles.spread}>
        <div className={styles.badges}>
          <StatusBadge status={business.data.approvalStatus} />
          <StatusBadge
            status={business.data.kycDetailsCompleted ? 'COMPLETED' : 'PENDING'}
            label={business.data.kycDetailsCompleted ? 'KYC submitted' : 'KYC not submitted'}
          />
        </div>
        <Link href={KYC_PATHS.preview(businessId)} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          Preview and submit
        </Link>
      </div>
      {reason && <p className={styles.notice}>{reason}</p>}
      {business.data.approvalStatus === 'DECLINED' && !readOnly && (
        <p className={styles.warning}>
          Your registration was declined. Correct what the reviewers asked about, then submit the KYC again from the preview.
        </p>
      )}

      <div className={styles.layout}>
        <nav aria-label="KYC steps">
          <ol ref={stepsRef} className={styles.steps}>
            {DATA_STEPS.map((s, i) => {
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
                      {KYC_STEP_LABELS[s]}
                      <span className={styles.stepState}>
                        {state === 'done' ? 'Done' : state === 'problem' ? 'Needs attention' : 'To do'}
                      </span>
                    </span>
                  </button>
                </li>
              )
            })}
            <li>
              <Link href={KYC_PATHS.preview(businessId)} className={styles.stepButton}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {DATA_STEPS.length + 1}
                </span>
                <span>{KYC_STEP_LABELS.PREVIEW}</span>
              </Link>
            </li>
          </ol>
        </nav>

        <section className={styles.panel} aria-labelledby={headingId}>
          <h2 id={headingId} ref={headingRef} tabIndex={-1}>
            {index + 1}. {KYC_STEP_LABELS[step]}
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
            <Suspense fallback={<Skeleton count={4} label="Loading the step" />}>
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
                <MeansOfIdStep businessId={businessId} kycDetailsId={kycDetailsId!} readOnly={readOnly} />
              )}
              {step === 'SHAREHOLDERS' && (
                <ShareholdersStep businessId={businessId} kycDetailsId={kycDetailsId!} readOnly={readOnly} />
              )}
              {step === 'DOCUMENTS' && (
                <DocumentsStep businessId={businessId} kycDetailsId={kycDetailsId!} permissions={permissions} />
              )}
              {step !== 'COMPANY_DETAILS' && (
                <div className={styles.spread}>
                  <Button variant="secondary" onClick={() => goTo(DATA_STEPS[index - 1]!)}>
                    Back
                  </Button>
                  <Button onClick={() => continueFrom(step)} disabled={!judged}>
                    {next ? `Continue to ${KYC_STEP_LABELS[next].toLowerCase()}` : 'Continue to the preview'}
                  </Button>
                </div>
              )}
            </Suspense>
          )}
        </section>
      </div>
    </div>
  )
}
