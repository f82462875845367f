import dynamic from 'next/dynamic'
import { lazyScreen } from '@/components/layouts/lazy-screen'
import { Skeleton } from '@/components/ui/skeleton'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import { loadOwnershipSection } from '@/features/ownership/model/load-ownership-section'

const KycPreviewScreen = lazyScreen(
  () => import('@/features/kyc/components/kyc-preview-screen').then((m) => m.KycPreviewScreen),
  { count: 6, label: 'Loading the KYC preview' },
)

// Its own chunk, read once the preview is there; the graph inside it is one more, asked for with it.
const OwnershipSection = dynamic(() => loadOwnershipSection(), {
  ssr: false,
  loading: () => <Skeleton count={3} label="Loading the ownership structure" />,
})

export default function KycPreviewPage() {
  return (
    <PortalPage title="KYC preview" access={businessArea()} preload={[KycPreviewScreen]}>
      {({ account, permissions }) => (
        <KycPreviewScreen
          account={account}
          permissions={permissions}
          ownershipSlot={(businessId) => <OwnershipSection businessId={businessId} />}
        />
      )}
    </PortalPage>
  )
}
