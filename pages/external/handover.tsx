import Head from 'next/head'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { HandoverScreen } from '@/features/external-business/components/handover-screen'
import { paths } from '@/lib/navigation/paths'
import styles from '@/styles/home.module.css'

/** Public: where a partner hands a user over with a signed reference (`?reference=`). */
export default function ExternalHandoverPage() {
  const router = useRouter()
  const reference = typeof router.query.reference === 'string' ? router.query.reference : ''
  return (
    <>
      <Head>
        <title>Continue from a partner · KYC Portal</title>
      </Head>
      <div className={styles.page}>
        <header className={styles.header}>
          <Link href={paths.home()} className={styles.brand}>
            KYC Portal
          </Link>
        </header>
        <main>
          <h1>Continue from a partner</h1>
          {router.isReady ? <HandoverScreen reference={reference} /> : <p role="status">Loading…</p>}
        </main>
      </div>
    </>
  )
}
