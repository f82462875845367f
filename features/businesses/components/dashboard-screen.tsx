import { Skeleton } from '@/components/ui/skeleton'
import { BusinessDashboard } from './business-dashboard'
import { NoBusinessChosen, useBusinessContext, type BusinessScreenProps } from './business-screen-context'

/** /s/businesses/dashboard-details: the chosen business (`?businessId=`, else the one chosen in this tab). */
export function DashboardScreen(props: BusinessScreenProps) {
  const { selected, allowed } = useBusinessContext(props)
  if (!selected.isReady) return <Skeleton count={4} label="Loading the business" />
  if (!selected.businessId) return <NoBusinessChosen selected={selected} />
  return <BusinessDashboard key={selected.businessId} businessId={selected.businessId} permissions={allowed} />
}
