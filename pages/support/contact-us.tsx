import Head from 'next/head'
import Link from 'next/link'
import { lazyScreen } from '@/components/layouts/lazy-screen'
import { paths } from '@/lib/navigation/paths'
import styles from '@/styles/home.module.css'

// The form (react-hook-form, the upload checks) loads after the page, keeping the route's first load small.
const ContactUsForm = lazyScreen(() => import('@/features/support/components/contact-us-form').then((m) => m.ContactUsForm), {
  count: 5,
  label: 'Loading the form',
})

/** Public: write to the support team (no sign-in needed). */
export default function ContactUsPage() {
  return (
    <>
      <Head>
        <title>Contact us · KYC Portal</title>
      </Head>
      <div className={styles.page}>
        <header className={styles.header}>
          <Link href={paths.home()} className={styles.brand}>
            KYC Portal
          </Link>
          <nav className={styles.nav} aria-label="Main">
            <Link href={paths.catalogue()}>Products</Link>
            <Link href={paths.auth.login()}>Sign in</Link>
          </nav>
        </header>
        <main>
          <h1>Contact us</h1>
          <p>Tell us what you need help with. We answer by e-mail, usually within one working day.</p>
          <ContactUsForm />
        </main>
      </div>
    </>
  )
}
