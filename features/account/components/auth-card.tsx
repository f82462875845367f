import type { ReactNode } from 'react'
import { Link } from '@/components/ui/link'
import styles from './auth-card.module.css'

/** The centred card every sign-in page uses: brand, title, optional intro, the form, and links below it. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <div className={styles.page}>
      <Link href="/" className={styles.brand}>
        KYC Portal
      </Link>
      <main className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {intro && <div className={styles.intro}>{intro}</div>}
        {children}
      </main>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  )
}
