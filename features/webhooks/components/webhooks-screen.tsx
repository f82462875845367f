import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { PendingChanges } from '@/components/ui/pending-changes'
import { ScrollTable } from '@/components/ui/scroll-table'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { WEBHOOK_EVENT_LABELS } from '@/lib/contracts/webhook-values'
import type { CreatedWebhookEndpoint, WebhookEndpoint } from '@/lib/contracts/webhooks'
import type { ConfigAnswer } from '@/lib/http/config-answer'
import { describeError } from '@/lib/http/errors'
import { authorizationReads } from '@/lib/query/shared-queries'
import { useDeleteWebhookEndpoint, useRenewWebhookSecret } from '../api/webhook-calls'
import { webhookQueries } from '../api/webhook-queries'
import { DeliveryLog } from './delivery-log'
import { EndpointForm } from './endpoint-form'
import styles from './webhooks.module.css'

type Editing = { endpoint: WebhookEndpoint | null } | null

/**
 * /s/admin/webhooks (CAN_MANAGE_WEBHOOKS): the endpoints that receive decisions, registering or changing one (sent for
 * a second person's approval under four-eyes), a new signing secret (shown once), removing one, and an endpoint's
 * delivery log with a retry for failed deliveries.
 */
export function WebhooksScreen() {
  const waiting = useQuery(authorizationReads.pending('webhook_endpoint')).data
  const endpoints = useQuery(webhookQueries.endpoints())
  const remove = useDeleteWebhookEndpoint()
  const renew = useRenewWebhookSecret()
  const [editing, setEditing] = useState<Editing>(null)
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null)
  const [sentFor, setSentFor] = useState<string | null>(null)
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const selected = endpoints.data?.find((e) => e.id === selectedId) ?? null

  const done = (answer: ConfigAnswer<WebhookEndpoint | CreatedWebhookEndpoint> | null) => {
    setEditing(null)
    setSentFor(answer?.pending ? answer.authorization.id : null)
    if (!answer || answer.pending) return
    if ('secret' in answer.record) setCreated(answer.record)
    else notify('The endpoint was saved', { type: 'success' })
  }
  const renewSecret = (endpoint: WebhookEndpoint) =>
    renew.mutate(endpoint.id, {
      onSuccess: setCreated,
      onError: (error) => notify(describeError(error, 'No new secret was made.'), { type: 'error' }),
    })

  return (
    <div className={styles.stack}>
      {created && (
        <div className={styles.notice} role="status">
          <p>
            <strong>Signing secret for {created.url}.</strong> It is shown only now: keep it with the receiver, which checks each
            delivery&apos;s <code>Webhook-Signature</code> with it.
          </p>
          <p className={styles.secret} aria-label="Signing secret">
            {created.secret}
          </p>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void navigator.clipboard?.writeText(created.secret).then(() => notify('Secret copied'))}
            >
              Copy the secret
            </Button>
            <Button size="sm" onClick={() => setCreated(null)}>
              I have saved it
            </Button>
          </div>
        </div>
      )}

      <PendingChanges pending={waiting} sentFor={sentFor} />

      <section className={styles.section} aria-labelledby="endpoints-title">
        <h2 id="endpoints-title">Endpoints</h2>
        <p className={styles.muted}>
          Business, document, deferral and product decisions are sent as signed JSON to the endpoints subscribed to them.
        </p>
        {editing ? (
          <EndpointForm endpoint={editing.endpoint} onDone={done} />
        ) : (
          <div className={styles.actions}>
            <Button onClick={() => setEditing({ endpoint: null })}>Register an endpoint</Button>
          </div>
        )}
        {endpoints.isPending ? (
          <Skeleton count={3} label="Loading endpoints" />
        ) : endpoints.isError ? (
          <ErrorState
            message={describeError(endpoints.error, "We couldn't load the endpoints. Try again.")}
            onRetry={() => void endpoints.refetch()}
            headingLevel={3}
          />
        ) : endpoints.data.length === 0 ? (
          <EmptyState title="No endpoint registered" headingLevel={3} />
        ) : (
          <ScrollTable caption="Registered endpoints" columns={['URL', 'Events', 'Status', 'Actions']}>
            <tbody>
              {endpoints.data.map((e) => (
                <tr key={e.id} aria-current={e.id === selectedId ? 'true' : undefined}>
                  <th scope="row" className={styles.url}>
                    {e.url}
                    {e.description && <div className={styles.muted}>{e.description}</div>}
                  </th>
                  <td>{e.eventTypes.map((t) => WEBHOOK_EVENT_LABELS[t]).join(', ')}</td>
                  <td>
                    <StatusBadge status={e.active ? 'ACTIVE' : 'INACTIVE'} />
                  </td>
                  <td>
                    <div className={styles.actions}>
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setSelectedId(e.id)}
                        aria-label={`Deliveries to ${e.url}`}
                      >
                        Deliveries
                      </Button>
                      {waiting?.some((p) => p.resourceId === e.id) ? (
                        // One request per endpoint at a time (the API answers 409 to a second): its notice is above.
                        <span className={styles.muted}>Change pending</span>
                      ) : (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setEditing({ endpoint: e })}
                          aria-label={`Change ${e.url}`}
                        >
                          Change
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => renewSecret(e)}
                        disabled={renew.isPending}
                        aria-label={`New signing secret for ${e.url}`}
                      >
                        New secret
                      </Button>
                      {!waiting?.some((p) => p.resourceId === e.id) && (
                        <Button size="sm" variant="danger" onClick={() => setRemoving(e)} aria-label={`Remove ${e.url}`}>
                          Remove
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </section>

      {selected && <DeliveryLog key={selected.id} endpoint={selected} />}

      <ConfirmDialog
        open={removing !== null}
        title="Remove this endpoint?"
        description="Nothing more is sent to it; its delivery log is kept."
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        busyText="Removing…"
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              if (selectedId === removing.id) setSelectedId(null)
              setRemoving(null)
              notify('The endpoint was removed', { type: 'success' })
            },
            onError: (error) => {
              setRemoving(null)
              notify(describeError(error, 'The endpoint was not removed.'), { type: 'error' })
            },
          })
        }
        onCancel={() => setRemoving(null)}
      />
    </div>
  )
}
