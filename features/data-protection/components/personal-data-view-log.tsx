import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import type { DataTableFilter } from '@/components/ui/table-filters'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import type { PersonalDataViewRecord } from '@/lib/contracts/data-views'
import { formatDateTime } from '@/lib/format/date'
import { describeError } from '@/lib/http/errors'
import { dataProtectionQueries } from '../api/data-protection-queries'
import styles from './data-protection.module.css'

const FILTERS: readonly DataTableFilter[] = [
  { key: 'businessId', label: 'Business ID', placeholder: 'A business’s id' },
  { key: 'actorId', label: 'Viewer ID', placeholder: 'A user’s id' },
]

const SUBJECT_LABELS: Record<PersonalDataViewRecord['subjectKind'], string> = {
  FILE: 'File',
  MEANS_OF_ID: 'Means of ID',
  SHAREHOLDER: 'Shareholder',
  USER: 'User',
  GOVERNMENT_REPRESENTATIVE: 'Government representative',
  CRM_CONTACT: 'CRM contact',
  SUPPORT_INQUIRY: 'Support inquiry',
}

/** Who saw which person's data, when and why (personal_data_views), newest first. */
export function PersonalDataViewLog() {
  const table = useTableUrlState({ filterKeys: ['businessId', 'actorId'] })
  const views = useQuery({
    ...dataProtectionQueries.views({
      pageNumber: table.pageNumber,
      pageSize: table.pageSize,
      businessId: table.filters.businessId,
      actorId: table.filters.actorId,
    }),
    enabled: table.isReady,
    placeholderData: keepPreviousData,
  })

  const columns = useMemo(() => {
    const column = createColumnHelper<PersonalDataViewRecord>()
    return [
      column.accessor('viewedAt', { header: 'When', cell: (info) => formatDateTime(info.getValue()) }),
      column.accessor((v) => v.actor.name, {
        id: 'actor',
        header: 'Who',
        meta: { isRowHeader: true, wrap: true },
        cell: (info) => {
          const { actor } = info.row.original
          return (
            <>
              {info.getValue()} <span className={styles.muted}>({actor.isStaff ? 'staff' : actor.email})</span>
              {actor.id && !table.filters.actorId && (
                <div>
                  <Button variant="link" size="sm" onClick={() => table.setFilter('actorId', actor.id)}>
                    Only {info.getValue()}
                  </Button>
                </div>
              )}
            </>
          )
        },
      }),
      column.accessor((v) => `${SUBJECT_LABELS[v.subjectKind]}${v.subjectLabel ? `: ${v.subjectLabel}` : ''}`, {
        id: 'subject',
        header: 'What',
        meta: { wrap: true },
        cell: (info) => (
          <>
            {info.getValue()}
            {info.row.original.detail && <span className={styles.muted}> ({info.row.original.detail})</span>}
          </>
        ),
      }),
      column.accessor('purpose', { header: 'Why', meta: { wrap: true } }),
      column.accessor('businessId', {
        header: 'Business',
        cell: (info) => {
          const businessId = info.getValue()
          if (!businessId) return '—'
          return table.filters.businessId ? (
            'This business'
          ) : (
            <Button variant="link" size="sm" onClick={() => table.setFilter('businessId', businessId)}>
              Only this business
            </Button>
          )
        },
      }),
    ]
  }, [table])

  return (
    <section className={styles.section} aria-labelledby="view-log-title">
      <h2 id="view-log-title">Who saw personal data</h2>
      <DataTable
        {...table.tableProps}
        caption="Personal-data views, newest first"
        hideCaption
        columns={columns}
        filters={FILTERS}
        data={views.data?.content}
        totalElements={views.data?.totalElements ?? 0}
        getRowId={(v) => v.id}
        isLoading={views.isPending}
        isFetching={views.isPlaceholderData}
        error={views.error}
        errorMessage={views.error ? describeError(views.error, "We couldn't load the view log. Try again.") : undefined}
        onRetry={() => void views.refetch()}
        emptyTitle="No views recorded"
        emptyDescription={table.hasFilters ? 'Nobody saw personal data matching these filters.' : undefined}
        stateHeadingLevel={3}
      />
    </section>
  )
}
