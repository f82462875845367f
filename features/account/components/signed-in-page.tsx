import type { ReactNode } from 'react'
import type { Account } from '@/lib/contracts/accounts'
import { PortalLayout } from './portal-layout'
import styles from './signed-in-page.module.css'

/** The account screens (/profile, /s/user-profile-preference): the portal layout, then the content as a column. */
export function SignedInPage({ title, children }: { title: string; children: (account: Account) => ReactNode }) {
  return <PortalLayout title={title}>{({ account }) => <div className={styles.stack}>{children(account)}</div>}</PortalLayout>
}
