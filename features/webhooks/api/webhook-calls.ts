import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookEndpointValues } from '@/lib/contracts/webhooks'
import { apiPath } from '@/lib/http/api-path'
import { configAnswer } from '@/lib/http/config-answer'
import { apiClient } from '@/lib/http/lazy-client'
import { authorizationReads } from '@/lib/query/shared-queries'
import { webhookQueries } from './webhook-queries'

/**
 * Registers (no id) or changes an endpoint. Under four-eyes (FOUR_EYES_CONFIG, 202) it is sent for approval and nothing
 * changes yet; applied at once, a new endpoint answers its secret, shown once.
 */
export function useSaveWebhookEndpoint() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: WebhookEndpointValues }) =>
      id
        ? configAnswer(await apiClient.put<WebhookEndpoint | AuthorizationDetail>(apiPath`/webhooks/${id}`, values))
        : configAnswer(await apiClient.post<CreatedWebhookEndpoint | AuthorizationDetail>('/webhooks', values)),
    onSuccess: (answer) =>
      client.invalidateQueries({
        queryKey: answer.pending ? authorizationReads.pending('webhook_endpoint').queryKey : webhookQueries.endpoints().queryKey,
      }),
  })
}

/** A new signing secret for an endpoint, answered once (the old one stops signing at once). */
export function useRenewWebhookSecret() {
  return useMutation({
    mutationFn: async (id: string) => (await apiClient.post<CreatedWebhookEndpoint>(apiPath`/webhooks/${id}/secret`)).data,
  })
}

export function useDeleteWebhookEndpoint() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(apiPath`/webhooks/${id}`)
    },
    onSuccess: () => client.invalidateQueries({ queryKey: webhookQueries.all() }),
  })
}

export function useRetryWebhookDelivery() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => (await apiClient.post<WebhookDelivery>(apiPath`/webhooks/deliveries/${id}/retry`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [...webhookQueries.all(), 'deliveries'] }),
  })
}
