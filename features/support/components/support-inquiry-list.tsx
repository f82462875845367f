import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { DUE_FILTER_OPTIONS, DueBadge } from '@/components/review/due-badge'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { statusLabel } from '@/components/ui/status-badge'
import type { DataTableFilter } from '@/components/ui/table-filters'
import { notify } from '@/components/ui/toasts'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import type { SupportInquiryQuery, SupportInquiryRow } from '@/lib/contracts/support'
import { SUPPORT_INQUIRY_STATUSES } from '@/lib/contracts/support-values'
import { formatDateTime } from '@/lib/format/date'
import { apiPath } from '@/lib/http/api-path'
import { downloadFile } from '@/lib/http/download-file'
import { describeError } from '@/lib/http/errors'
import { supportQueries } from '../api/support-queries'
import styles from './contact-us.module.css'

/** Why staff open an attachment: the file download records it in the personal-data view log. */
const DOWNLOAD_PURPOSE = 'Answering a support inquiry'

const FILTERS: readonly DataTableFilter[] = [
  {
    key: 'status',
    label: 'Status',
    type: 'select',
    options: SUPPORT_INQUIRY_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
  },
  { key: 'due', label: 'Due (open)', type: 'select', placeholder: 'Any', options: DUE_FILTER_OPTIONS },
]
/** The API's sort fields of the list (docs/api.md#lists); newest first by default. */
const SORTABLE = ['createdAt', 'dueAt'] as const

/**
 * Staff: the messages sent through the contact-us form, newest first, with their attachment; an open one with its due
 * time (docs/service-levels.md#due-times), filtered by status and due time in the URL.
 */
export function SupportInquiryList() {
  const table = useTableUrlState({ filterKeys: ['status', 'due'], sortableIds: SORTABLE })
  const inquiries = useQuery({
    ...supportQueries.inquiries({
      pageNumber: table.pageNumber,
      pageSize: table.pageSize,
      sort: table.query.sort as SupportInquiryQuery['sort'],
      status: table.filters.status as SupportInquiryQuery['status'],
      due: table.filters.due as SupportInquiryQuery['due'],
    }),
    enabled: table.isReady,
    placeholderData: keepPreviousData,
  })

  const columns = useMemo(() => {
    const column = createColumnHelper<SupportInquiryRow>()
    return [
      // The due time under the arrival (not a column of its own: the list must fit a 1,366 px laptop). An open
      // inquiry's due order is its arrival order, so this column's sort is also the due-time sort.
      column.accessor('createdAt', {
        header: 'Received, due',
        enableSorting: true,
        cell: ({ row: { original: i } }) => (
          <span className={styles.receivedDue}>
            <span>{formatDateTime(i.createdAt)}</span>
            <DueBadge dueAt={i.dueAt} dueStatus={i.dueStatus} />
          </span>
        ),
      }),
      column.accessor('reference', { header: 'Reference', meta: { isRowHeader: true } }),
      column.accessor((i) => `${i.name} <${i.email}>`, {
        id: 'from',
        header: 'From',
        meta: { wrap: true },
        // An address has no space to wrap at: it may break anywhere rather than widen the list.
        cell: ({ row: { original: i } }) => (
          <span className={styles.receivedDue}>
            <span>{i.name}</span>
            <span className={styles.address}>{i.email}</span>
          </span>
        ),
      }),
      column.accessor('subject', { header: 'Subject', meta: { wrap: true } }),
      column.accessor('message', {
        header: 'Message',
        meta: { wrap: true },
        cell: (info) => <span className={styles.message}>{info.getValue()}</span>,
      }),
      column.accessor('attachment', {
        header: 'Attachment',
        cell: (info) => {
          const file = info.getValue()
          return file ? (
            <Button
              variant="link"
              size="sm"
              aria-label={`Download ${file.fileName}`}
              onClick={() =>
                void downloadFile(apiPath`/files/${file.id}?purpose=${DOWNLOAD_PURPOSE}`, file.fileName).catch(() =>
                  notify("We couldn't download the file. Try again.", { type: 'error' }),
                )
              }
            >
              {file.fileName}
            </Button>
          ) : (
            '—'
          )
        },
      }),
    ]
  }, [])

  return (
    <DataTable
      {...table.tableProps}
      caption="Support inquiries, newest first"
      hideCaption
      columns={columns}
      data={inquiries.data?.content}
      totalElements={inquiries.data?.totalElements ?? 0}
      getRowId={(i) => i.id}
      isLoading={inquiries.isPending}
      isFetching={inquiries.isPlaceholderData}
      error={inquiries.error}
      errorMessage={inquiries.error ? describeError(inquiries.error, "We couldn't load the inquiries. Try again.") : undefined}
      onRetry={() => void inquiries.refetch()}
      filters={FILTERS}
      emptyTitle={table.filters.status || table.filters.due ? 'No inquiry matches' : 'No inquiries yet'}
      emptyDescription={
        table.filters.status || table.filters.due
          ? 'Clear the filters to see every inquiry.'
          : 'Messages sent through the contact-us page appear here.'
      }
      stateHeadingLevel={2}
    />
  )
}
