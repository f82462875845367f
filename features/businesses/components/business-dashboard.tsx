import { useQuery } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { clientOnly } from '@/components/layouts/client-only'
import { buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { formatDay } from '@/lib/format/day'
import { describeError, getHttpStatus } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { businessReads, referenceReads } from '@/lib/query/shared-queries'
import { clearBusinessId } from '@/lib/session/storage'
import { businessStatus } from '@/lib/status/business-status'
import { kycStatus } from '@/lib/status/kyc-status'
import { PREFETCHED_FRESH_MS } from '../api/prefetch-dashboard'
import type { Business } from '../api/types'
import { registrationClassLabel } from '../model/registration-number'
import styles from './businesses.module.css'

// The sections under the summary load after it: the summary paints with the page (its data comes with it).
const DashboardSections = clientOnly(
  () => import('./dashboard-sections').then((m) => m.DashboardSections),
  () => <Skeleton count={6} label="Loading the KYC progress and products" />,
)

export interface BusinessDashboardProps {
  businessId: string
  /** What the user may do in this business (see `permissionsInBusiness`). */
  permissions: ReadonlySet<string>
}

/** The chosen business: who it is, its status, its KYC progress, what is outstanding, its products, deferrals and team. */
export function BusinessDashboard({ businessId, permissions }: BusinessDashboardProps) {
  const business = useQuery({ ...businessReads.detail(businessId), staleTime: PREFETCHED_FRESH_MS })
  const notFound = getHttpStatus(business.error) === 404

  // A business that is gone (or that the user left) is no longer the chosen one.
  useEffect(() => {
    if (notFound) clearBusinessId()
  }, [notFound])

  if (notFound) {
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
  if (business.isError) {
    return (
      <ErrorState
        title="Couldn't load the business"
        message={describeError(business.error, "We couldn't load this business. Check your connection and try again.")}
        onRetry={() => void business.refetch()}
        retrying={business.isFetching}
      />
    )
  }
  if (!business.data) return <Skeleton count={6} label="Loading the business" />
  return <Dashboard business={business.data} permissions={permissions} />
}

function Dashboard({ business, permissions }: { business: Business; permissions: ReadonlySet<string> }) {
  const summaryId = useId()
  const approval = businessStatus(business)
  const kyc = kycStatus(business)
  const types = useQuery(referenceReads.businessTypes())
  const categories = useQuery(referenceReads.businessCategories())
  const typeName = types.data?.find((t) => t.id === business.typeId)?.name
  const categoryName = categories.data?.find((c) => c.id === business.categoryId)?.name
  const address = [
    ...new Set(
      [
        business.address.line1,
        business.address.line2,
        business.address.city,
        business.address.lga,
        business.address.state,
        business.address.country,
      ].filter(Boolean),
    ),
  ].join(', ')

  return (
    <div className={styles.stack}>
      <section className={styles.panel} aria-labelledby={summaryId}>
        <h2 id={summaryId}>{business.name}</h2>
        <div className={styles.badges}>
          <StatusBadge status={approval.code} label={approval.label} tone={approval.tone} />
          <StatusBadge status={kyc.code} label={kyc.label} tone={kyc.tone} />
        </div>
        {/* A decline and a block have their own panels below, with the reason. */}
        {approval.code !== 'DECLINED' && approval.code !== 'BLOCKED' && (
          <p className={styles.muted} data-testid="business-status-explanation">
            {approval.explanation}
          </p>
        )}
        <dl className={styles.facts}>
          <dt>Registration number</dt>
          <dd>
            {business.regNo} <span className={styles.muted}>({registrationClassLabel(business.registrationClass)})</span>
          </dd>
          <dt>Type</dt>
          <dd>{typeName ?? '—'}</dd>
          <dt>Category</dt>
          <dd>{categoryName ?? '—'}</dd>
          <dt>E-mail</dt>
          <dd>{business.email}</dd>
          <dt>Phone</dt>
          <dd>{business.phone}</dd>
          {business.website && (
            <>
              <dt>Website</dt>
              <dd>{business.website}</dd>
            </>
          )}
          <dt>Address</dt>
          <dd>{address}</dd>
          <dt>Registered on</dt>
          <dd>{formatDay(business.createdAt)}</dd>
          {business.approvedAt && business.approvalStatus === 'APPROVED' && (
            <>
              <dt>Approved on</dt>
              <dd>{formatDay(business.approvedAt)}</dd>
            </>
          )}
          {business.recertificationDate && (
            <>
              <dt>Recertification</dt>
              <dd>{formatDay(business.recertificationDate)}</dd>
            </>
          )}
        </dl>
        {business.approvalStatus === 'DECLINED' && business.decision?.decision === 'DECLINED' && (
          <div className={styles.alert} data-decision="declined">
            <p>
              <strong>Declined on {formatDay(business.decision.decidedAt)}.</strong> The reviewers&apos; reason:
            </p>
            <p>{business.decision.comment}</p>
          </div>
        )}
        {business.blocked && (
          <div role="alert" className={styles.alert}>
            <p>
              <strong>This business is blocked:</strong> it cannot apply for new products until this is resolved.
            </p>
            {business.blockedReasons.length > 0 && (
              <ul>
                {business.blockedReasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>

      <DashboardSections business={business} permissions={permissions} />
    </div>
  )
}
