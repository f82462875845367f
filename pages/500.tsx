import Head from 'next/head'
import { StatusPage } from '@/components/layouts/status-page'

export default function ServerErrorPage() {
  return (
    <>
      <Head>
        <title>Something went wrong · KYC Portal</title>
      </Head>
      <StatusPage
        standalone
        code={500}
        title="Something went wrong on our side"
        message="Nothing you did caused this. Please try again in a moment; if it keeps happening, contact support."
        showBack
      />
    </>
  )
}
