import { useQuery, useQueryClient } from '@tanstack/react-query'
import Link from 'next/link'
import { useRouter } from 'next/router'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import type { Account } from '@/lib/contracts/accounts'
import { accountQueries } from '../api/account-queries'
import { endSession } from '../api/session-calls'
import styles from './signed-in-page.module.css'

/** A signed-in page frame for the account screens: who is signed in, a way home and out, then the content. */
export function SignedInPage({ title, children }: { title: string; children: (account: Account) => ReactNode }) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const me = useQuery(accountQueries.me())

  const logOut = async () => {
    await endSession(queryClient).catch(() => undefined)
    await router.replace('/auth/login')
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link href={me.data?.isStaff ? '/s/admin/businesses' : '/s/businesses'} className={styles.brand}>
          KYC Portal
        </Link>
        <nav aria-label="Account" className={styles.nav}>
          <Link href="/profile">Profile</Link>
          <Link href="/s/user-profile-preference">Preferences</Link>
          <Button variant="secondary" size="sm" onClick={logOut}>
            Sign out
          </Button>
        </nav>
      </header>
      <main className={styles.main}>
        <h1>{title}</h1>
        {me.isPending && <Skeleton count={4} label="Loading your account" />}
        {me.isError && <ErrorState message="We could not load your account." onRetry={() => me.refetch()} />}
        {me.data && children(me.data)}
      </main>
    </div>
  )
}
