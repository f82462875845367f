import { queryOptions } from '@tanstack/react-query'
import type { Page } from '@/lib/contracts/pagination'
import type { WebhookDelivery, WebhookDeliveryQuery, WebhookEndpoint } from '@/lib/contracts/webhooks'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'

export type DeliveryQuery = Pick<WebhookDeliveryQuery, 'pageNumber' | 'pageSize' | 'status'>

/** The webhooks screen's reads: `['webhooks', …]`, generic to specific. */
export const webhookQueries = {
  all: () => ['webhooks'] as const,
  endpoints: () =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'endpoints'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<WebhookEndpoint[]>('/webhooks', { signal })).data,
    }),
  deliveries: (endpointId: string, query: DeliveryQuery) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'deliveries', endpointId, query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<WebhookDelivery>>(apiPath`/webhooks/${endpointId}/deliveries`, { params: query, signal })).data,
    }),
}
