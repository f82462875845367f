import { lazyScreen } from '@/components/layouts/lazy-screen'
import { Skeleton } from '@/components/ui/skeleton'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import { permissionsInBusiness } from '@/features/businesses/model/business-access'
import type { Account } from '@/lib/contracts/accounts'
import { PERMISSIONS } from '@/lib/permissions/names'
import { useSelectedBusiness } from '@/lib/session/use-selected-business'

// The catalogue and the business picker load in parallel with the account, which the layout waits for anyway.
const BusinessCatalogue = lazyScreen(
  () => import('@/features/products/components/business-catalogue').then((m) => m.BusinessCatalogue),
  { count: 4, label: 'Loading the products' },
)
const BusinessPicker = lazyScreen(() => import('@/features/products/components/business-picker').then((m) => m.BusinessPicker), {
  count: 2,
  label: 'Loading your businesses',
})

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
    <PortalPage title="Products" access={businessArea()} preload={[BusinessCatalogue, BusinessPicker]}>
      {({ account, permissions }) => <ProductsForBusiness account={account} permissions={permissions} />}
    </PortalPage>
  )
}
