import { ErrorPage } from '@/components/layouts/status-page'

export default function NotFoundPage() {
  return (
    <ErrorPage
      documentTitle="Page not found"
      code={404}
      title="We could not find that page"
      message="The address may be mistyped, or the page has moved. Check the link, or carry on from the home page."
    />
  )
}
