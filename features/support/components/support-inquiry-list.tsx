import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { notify } from '@/components/ui/toasts'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import type { SupportInquiry } from '@/lib/contracts/support'
import { formatDateTime } from '@/lib/format/date'
import { apiPath } from '@/lib/http/api-path'
import { downloadFile } from '@/lib/http/download-file'
import { describeError } from '@/lib/http/errors'
import { supportQueries } from '../api/support-queries'
import styles from './contact-us.module.css'

/** Why staff open an attachment: the file download records it in the personal-data view log. */
const DOWNLOAD_PURPOSE = 'Answering a support inquiry'

/** Staff: the messages sent through the contact-us form, newest first, with their attachment. */
export function SupportInquiryList() {
  const table = useTableUrlState({ filterKeys: [] })
  const inquiries = useQuery({
    ...supportQueries.inquiries({ pageNumber: table.pageNumber, pageSize: table.pageSize }),
    enabled: table.isReady,
    placeholderData: keepPreviousData,
  })

  const columns = useMemo(() => {
    const column = createColumnHelper<SupportInquiry>()
    return [
      column.accessor('createdAt', { header: 'Received', cell: (info) => formatDateTime(info.getValue()) }),
      column.accessor('reference', { header: 'Reference', meta: { isRowHeader: true } }),
      column.accessor((i) => `${i.name} <${i.email}>`, { id: 'from', header: 'From', meta: { wrap: true } }),
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
      emptyTitle="No inquiries yet"
      emptyDescription="Messages sent through the contact-us page appear here."
      stateHeadingLevel={2}
    />
  )
}
