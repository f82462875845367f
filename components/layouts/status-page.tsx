import Head from 'next/head'
import type { ReactNode } from 'react'
import { cx } from '@/components/ui/cx'
import { Link } from '@/components/ui/link'
import styles from './status-page.module.css'

export interface StatusPageProps {
  /** Shown large above the title, e.g. 404. */
  code?: number
  title: string
  message?: ReactNode
  /** Where "home" is; `/` by default. */
  homeHref?: string
  homeLabel?: string
  /** Adds a "Go back" button (browser history). */
  showBack?: boolean
  /** The whole page (404, 500), rather than content inside the shell (403). */
  standalone?: boolean
  /** The title's heading level: 1 on a page of its own, 2 inside a page that has its own h1. */
  headingLevel?: 1 | 2
}

/** The content of the 403, 404 and 500 pages: what happened, in plain words, and a way on. No data, no fetching. */
export function StatusPage({
  code,
  title,
  message,
  homeHref = '/',
  homeLabel = 'Go to the home page',
  showBack = false,
  standalone = false,
  headingLevel = 1,
}: StatusPageProps) {
  const Heading = `h${headingLevel}` as const
  const goBack = () => {
    if (window.history.length > 1) window.history.back()
    else window.location.assign(homeHref)
  }
  const content = (
    <>
      {code !== undefined && (
        <p className={styles.code} aria-hidden="true">
          {code}
        </p>
      )}
      <Heading className={styles.title}>{title}</Heading>
      {message && <p className={styles.message}>{message}</p>}
      <div className={styles.actions}>
        <Link href={homeHref} className={styles.primary}>
          {homeLabel}
        </Link>
        {showBack && (
          <button type="button" className={styles.secondary} onClick={goBack}>
            Go back
          </button>
        )}
      </div>
    </>
  )
  return standalone ? (
    <main className={cx(styles.root, styles.standalone)}>{content}</main>
  ) : (
    <div className={styles.root}>{content}</div>
  )
}

export interface ErrorPageProps {
  /** The browser tab's title, before " · KYC Portal". */
  documentTitle: string
  code: number
  title: string
  message: ReactNode
}

/** A whole error page (404, 500, Next's other errors): the tab title and the standalone status page with "Go back". */
export function ErrorPage({ documentTitle, code, title, message }: ErrorPageProps) {
  return (
    <>
      <Head>
        <title>{`${documentTitle} · KYC Portal`}</title>
      </Head>
      <StatusPage standalone code={code} title={title} message={message} showBack />
    </>
  )
}
