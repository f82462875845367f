import { useQuery, useQueryClient } from '@tanstack/react-query'
import Head from 'next/head'
import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { lazyScreen } from '@/components/layouts/lazy-screen'
import { Link } from '@/components/ui/link'
import { Spinner } from '@/components/ui/spinner'
import { accountQueries } from '@/features/account/api/account-queries'
import { factorQueries } from '@/features/account/api/factor-calls'
import { AuthCard } from '@/features/account/components/auth-card'
import { goToLanding } from '@/features/account/model/sign-in-flow'
import { paths } from '@/lib/navigation/paths'
import { isLoggedIn } from '@/lib/session/storage'

// The forms (react-hook-form, the fields) load after the page: its first-load JavaScript stays in budget.
const TotpEnrolment = lazyScreen(() => import('@/features/account/components/totp-enrolment').then((m) => m.TotpEnrolment), {
  count: 2,
  label: 'Loading the authenticator set-up',
})
// A passkey is the other way to enrol: its form loads after the page (no first-load JavaScript for it).
const PasskeyEnrolButton = lazyScreen(
  () => import('@/features/account/components/passkey-enrol-button').then((m) => m.PasskeyEnrolButton),
  { count: 1, label: 'Loading the passkey form' },
)

const WHY = {
  STAFF_POLICY: 'Staff of this portal must use a second factor: it keeps identity data safe even if a password leaks.',
  BUSINESS_POLICY: 'Your business requires every one of its users to use a second factor.',
  RESET: 'Your second factors were reset by an administrator. Set one up again to continue.',
} as const

/**
 * Where a session that must enrol a second factor lands (and nothing else opens until it has): set up an
 * authenticator app, save the recovery codes, then go on to the portal.
 */
export default function EnrolFactorPage() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const signedIn = typeof window !== 'undefined' && isLoggedIn()
  const factors = useQuery({ ...factorQueries.list(), enabled: signedIn })
  const account = useQuery({ ...accountQueries.me(), enabled: signedIn })

  useEffect(() => {
    if (router.isReady && !isLoggedIn()) void router.replace(paths.auth.login())
  }, [router])

  const reason = factors.data?.requiredBecause
  return (
    <>
      <Head>
        <title>Set up a second factor · KYC Portal</title>
      </Head>
      <AuthCard
        title="Set up a second factor"
        intro={reason ? WHY[reason] : 'Protect your account with a code from an authenticator app on your phone.'}
        footer={<Link href={paths.auth.login()}>Sign in as someone else</Link>}
      >
        {factors.isPending || account.isPending ? (
          <Spinner label="Loading…" />
        ) : (
          <>
            <TotpEnrolment
              doneLabel="Continue to the portal"
              onDone={() => void goToLanding(router, queryClient, account.data ?? { isStaff: false, iswStaff: false })}
            />
            <PasskeyEnrolButton
              doneLabel="Continue to the portal"
              onDone={() => void goToLanding(router, queryClient, account.data ?? { isStaff: false, iswStaff: false })}
            />
          </>
        )}
      </AuthCard>
    </>
  )
}
