import Head from 'next/head'
import { StatusPage } from '@/components/layouts/status-page'

export default function NotFoundPage() {
  return (
    <>
      <Head>
        <title>Page not found · KYC Portal</title>
      </Head>
      <StatusPage
        standalone
        code={404}
        title="We could not find that page"
        message="The address may be mistyped, or the page has moved. Check the link, or carry on from the home page."
        showBack
      />
    </>
  )
}
