import { ErrorPage } from '@/components/layouts/status-page'

export default function ServerErrorPage() {
  return (
    <ErrorPage
      documentTitle="Something went wrong"
      code={500}
      title="Something went wrong on our side"
      message="Nothing you did caused this. Please try again in a moment; if it keeps happening, contact support."
    />
  )
}
