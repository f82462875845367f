import { useQuery } from '@tanstack/react-query'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { deferralReads } from '@/lib/query/shared-queries'
import { DASHBOARD_LIST_PAGE } from '../api/dashboard-section-reads'
import { formatDay } from '../model/outstanding'
import styles from './businesses.module.css'
import dashboard from './dashboard.module.css'

/** The business's latest deferral requests (the first page of GET /deferrals/business-deferrals/{id}), leading to the documents page. */
export function DashboardDeferrals({ businessId }: { businessId: string }) {
  const deferrals = useQuery(deferralReads.ofBusiness(businessId, DASHBOARD_LIST_PAGE))
  const documentsLink = (
    <Link href={paths.business.deferrals(businessId)} className={dashboard.target}>
      {deferrals.data && deferrals.data.totalElements > deferrals.data.content.length
        ? `All ${deferrals.data.totalElements} deferral requests`
        : 'Documents and deferrals'}
    </Link>
  )

  if (deferrals.isError) {
    return (
      <ErrorState
        headingLevel={3}
        title="Couldn't load the deferrals"
        message={describeError(deferrals.error)}
        onRetry={() => void deferrals.refetch()}
        retrying={deferrals.isFetching}
      />
    )
  }
  if (!deferrals.data) return <Skeleton count={2} label="Loading the deferrals" />
  if (deferrals.data.totalElements === 0) {
    return (
      <EmptyState
        headingLevel={3}
        title="No deferral requests"
        description="When a document cannot be provided yet, you can ask for more time on the documents page."
        action={documentsLink}
      />
    )
  }
  return (
    <>
      <ul className={dashboard.deferrals} aria-label="Deferral requests">
        {deferrals.data.content.map((d) => (
          <li key={d.id}>
            <span>
              {d.documentType.name}{' '}
              <span className={`${styles.muted} ${styles.small}`}>
                {d.dueDate ? `due ${formatDay(d.dueDate)}` : `${d.days} ${d.days === 1 ? 'day' : 'days'} asked for`}
              </span>
            </span>
            <StatusBadge status={d.displayStatus} tone={d.displayStatus === 'OVERDUE' ? 'danger' : undefined} />
          </li>
        ))}
      </ul>
      <p className={styles.small}>{documentsLink}</p>
    </>
  )
}
