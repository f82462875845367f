import { useRouter } from 'next/router'
import { lazyScreen } from '@/components/layouts/lazy-screen'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import { permissionsInBusiness } from '@/features/businesses/model/business-access'
import type { Account } from '@/lib/contracts/accounts'
import { useSelectedBusiness } from '@/lib/session/use-selected-business'

const ProductApplication = lazyScreen(
  () => import('@/features/onboarding/components/product-application').then((m) => m.ProductApplication),
  { count: 5, label: 'Loading the application' },
)
const BusinessPicker = lazyScreen(() => import('@/features/products/components/business-picker').then((m) => m.BusinessPicker), {
  count: 2,
  label: 'Loading your businesses',
})

/** `?productCode=` (the login redirect's key; `?code=` is accepted too) and the chosen business. */
function Application({ account, permissions }: { account: Account; permissions: string[] }) {
  const router = useRouter()
  const selected = useSelectedBusiness(account.businesses.map((b) => b.businessId))
  const raw = router.query.productCode ?? router.query.code
  const productCode = typeof raw === 'string' ? raw.trim().toUpperCase() : ''
  if (!router.isReady || !selected.isReady) return <Skeleton count={4} label="Loading the application" />
  if (!productCode)
    return <EmptyState title="Which product?" description="This page needs a product. Choose one from the products page." />
  if (!selected.businessId) return <BusinessPicker purpose="that applies for this product" />
  const membership = account.businesses.find((b) => b.businessId === selected.businessId)
  const allowed = permissionsInBusiness({ membership, isStaff: account.isStaff, permissions })
  return (
    <ProductApplication
      key={`${productCode}:${selected.businessId}`}
      productCode={productCode}
      businessId={selected.businessId}
      permissions={allowed}
    />
  )
}

export default function ProductKycPage() {
  return (
    <PortalPage title="Product application" access={businessArea()} preload={[ProductApplication, BusinessPicker]}>
      {({ account, permissions }) => <Application account={account} permissions={permissions} />}
    </PortalPage>
  )
}
