import type { ReactNode } from 'react'
import type { Account } from '@/lib/contracts/accounts'
import { PortalPage, type PortalPageProps } from './portal-page'
import styles from './signed-in-page.module.css'

/** The account screens (/profile, /s/user-profile-preference): the portal page, then the content as a column. */
export function SignedInPage({
  title,
  preload,
  children,
}: Pick<PortalPageProps, 'title' | 'preload'> & { children: (account: Account) => ReactNode }) {
  return (
    <PortalPage title={title} preload={preload}>
      {({ account }) => <div className={styles.stack}>{children(account)}</div>}
    </PortalPage>
  )
}
