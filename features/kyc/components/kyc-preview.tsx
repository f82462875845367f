import { useQuery, useQueryClient } from '@tanstack/react-query'
import Link from 'next/link'
import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import { Button, buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import {
  ID_HOLDER_ROLE_LABELS,
  KYC_ADDRESS_TYPE_LABELS,
  KYC_STEP_LABELS,
  maskIdNumber,
  type KycStep,
} from '@/lib/contracts/kyc-values'
import { formatKobo } from '@/lib/format/money'
import { formatPercentage } from '@/lib/kyc/effective-ownership'
import { describeError, getApiErrors, getHttpStatus, type ApiError } from '@/lib/http'
import { paths } from '@/lib/navigation/paths'
import { businessReads, kycReads } from '@/lib/query/shared-queries'
import { clearSelectedStep, setKycIsCompleted, setSelectedStep } from '@/lib/session/storage'
import { useSubmitKyc } from '../api/kyc-mutations'
import { kycQueries } from '../api/kyc-queries'
import { kycEditState } from './kyc-access'
import { formatAddress } from './kyc-format'
import styles from './kyc.module.css'
import { checkCaptureSteps, holderName } from './step-checks'

const DocumentsSummary = lazy(() => import('./documents/documents-summary').then((m) => ({ default: m.DocumentsSummary })))

export interface KycPreviewProps {
  businessId: string
  permissions: ReadonlySet<string>
}

/**
 * /s/businesses/dashboard-details/kyc/preview-form: everything captured, read-only, with a way back to each step;
 * "Submit for review" (the completion call, whose 409 lists what is missing) and "Download PDF".
 */
export function KycPreview({ businessId, permissions }: KycPreviewProps) {
  const queryClient = useQueryClient()
  const business = useQuery(businessReads.detail(businessId))
  const details = useQuery(kycReads.details(businessId))
  const kycDetailsId = details.data?.id
  const enabled = !!kycDetailsId
  const addresses = useQuery({ ...kycReads.addresses(kycDetailsId ?? ''), enabled })
  const meansOfIds = useQuery({ ...kycReads.meansOfIds(kycDetailsId ?? ''), enabled })
  const shareholders = useQuery({ ...kycReads.shareholders(kycDetailsId ?? ''), enabled })
  const extraDocs = useQuery({ ...kycQueries.additionalDocuments(kycDetailsId ?? ''), enabled })
  const submit = useSubmitKyc(businessId)
  const [missing, setMissing] = useState<ApiError[] | null>(null)
  const [pdfBusy, setPdfBusy] = useState(false)
  const ids = { company: useId(), addresses: useId(), ids: useId(), holders: useId(), docs: useId(), missing: useId() }

  if (business.isError || details.isError) {
    const error = business.error ?? details.error
    if (getHttpStatus(error) === 404) {
      return (
        <EmptyState
          title="We couldn't find this business"
          description="It does not exist, or you are no longer one of its users."
          action={
            <Link href={paths.business.list()} className={buttonClassName()}>
              Choose a business
            </Link>
          }
        />
      )
    }
    return (
      <ErrorState
        title="Couldn't load the KYC"
        message={describeError(error)}
        onRetry={() => void Promise.all([business.refetch(), details.refetch()])}
      />
    )
  }
  if (!business.data || details.data === undefined) return <Skeleton count={8} label="Loading the KYC" />

  const { readOnly } = kycEditState(business.data, permissions)
  const checks = checkCaptureSteps({
    details: details.data,
    addresses: addresses.data,
    meansOfIds: meansOfIds.data,
    shareholders: shareholders.data,
  })
  const problems = Object.values(checks).flatMap((c) => c.problems)
  const underReview = business.data.kycDetailsCompleted && business.data.approvalStatus === 'PENDING'
  const canSubmit = !readOnly && business.data.approvalStatus !== 'APPROVED' && !underReview

  const editLink = (step: KycStep, label: string) =>
    readOnly ? null : (
      <Link
        href={paths.business.kyc(businessId, step)}
        onClick={() => setSelectedStep(step)}
        className={buttonClassName({ variant: 'link', size: 'sm' })}
        aria-label={`Edit ${label.toLowerCase()}`}
      >
        Edit
      </Link>
    )

  const onSubmit = async () => {
    setMissing(null)
    try {
      await submit.mutateAsync()
      setKycIsCompleted()
      clearSelectedStep()
      notify('Your KYC is submitted for review. We will e-mail you the decision.', { type: 'success' })
    } catch (error) {
      if (getHttpStatus(error) === 409) {
        setMissing(getApiErrors(error))
        requestAnimationFrame(() => document.getElementById(ids.missing)?.focus())
      } else notify(describeError(error, 'The KYC could not be submitted. Try again.'), { type: 'error' })
    }
  }

  const downloadPdf = async () => {
    setPdfBusy(true)
    try {
      const [info, checklist, { buildKycPdf }] = await Promise.all([
        queryClient.fetchQuery(kycQueries.pdfInfo(businessId)),
        queryClient.fetchQuery(kycReads.documentChecklist(businessId)).catch(() => null),
        import('./kyc-pdf'),
      ])
      const bytes = await buildKycPdf({
        info,
        documents: checklist
          ? [
              ...checklist.items.map((i) => ({
                name: i.documentType.name,
                state: i.state,
                detail: i.document?.file.fileName ?? null,
              })),
              ...checklist.shareholders.flatMap(({ shareholder, items }) =>
                items.map((i) => ({
                  name: `${i.documentType.name} for ${shareholder.name}`,
                  state: i.state,
                  detail: i.document?.file.fileName ?? null,
                })),
              ),
            ]
          : null,
        additionalDocuments: (extraDocs.data ?? []).map((d) => ({ label: d.label, fileName: d.file.fileName })),
      })
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }))
      const link = document.createElement('a')
      link.href = url
      link.download = `KYC-${business.data.name.replace(/[^\w.-]+/g, '-')}.pdf`
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 30_000)
    } catch (error) {
      notify(describeError(error, 'The PDF could not be made. Try again.'), { type: 'error' })
    } finally {
      setPdfBusy(false)
    }
  }

  const d = details.data
  return (
    <div className={styles.stack} style={{ maxWidth: '64rem' }}>
      <div className={styles.panel}>
        <div className={styles.spread}>
          <div>
            <h2>{business.data.name}</h2>
            <p className={styles.muted}>{business.data.regNo}</p>
          </div>
          <div className={styles.badges}>
            <StatusBadge status={business.data.approvalStatus} />
            <StatusBadge
              status={business.data.kycDetailsCompleted ? 'COMPLETED' : 'PENDING'}
              label={business.data.kycDetailsCompleted ? 'KYC submitted' : 'KYC not submitted'}
            />
          </div>
        </div>
        {underReview && <p className={styles.notice}>Your KYC is submitted and under review. We will e-mail you the decision.</p>}
        {problems.length > 0 && !missing && (
          <div className={styles.warning}>
            <p>Before you submit:</p>
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        {missing && (
          <div className={styles.alert} role="alert" id={ids.missing} tabIndex={-1} aria-labelledby={`${ids.missing}-title`}>
            <p id={`${ids.missing}-title`}>
              <strong>The KYC cannot be submitted yet. Still missing:</strong>
            </p>
            <ul>
              {missing.map((m) => (
                <li key={`${m.field ?? ''}${m.message}`}>{m.message}</li>
              ))}
            </ul>
          </div>
        )}
        <div className={styles.actions}>
          {canSubmit && (
            <Button onClick={() => void onSubmit()} loading={submit.isPending}>
              {business.data.approvalStatus === 'DECLINED' ? 'Submit again for review' : 'Submit for review'}
            </Button>
          )}
          <Button variant="secondary" onClick={() => void downloadPdf()} loading={pdfBusy}>
            Download PDF
          </Button>
          {!readOnly && (
            <Link href={paths.business.kyc(businessId)} className={buttonClassName({ variant: 'link' })}>
              Back to the KYC steps
            </Link>
          )}
        </div>
      </div>

      <Section
        id={ids.company}
        title={KYC_STEP_LABELS.COMPANY_DETAILS}
        edit={editLink('COMPANY_DETAILS', KYC_STEP_LABELS.COMPANY_DETAILS)}
      >
        {!d ? (
          <p className={styles.muted}>Not captured yet.</p>
        ) : (
          <dl className={styles.facts}>
            <dt>TIN</dt>
            <dd>{d.tin ?? '—'}</dd>
            <dt>Date of incorporation</dt>
            <dd>{d.incorporationDate ?? '—'}</dd>
            <dt>Country of incorporation</dt>
            <dd>{d.countryOfIncorporation ?? '—'}</dd>
            <dt>Nature of business</dt>
            <dd>{d.natureOfBusiness ?? '—'}</dd>
            {d.description && (
              <>
                <dt>Description</dt>
                <dd>{d.description}</dd>
              </>
            )}
            <dt>Employees</dt>
            <dd>{d.numberOfEmployees ?? '—'}</dd>
            <dt>Annual turnover</dt>
            <dd>{d.annualTurnover === null ? '—' : formatKobo(Math.round(d.annualTurnover * 100))}</dd>
            {(extraDocs.data?.length ?? 0) > 0 && (
              <>
                <dt>Additional documents</dt>
                <dd>
                  {extraDocs.data!.map((doc) => (
                    <span key={doc.id}>
                      <a href={doc.file.url} target="_blank" rel="noreferrer">
                        {doc.label ?? doc.file.fileName}
                      </a>{' '}
                    </span>
                  ))}
                </dd>
              </>
            )}
          </dl>
        )}
      </Section>

      <Section id={ids.addresses} title={KYC_STEP_LABELS.ADDRESSES} edit={editLink('ADDRESSES', KYC_STEP_LABELS.ADDRESSES)}>
        {!addresses.data?.length ? (
          <p className={styles.muted}>None yet.</p>
        ) : (
          <ul className={styles.items}>
            {addresses.data.map((a) => (
              <li key={a.id} className={styles.item}>
                <div>
                  <p>
                    <strong>{KYC_ADDRESS_TYPE_LABELS[a.type]}</strong>
                    {a.contactName ? ` · ${a.contactName}` : ''}
                  </p>
                  <p>{formatAddress(a)}</p>
                  <p className={`${styles.small} ${styles.muted}`}>Proof of address: {a.addressDoc?.fileName ?? 'none'}</p>
                </div>
                <StatusBadge status={a.verificationStatus} label={`Verification: ${a.verificationStatus.toLowerCase()}`} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id={ids.ids} title={KYC_STEP_LABELS.MEANS_OF_ID} edit={editLink('MEANS_OF_ID', KYC_STEP_LABELS.MEANS_OF_ID)}>
        {!meansOfIds.data?.length ? (
          <p className={styles.muted}>None yet.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">Means of ID</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">ID</th>
                  <th scope="col">Expires</th>
                </tr>
              </thead>
              <tbody>
                {meansOfIds.data.map((id) => (
                  <tr key={id.id}>
                    <td>
                      {id.firstName} {id.lastName}
                    </td>
                    <td>{ID_HOLDER_ROLE_LABELS[id.role]}</td>
                    <td>
                      {id.idTypeName} {maskIdNumber(id.idNumber)}
                    </td>
                    <td>
                      {id.expiryDate ?? '—'}
                      {!id.isCurrent && ' (expired)'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      <Section
        id={ids.holders}
        title={KYC_STEP_LABELS.SHAREHOLDERS}
        edit={editLink('SHAREHOLDERS', KYC_STEP_LABELS.SHAREHOLDERS)}
      >
        {!shareholders.data?.length ? (
          <p className={styles.muted}>None yet.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">Shareholders with effective ownership</caption>
              <thead>
                <tr>
                  <th scope="col">Shareholder</th>
                  <th scope="col">Holds</th>
                  <th scope="col">Effective ownership</th>
                  <th scope="col">Beneficial owner</th>
                </tr>
              </thead>
              <tbody>
                {shareholders.data.map((h) => (
                  <tr key={h.id}>
                    <td style={{ paddingLeft: `${0.5 + h.depth * 1.25}rem` }}>
                      {holderName(h)}{' '}
                      <span className={styles.muted}>{h.type === 'CORPORATE' ? `(${h.registrationNumber})` : ''}</span>
                    </td>
                    <td>{formatPercentage(h.percentage)}</td>
                    <td>
                      {h.type === 'INDIVIDUAL' ? formatPercentage(h.effectiveOwnership ?? 0) : formatPercentage(h.effectiveStake)}
                    </td>
                    <td>{h.isBeneficialOwner ? (h.needsMeansOfId ? 'Yes (needs ID)' : 'Yes') : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      <Section id={ids.docs} title={KYC_STEP_LABELS.DOCUMENTS} edit={editLink('DOCUMENTS', KYC_STEP_LABELS.DOCUMENTS)}>
        <Suspense fallback={<Skeleton count={3} label="Loading the documents" />}>
          <DocumentsSummary businessId={businessId} kycDetailsId={kycDetailsId ?? null} />
        </Suspense>
      </Section>
    </div>
  )
}

function Section({ id, title, edit, children }: { id: string; title: string; edit: ReactNode; children: ReactNode }) {
  return (
    <section className={`${styles.panel} ${styles.section}`} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id}>{title}</h2>
        {edit}
      </div>
      {children}
    </section>
  )
}
