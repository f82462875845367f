import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import { buttonClassName } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toasts'
import { KYC_STEP_LABELS, type KycStep } from '@/lib/contracts/kyc-values'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { ONBOARDING_GROUP } from '@/lib/permissions/checks'
import { PERMISSIONS } from '@/lib/permissions/names'
import { businessReads, kycReads } from '@/lib/query/shared-queries'
import { setSelectedStep } from '@/lib/session/storage'
import { kycQueries } from '../api/kyc-queries'
import { downloadKycPdf } from '../model/kyc-pdf-download'
import { kycPreviewState } from '../model/kyc-preview-state'
import { checkCaptureSteps } from '../model/step-checks'
import { useKycSubmission } from '../model/use-kyc-submission'
import { KycLoadError } from './kyc-load-error'
import { AddressList, CompanyDetailsFacts, MeansOfIdTable, PreviewSection, ShareholdersSection } from './kyc-preview-sections'
import { KycPreviewSummary } from './kyc-preview-summary'
import styles from './kyc.module.css'

const DocumentsSummary = lazy(() => import('./documents/documents-summary').then((m) => ({ default: m.DocumentsSummary })))

export interface KycPreviewProps {
  businessId: string
  permissions: ReadonlySet<string>
  /** The ownership and control section, under the shareholders (the page passes it: another feature's). */
  ownership?: ReactNode
}

/**
 * /s/businesses/dashboard-details/kyc/preview-form: everything captured, read-only, with a way back to each step;
 * "Submit for review" (the completion call, whose 409 lists what is missing) and "Download PDF". Loads the records
 * and composes the parts: the summary at the head (kyc-preview-summary), one section per step (kyc-preview-sections),
 * what is offered (kyc-preview-state), the submission (use-kyc-submission) and the PDF (kyc-pdf-download).
 */
export function KycPreview({ businessId, permissions, ownership }: KycPreviewProps) {
  const queryClient = useQueryClient()
  const business = useQuery(businessReads.detail(businessId))
  const details = useQuery(kycReads.details(businessId))
  const kycDetailsId = details.data?.id
  const enabled = !!kycDetailsId
  const addresses = useQuery({ ...kycReads.addresses(kycDetailsId ?? ''), enabled })
  const meansOfIds = useQuery({ ...kycReads.meansOfIds(kycDetailsId ?? ''), enabled })
  const shareholders = useQuery({ ...kycReads.shareholders(kycDetailsId ?? ''), enabled })
  const extraDocs = useQuery({ ...kycQueries.additionalDocuments(kycDetailsId ?? ''), enabled })
  const [pdfBusy, setPdfBusy] = useState(false)
  const ids = { company: useId(), addresses: useId(), ids: useId(), holders: useId(), docs: useId(), missing: useId() }
  const submission = useKycSubmission(businessId, ids.missing)
  // The business's owner and KYC editors (server: reveal-identity-numbers.ts); staff with the permission.
  const canReveal = permissions.has(PERMISSIONS.CAN_VIEW_SENSITIVE_KYC) || ONBOARDING_GROUP.every((p) => permissions.has(p))

  if (business.isError || details.isError) {
    return (
      <KycLoadError
        error={business.error ?? details.error}
        onRetry={() => void Promise.all([business.refetch(), details.refetch()])}
      />
    )
  }
  if (!business.data || details.data === undefined) return <Skeleton count={8} label="Loading the KYC" />

  const state = kycPreviewState(business.data, permissions)
  const checks = checkCaptureSteps({
    details: details.data,
    addresses: addresses.data,
    meansOfIds: meansOfIds.data,
    shareholders: shareholders.data,
  })

  const editLink = (step: KycStep) =>
    state.readOnly ? null : (
      <Link
        href={paths.business.kyc(businessId, step)}
        onClick={() => setSelectedStep(step)}
        className={buttonClassName({ variant: 'link', size: 'sm' })}
        aria-label={`Edit ${KYC_STEP_LABELS[step].toLowerCase()}`}
      >
        Edit
      </Link>
    )
  const section = (id: string, step: KycStep) => ({ id, title: KYC_STEP_LABELS[step], edit: editLink(step) })

  const downloadPdf = async () => {
    setPdfBusy(true)
    try {
      await downloadKycPdf({
        queryClient,
        businessId,
        businessName: business.data.name,
        additionalDocuments: extraDocs.data ?? [],
      })
    } catch (error) {
      notify(describeError(error, 'The PDF could not be made. Try again.'), { type: 'error' })
    } finally {
      setPdfBusy(false)
    }
  }

  return (
    <div className={styles.stack} style={{ maxWidth: '64rem' }}>
      <KycPreviewSummary
        business={business.data}
        state={state}
        problems={Object.values(checks).flatMap((c) => c.problems)}
        missing={submission.missing}
        missingId={ids.missing}
        submitting={submission.isPending}
        onSubmit={() => void submission.submit()}
        pdfBusy={pdfBusy}
        onDownloadPdf={() => void downloadPdf()}
        stepsHref={state.readOnly ? null : paths.business.kyc(businessId)}
      />
      <PreviewSection {...section(ids.company, 'COMPANY_DETAILS')}>
        <CompanyDetailsFacts details={details.data} additionalDocuments={extraDocs.data} />
      </PreviewSection>
      <PreviewSection {...section(ids.addresses, 'ADDRESSES')}>
        <AddressList addresses={addresses.data} />
      </PreviewSection>
      <PreviewSection {...section(ids.ids, 'MEANS_OF_ID')}>
        <MeansOfIdTable meansOfIds={meansOfIds.data} canReveal={canReveal} />
      </PreviewSection>
      <PreviewSection {...section(ids.holders, 'SHAREHOLDERS')}>
        <ShareholdersSection shareholders={shareholders.data} canReveal={canReveal} />
      </PreviewSection>
      {ownership}
      <PreviewSection {...section(ids.docs, 'DOCUMENTS')}>
        <Suspense fallback={<Skeleton count={3} label="Loading the documents" />}>
          <DocumentsSummary businessId={businessId} kycDetailsId={kycDetailsId ?? null} />
        </Suspense>
      </PreviewSection>
    </div>
  )
}
