import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { useLocalPaging } from '@/components/ui/use-local-paging'
import { WEBHOOK_EVENT_LABELS } from '@/lib/contracts/webhook-values'
import type { WebhookDelivery, WebhookEndpoint } from '@/lib/contracts/webhooks'
import { formatDateTime } from '@/lib/format/date'
import { describeError } from '@/lib/http/errors'
import { useRetryWebhookDelivery } from '../api/webhook-calls'
import { webhookQueries } from '../api/webhook-queries'
import styles from './webhooks.module.css'

function lastAnswer(d: WebhookDelivery): string {
  if (d.attempts === 0) return 'Not sent yet'
  return d.lastError ?? `Answered ${d.lastResponseCode}`
}

/** One endpoint's deliveries, newest first: status, attempts, the last answer; a failed one can be retried. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const paging = useLocalPaging()
  const deliveries = useQuery({
    ...webhookQueries.deliveries(endpoint.id, paging.page),
    placeholderData: keepPreviousData,
  })
  const retry = useRetryWebhookDelivery()

  const columns = useMemo(() => {
    const column = createColumnHelper<WebhookDelivery>()
    return [
      column.accessor('createdAt', { header: 'Event at', cell: (info) => formatDateTime(info.getValue()) }),
      column.accessor((d) => WEBHOOK_EVENT_LABELS[d.eventType], {
        id: 'event',
        header: 'Event',
        meta: { isRowHeader: true, wrap: true },
      }),
      column.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
      column.accessor('attempts', { header: 'Attempts' }),
      column.accessor(lastAnswer, { id: 'answer', header: 'Last answer', meta: { wrap: true } }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) =>
          info.row.original.status === 'FAILED' ? (
            <Button
              size="sm"
              variant="secondary"
              loading={retry.isPending && retry.variables === info.row.original.id}
              onClick={() =>
                retry.mutate(info.row.original.id, {
                  onSuccess: () => notify('The delivery will be sent again', { type: 'success' }),
                  onError: (error) => notify(describeError(error, 'The delivery was not retried.'), { type: 'error' }),
                })
              }
            >
              Retry
            </Button>
          ) : (
            '—'
          ),
      }),
    ]
  }, [retry])

  return (
    <section className={styles.section} aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">
        Deliveries to <span className={styles.url}>{endpoint.url}</span>
      </h2>
      <DataTable
        caption="Deliveries, newest first"
        hideCaption
        columns={columns}
        data={deliveries.data?.content}
        totalElements={deliveries.data?.totalElements ?? 0}
        {...paging.tableProps}
        getRowId={(d) => d.id}
        isLoading={deliveries.isPending}
        isFetching={deliveries.isPlaceholderData}
        error={deliveries.error}
        errorMessage={
          deliveries.error ? describeError(deliveries.error, "We couldn't load the deliveries. Try again.") : undefined
        }
        onRetry={() => void deliveries.refetch()}
        emptyTitle="Nothing delivered yet"
        emptyDescription="Deliveries appear here when a subscribed decision is made."
        stateHeadingLevel={3}
      />
    </section>
  )
}
