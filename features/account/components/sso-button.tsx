import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useEffect, useRef } from 'react'
import { buttonClassName } from '@/components/ui/button'
import { accountQueries } from '../api/account-queries'
import { useClaimSsoSession } from '../api/sso-calls'
import { goOnceSignedIn } from '../model/sign-in-flow'
import { ssoErrorMessage, ssoStartHref } from '../model/sso-sign-in'
import styles from './sso-button.module.css'

/**
 * The login page's single sign-on (docs/security.md#single-sign-on): "Sign in with <name>" when the portal has an
 * identity provider; why the last attempt was refused (`?sso_error=`); and, back from the provider with `?sso=done`,
 * the claim of the session it started, then on as after a password (`goOnceSignedIn`: the enrolment page for an
 * enrolment-only session). `?challenge=`, the portal's own second factor after SSO, is the login form's.
 */
export function SsoButton() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const settings = useQuery(accountQueries.ssoSettings())
  const claim = useClaimSsoSession()
  const claimed = useRef(false)
  const done = router.query.sso === 'done'
  const error = ssoErrorMessage(router.query.sso_error)

  useEffect(() => {
    if (!router.isReady || !done || claimed.current) return
    claimed.current = true
    claim.mutate(undefined, { onSuccess: (answer) => void goOnceSignedIn(router, queryClient, answer) })
  }, [router, done, claim, queryClient])

  const enabled = settings.data?.enabled === true
  if (!enabled && !error && !done) return null
  return (
    <div className={styles.sso}>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {done && !claim.isError && (
        <p role="status" className={styles.status}>
          Signing you in…
        </p>
      )}
      {done && claim.isError && (
        <p role="alert" className={styles.error}>
          The single sign-on could not be completed. Please start it again.
        </p>
      )}
      {enabled && (
        <>
          <p className={styles.divider}>or</p>
          <a className={buttonClassName({ variant: 'secondary', fullWidth: true })} href={ssoStartHref(router.query.from)}>
            Sign in with {settings.data?.displayName}
          </a>
        </>
      )}
    </div>
  )
}
