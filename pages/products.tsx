import Head from 'next/head'
import Link from 'next/link'
import { ProductCatalogue } from '@/features/products/components/product-catalogue'
import { paths } from '@/lib/navigation/paths'
import styles from '@/styles/home.module.css'

/** Public: the products offered, by category; no sign-in needed. */
export default function ProductsPage() {
  return (
    <>
      <Head>
        <title>Products · KYC Portal</title>
      </Head>
      <div className={styles.page}>
        <header className={styles.header}>
          <Link href={paths.home()} className={styles.brand}>
            KYC Portal
          </Link>
          <nav className={styles.nav} aria-label="Main">
            <Link href={paths.auth.login()}>Sign in</Link>
            <Link href={paths.auth.signup()}>Create an account</Link>
          </nav>
        </header>
        <main>
          <h1>Our products</h1>
          <p>Choose what your business needs. Applying takes a few minutes once your business is registered.</p>
          <ProductCatalogue />
        </main>
      </div>
    </>
  )
}
