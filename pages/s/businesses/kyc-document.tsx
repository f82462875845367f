import { lazyScreen } from '@/components/layouts/lazy-screen'
import { Skeleton } from '@/components/ui/skeleton'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import {
  NoBusinessChosen,
  useBusinessContext,
  type BusinessScreenProps,
} from '@/features/businesses/components/business-screen-context'

// Both load beside the account rather than in the route's first load (first-load JS budget), as every screen does.
const DocumentsChecklist = lazyScreen(
  () => import('@/features/kyc/components/documents/documents-checklist').then((m) => m.DocumentsChecklist),
  { count: 4, label: 'Loading the documents' },
)
const BusinessDeferrals = lazyScreen(
  () => import('@/features/deferrals/components/business-deferrals').then((m) => m.BusinessDeferrals),
  { count: 2, label: 'Loading the deferral requests' },
)

/** The chosen business's documents (upload, replace, view, defer) and its deferral requests. */
function KycDocumentScreen(props: BusinessScreenProps) {
  const { selected, allowed } = useBusinessContext(props)
  if (!selected.isReady) return <Skeleton count={4} label="Loading the documents" />
  if (!selected.businessId) return <NoBusinessChosen selected={selected} />
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-4)', maxWidth: '64rem' }}>
      <section aria-labelledby="kyc-documents-heading">
        <h2 id="kyc-documents-heading">Documents for your registration class</h2>
        <DocumentsChecklist key={selected.businessId} businessId={selected.businessId} permissions={allowed} />
      </section>
      <section aria-labelledby="kyc-deferrals-heading">
        <h2 id="kyc-deferrals-heading">Deferral requests</h2>
        <BusinessDeferrals key={selected.businessId} businessId={selected.businessId} />
      </section>
    </div>
  )
}

export default function KycDocumentPage() {
  return (
    <PortalPage title="KYC documents" access={businessArea()} preload={[DocumentsChecklist, BusinessDeferrals]}>
      {({ account, permissions }) => <KycDocumentScreen account={account} permissions={permissions} />}
    </PortalPage>
  )
}
