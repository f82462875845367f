import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { describeError, getApiErrors } from '@/lib/http/errors'
import { useDecideAccessRequest } from '../api/access-request-calls'
import { businessQueries } from '../api/business-queries'
import type { AccessRequest } from '../api/types'
import { formatDay } from '../model/outstanding'
import styles from './businesses.module.css'

const nameOf = (request: AccessRequest) =>
  [request.requester.firstName, request.requester.lastName].filter(Boolean).join(' ') || request.requester.email

/**
 * People who found this business through "find an existing business profile" and asked to join. Accepting makes
 * them members; either way they are e-mailed.
 */
export function AccessRequests({ businessId }: { businessId: string }) {
  const titleId = useId()
  const requests = useQuery(businessQueries.accessRequests(businessId))
  const decide = useDecideAccessRequest(businessId)
  const [deciding, setDeciding] = useState<string | null>(null)

  const act = async (request: AccessRequest, decision: 'ACCEPTED' | 'REFUSED') => {
    setDeciding(`${request.id}:${decision}`)
    try {
      await decide.mutateAsync({ id: request.id, decision })
      notify(decision === 'ACCEPTED' ? `${nameOf(request)} is now a member.` : `You refused ${nameOf(request)}'s request.`, {
        type: 'success',
      })
    } catch (error) {
      // The HTTP layer toasts the API's message; say something when there was none (no answer at all).
      if (getApiErrors(error).length === 0) notify(describeError(error), { type: 'error' })
    } finally {
      setDeciding(null)
    }
  }

  const pending = requests.data?.filter((r) => r.status === 'PENDING') ?? []
  const decided = requests.data?.filter((r) => r.status !== 'PENDING') ?? []

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>Access requests</h2>
      {requests.isError ? (
        <ErrorState
          headingLevel={3}
          title="Couldn't load the requests"
          onRetry={() => void requests.refetch()}
          retrying={requests.isFetching}
        />
      ) : !requests.data ? (
        <Skeleton count={2} label="Loading the access requests" />
      ) : (
        <>
          {pending.length === 0 ? (
            <p className={styles.muted}>No one is waiting for access.</p>
          ) : (
            <ul className={styles.checklist} aria-label="Pending access requests">
              {pending.map((request) => (
                <li key={request.id} className={styles.info}>
                  <span>
                    <strong>
                      {nameOf(request)} <span className={styles.you}>({request.requester.email})</span>
                    </strong>
                    <span className={styles.muted}>
                      Asked on {formatDay(request.createdAt)}
                      {request.message ? `: “${request.message}”` : ''}
                    </span>
                  </span>
                  <span className={styles.actions}>
                    <Button
                      size="sm"
                      aria-label={`Accept ${nameOf(request)}`}
                      onClick={() => void act(request, 'ACCEPTED')}
                      loading={deciding === `${request.id}:ACCEPTED`}
                      disabled={deciding !== null}
                    >
                      Accept
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Refuse ${nameOf(request)}`}
                      onClick={() => void act(request, 'REFUSED')}
                      loading={deciding === `${request.id}:REFUSED`}
                      disabled={deciding !== null}
                    >
                      Refuse
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {decided.length > 0 && (
            <details>
              <summary>Decided requests ({decided.length})</summary>
              <ul className={styles.list}>
                {decided.map((request) => (
                  <li key={request.id}>
                    {nameOf(request)} ({request.requester.email}):{' '}
                    <StatusBadge status={request.status} tone={request.status === 'ACCEPTED' ? 'success' : 'neutral'} />{' '}
                    {request.decidedAt ? `on ${formatDay(request.decidedAt)}` : ''}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  )
}
