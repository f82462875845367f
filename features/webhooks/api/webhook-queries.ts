import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Page } from '@/lib/contracts/pagination'
import type {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryQuery,
  WebhookEndpoint,
  WebhookEndpointValues,
} from '@/lib/contracts/webhooks'
import { apiClient } from '@/lib/http'

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
        (await apiClient.get<Page<WebhookDelivery>>(`/webhooks/${endpointId}/deliveries`, { params: query, signal })).data,
    }),
}

/** Registers (no id) or changes an endpoint; a new one answers its secret, shown once. */
export function useSaveWebhookEndpoint() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: WebhookEndpointValues }) =>
      id
        ? (await apiClient.put<WebhookEndpoint>(`/webhooks/${id}`, values)).data
        : (await apiClient.post<CreatedWebhookEndpoint>('/webhooks', values)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookQueries.endpoints().queryKey }),
  })
}

export function useDeleteWebhookEndpoint() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`/webhooks/${id}`)
    },
    onSuccess: () => client.invalidateQueries({ queryKey: webhookQueries.all() }),
  })
}

export function useRetryWebhookDelivery() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => (await apiClient.post<WebhookDelivery>(`/webhooks/deliveries/${id}/retry`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [...webhookQueries.all(), 'deliveries'] }),
  })
}
