import { useQuery } from '@tanstack/react-query'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Pagination } from '@/components/ui/pagination'
import { Skeleton } from '@/components/ui/skeleton'
import { useLocalPaging } from '@/components/ui/use-local-paging'
import type { PersonalDataViewRecord } from '@/lib/contracts/data-views'
import { formatDateTime } from '@/lib/format/date'
import { describeError } from '@/lib/http/errors'
import { businessQueries } from '../api/business-queries'
import { DASHBOARD_LIST_PAGE } from '../api/dashboard-section-reads'
import styles from './businesses.module.css'
import dashboard from './dashboard.module.css'

const DOCUMENT_KINDS: Record<string, string> = {
  MEANS_OF_ID: 'ID document',
  PASSPORT_PHOTO: 'Passport photo',
  ADDRESS_DOC: 'Proof of address',
  KYC_DOCUMENT: 'KYC document',
}

function whatWasSeen(view: PersonalDataViewRecord): string {
  if (view.subjectKind === 'FILE') return view.subjectLabel ?? DOCUMENT_KINDS[view.detail ?? ''] ?? 'A document'
  if (view.subjectKind === 'MEANS_OF_ID' || view.subjectKind === 'SHAREHOLDER')
    // A reveal records what it showed: "BVN of Ngozi Eze".
    return view.detail ?? "A person's record"
  return 'A personal record'
}

/** "Who viewed your documents": the staff who opened the business's files or people's records, newest first. */
export function DashboardDataViews({ businessId }: { businessId: string }) {
  // A panel of the dashboard, whose URL belongs to the page: the page is kept here.
  const paging = useLocalPaging(DASHBOARD_LIST_PAGE.pageSize)
  const views = useQuery(businessQueries.dataViews(businessId, paging.page))

  if (views.isError) {
    return (
      <ErrorState
        headingLevel={3}
        title="Couldn't load who viewed your documents"
        message={describeError(views.error)}
        onRetry={() => void views.refetch()}
        retrying={views.isFetching}
      />
    )
  }
  if (!views.data) return <Skeleton count={2} label="Loading who viewed your documents" />
  if (views.data.totalElements === 0) {
    return (
      <EmptyState
        headingLevel={3}
        title="No staff have viewed your documents yet"
        description="Each time a member of staff opens one of your documents or a person's ID details, it is listed here."
      />
    )
  }
  const { content } = views.data
  return (
    <>
      <ul className={dashboard.deferrals} aria-label="Staff views of your documents">
        {content.map((view) => (
          <li key={view.id}>
            <span>
              <strong>{view.actor.name}</strong> {view.subjectKind === 'FILE' ? 'opened' : 'saw'} {whatWasSeen(view)}
              <span className={`${styles.muted} ${styles.small}`}> · {view.purpose}</span>
            </span>
            <time dateTime={view.viewedAt} className={`${styles.muted} ${styles.small}`}>
              {formatDateTime(view.viewedAt)}
            </time>
          </li>
        ))}
      </ul>
      {views.data.totalPages > 1 && (
        // A short list, not a table: the pager of DataTable on its own, at a fixed size.
        <Pagination
          label="Pages of staff views"
          pageNumber={paging.page.pageNumber}
          pageSize={paging.page.pageSize}
          totalElements={views.data.totalElements}
          onPageChange={paging.tableProps.onPageChange}
        />
      )}
    </>
  )
}
