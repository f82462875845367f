import Head from 'next/head'
import type { ReactNode } from 'react'
import { Link } from '@/components/ui/link'
import { paths } from '@/lib/navigation/paths'
import styles from '@/styles/home.module.css'

const NAV_LINKS = {
  products: { href: paths.catalogue(), label: 'Products' },
  login: { href: paths.auth.login(), label: 'Sign in' },
  signup: { href: paths.auth.signup(), label: 'Create an account' },
} as const

/** The frame of the pages anyone may open: the brand, the links the page offers, its content as `main`. */
export function PublicPage({
  title,
  links = [],
  children,
}: {
  /** The browser tab's title, before ` · KYC Portal`; the home page keeps the document's own. */
  title?: string
  links?: readonly (keyof typeof NAV_LINKS)[]
  children: ReactNode
}) {
  return (
    <>
      {title && (
        <Head>
          <title>{`${title} · KYC Portal`}</title>
        </Head>
      )}
      <div className={styles.page}>
        <header className={styles.header}>
          <Link href={paths.home()} className={styles.brand}>
            KYC Portal
          </Link>
          {links.length > 0 && (
            <nav className={styles.nav} aria-label="Main">
              {links.map((key) => (
                <Link key={key} href={NAV_LINKS[key].href}>
                  {NAV_LINKS[key].label}
                </Link>
              ))}
            </nav>
          )}
        </header>
        <main>{children}</main>
      </div>
    </>
  )
}
