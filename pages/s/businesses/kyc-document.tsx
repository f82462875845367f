import { Skeleton } from '@/components/ui/skeleton'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import {
  NoBusinessChosen,
  useBusinessContext,
  type BusinessScreenProps,
} from '@/features/businesses/components/business-screen-context'
import { BusinessDeferrals } from '@/features/deferrals/components/business-deferrals'
import { DocumentsChecklist } from '@/features/kyc/components/documents/documents-checklist'

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
    <PortalPage title="KYC documents" access={businessArea()}>
      {({ account, permissions }) => <KycDocumentScreen account={account} permissions={permissions} />}
    </PortalPage>
  )
}
