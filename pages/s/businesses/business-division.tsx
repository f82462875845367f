import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import { BusinessDivisions } from '@/features/businesses/components/business-divisions'

export default function BusinessDivisionPage() {
  return (
    <PortalPage title="Divisions and their products" documentTitle="Divisions" access={businessArea()}>
      <BusinessDivisions />
    </PortalPage>
  )
}
