import { useRouter } from 'next/router'
import { PublicPage } from '@/components/layouts/public-page'
import { HandoverScreen } from '@/features/external-business/components/handover-screen'

/** Public: where a partner hands a user over with a signed reference (`?reference=`). */
export default function ExternalHandoverPage() {
  const router = useRouter()
  const reference = typeof router.query.reference === 'string' ? router.query.reference : ''
  return (
    <PublicPage title="Continue from a partner">
      <h1>Continue from a partner</h1>
      {router.isReady ? <HandoverScreen reference={reference} /> : <p role="status">Loading…</p>}
    </PublicPage>
  )
}
