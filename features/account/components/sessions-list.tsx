import { useQuery, useQueryClient } from '@tanstack/react-query'
import { formatDistanceToNow } from 'date-fns'
import { useRouter } from 'next/router'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import type { UserSession } from '@/lib/contracts/sessions'
import { formatDateTime } from '@/lib/format/date'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { accountQueries } from '../api/account-queries'
import { endSession } from '../api/session-calls'
import { useRevokeOtherSessions, useRevokeSession } from '../api/user-session-calls'
import styles from './sessions-list.module.css'

type Pending = { kind: 'one'; session: UserSession } | { kind: 'others'; count: number } | null

/** "Last used 5 minutes ago"; the current session is in use now. */
const lastUsed = (session: UserSession) =>
  session.current ? 'Now' : formatDistanceToNow(new Date(session.lastSeenAt), { addSuffix: true })

/**
 * "Signed-in sessions" on the profile: where the account is signed in now (device, address, last use), with "Sign out"
 * for each and "Sign out everywhere else" (docs/security.md#sessions-the-user-can-see). Signing out this device ends
 * the session here as the menu's sign-out does.
 */
export function SessionsList() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const sessions = useQuery(accountQueries.sessions())
  const revoke = useRevokeSession()
  const revokeOthers = useRevokeOtherSessions()
  const [pending, setPending] = useState<Pending>(null)
  const [leaving, setLeaving] = useState(false)

  const content = sessions.data?.content ?? []
  const others = content.filter((s) => !s.current).length
  const total = sessions.data?.totalElements ?? 0

  const confirm = async () => {
    if (!pending) return
    try {
      if (pending.kind === 'others') {
        notify((await revokeOthers.mutateAsync()).message, { type: 'success' })
      } else if (pending.session.current) {
        setLeaving(true)
        await endSession(queryClient).catch(() => undefined)
        await router.replace(paths.auth.login())
        return
      } else {
        await revoke.mutateAsync(pending.session.id)
        notify(`${pending.session.device} is signed out.`, { type: 'success' })
      }
    } catch {
      // The API client has shown the error (a session that had already ended, say); read the list again.
      void sessions.refetch()
    }
    setPending(null)
  }

  let body
  if (sessions.isPending) {
    body = <Skeleton count={3} label="Loading your sessions" />
  } else if (sessions.isError) {
    body = (
      <ErrorState
        headingLevel={3}
        title="Your sessions could not be loaded"
        message={describeError(sessions.error)}
        onRetry={() => void sessions.refetch()}
        retrying={sessions.isFetching}
      />
    )
  } else if (content.length === 0) {
    body = <EmptyState headingLevel={3} title="No signed-in sessions" description="Sessions appear here once you sign in." />
  } else {
    body = (
      <>
        <ul className={styles.list} aria-labelledby="sessions-title">
          {content.map((session) => (
            <li key={session.id} className={styles.item}>
              <div className={styles.head}>
                <h3 className={styles.device}>{session.device}</h3>
                {session.current && <StatusBadge status="CURRENT" tone="info" label="This device" />}
              </div>
              <dl className={styles.facts}>
                <dt>IP address</dt>
                <dd>{session.ip ?? 'Unknown'}</dd>
                <dt>Last used</dt>
                <dd>
                  <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
                    {lastUsed(session)}
                  </time>
                </dd>
                <dt>Signed in</dt>
                <dd>
                  <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
                  {session.authMethod === 'SSO' ? ' with single sign-on' : ' with a password'}
                </dd>
              </dl>
              <div className={styles.actions}>
                <Button variant="secondary" size="sm" onClick={() => setPending({ kind: 'one', session })}>
                  Sign out{' '}
                  <VisuallyHidden>
                    {session.current ? 'this device' : `${session.device}, last used ${lastUsed(session)}`}
                  </VisuallyHidden>
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {total > content.length && (
          <p className={styles.intro}>
            Showing the {content.length} most recently used of {total} sessions.
          </p>
        )}
        {others > 0 && (
          <div className={styles.actions}>
            <Button variant="danger" onClick={() => setPending({ kind: 'others', count: others })}>
              Sign out everywhere else
            </Button>
          </div>
        )}
      </>
    )
  }

  const busy = revoke.isPending || revokeOthers.isPending || leaving
  return (
    <section className={styles.section} aria-labelledby="sessions-title">
      <h2 id="sessions-title">Signed-in sessions</h2>
      <p className={styles.intro}>
        Where your account is signed in now. If you see a device you do not recognise, sign it out and change your password.
      </p>
      {body}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'others'
            ? 'Sign out everywhere else?'
            : pending?.session.current
              ? 'Sign out of this device?'
              : `Sign out ${pending?.session.device ?? 'this session'}?`
        }
        description={
          pending?.kind === 'others'
            ? `Every other device signed in to your account (${pending.count} listed) is signed out at once. This device stays signed in.`
            : pending?.session.current
              ? 'You will be signed out here and taken to the sign-in page.'
              : `The session from ${pending?.session.ip ?? 'an unknown address'} is signed out at once; using the account there again needs a new sign-in.`
        }
        confirmLabel={pending?.kind === 'others' ? 'Sign out everywhere else' : 'Sign out'}
        destructive
        busy={busy}
        busyText="Signing out…"
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </section>
  )
}
