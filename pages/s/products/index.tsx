import { Skeleton } from '@/components/ui/skeleton'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import { permissionsInBusiness } from '@/features/businesses/components/business-access'
import { useSelectedBusiness } from '@/lib/session/use-selected-business'
import { BusinessCatalogue } from '@/features/products/components/business-catalogue'
import { BusinessPicker } from '@/features/products/components/business-picker'
import type { Account } from '@/lib/contracts/accounts'
import { PERMISSIONS } from '@/lib/permissions'

function ProductsForBusiness({ account, permissions }: { account: Account; permissions: string[] }) {
  const selected = useSelectedBusiness(account.businesses.map((b) => b.businessId))
  if (!selected.isReady) return <Skeleton count={4} label="Loading the products" />
  if (!selected.businessId) return <BusinessPicker />
  const membership = account.businesses.find((b) => b.businessId === selected.businessId)
  const allowed = permissionsInBusiness({ membership, isStaff: account.isStaff, permissions })
  return (
    <BusinessCatalogue
      key={selected.businessId}
      businessId={selected.businessId}
      canApply={allowed.has(PERMISSIONS.CAN_ONBOARD_BUSINESS_PRODUCT)}
    />
  )
}

export default function BusinessProductsPage() {
  return (
    <PortalPage title="Products" access={businessArea()}>
      {({ account, permissions }) => <ProductsForBusiness account={account} permissions={permissions} />}
    </PortalPage>
  )
}
