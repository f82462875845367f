import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Pagination } from '@/components/ui/pagination'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { useLocalPaging } from '@/components/ui/use-local-paging'
import type { Deferral } from '@/lib/contracts/deferrals'
import { formatDay } from '@/lib/format/day'
import { describeError } from '@/lib/http/errors'
import { deferralReads } from '@/lib/query/shared-queries'
import styles from './deferrals.module.css'

const day = (value: string | null) => formatDay(value)

const PAGE_SIZE = 10

/** The business's deferral requests, newest first: status (OVERDUE derived), days, due date, the decision. */
export function BusinessDeferrals({ businessId }: { businessId: string }) {
  // A panel of the KYC documents page, whose URL belongs to the page: the page is kept here.
  const paging = useLocalPaging(PAGE_SIZE)
  const deferrals = useQuery({
    ...deferralReads.ofBusiness(businessId, paging.page),
    placeholderData: keepPreviousData,
  })

  if (deferrals.isError) {
    return (
      <ErrorState
        title="Couldn't load the deferrals"
        message={describeError(deferrals.error, "We couldn't load your deferral requests. Try again.")}
        onRetry={() => void deferrals.refetch()}
        retrying={deferrals.isFetching}
        headingLevel={3}
      />
    )
  }
  if (!deferrals.data) return <Skeleton count={2} label="Loading the deferrals" />
  if (deferrals.data.totalElements === 0) {
    return (
      <EmptyState
        title="No deferral requests"
        description="When a document cannot be provided yet, request a deferral next to it above."
        headingLevel={3}
      />
    )
  }
  return (
    <div className={styles.stack}>
      <ul className={styles.list} aria-label="Deferral requests" aria-busy={deferrals.isPlaceholderData || undefined}>
        {deferrals.data.content.map((d) => (
          <DeferralCard key={d.id} deferral={d} />
        ))}
      </ul>
      {deferrals.data.totalPages > 1 && (
        // Cards, not a table: the pager of DataTable on its own, at a fixed size.
        <Pagination
          label="Deferral pages"
          pageNumber={paging.page.pageNumber}
          pageSize={paging.page.pageSize}
          totalElements={deferrals.data.totalElements}
          onPageChange={paging.tableProps.onPageChange}
          disabled={deferrals.isPlaceholderData}
        />
      )}
    </div>
  )
}

function DeferralCard({ deferral: d }: { deferral: Deferral }) {
  return (
    <li className={styles.card}>
      <div className={styles.head}>
        <strong className={styles.name}>{d.documentType.name}</strong>
        <StatusBadge
          status={d.displayStatus}
          tone={d.displayStatus === 'OVERDUE' ? 'danger' : d.displayStatus === 'FULFILLED' ? 'success' : undefined}
        />
      </div>
      <dl className={styles.facts}>
        <dt>Days asked</dt>
        <dd>{d.days}</dd>
        <dt>Requested</dt>
        <dd>{day(d.requestedAt)}</dd>
        {d.dueDate && (
          <>
            <dt>Due</dt>
            <dd>{day(d.dueDate)}</dd>
          </>
        )}
        {d.fulfilledAt && (
          <>
            <dt>Provided</dt>
            <dd>{day(d.fulfilledAt)}</dd>
          </>
        )}
        <dt>Reason</dt>
        <dd>{d.reason}</dd>
        {d.decisionComment && (
          <>
            <dt>Decision</dt>
            <dd>{d.decisionComment}</dd>
          </>
        )}
      </dl>
    </li>
  )
}
