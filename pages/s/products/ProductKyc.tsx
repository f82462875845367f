import dynamic from 'next/dynamic'
import Head from 'next/head'
import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { permissionsInBusiness } from '@/features/businesses/components/business-access'
import { BusinessAreaGate } from '@/features/businesses/components/business-area-gate'
import { useSelectedBusiness } from '@/lib/session/use-selected-business'
import { BusinessPicker } from '@/features/products/components/business-picker'
import type { Account } from '@/lib/contracts/accounts'

// The screen (and its table or form libraries) loads in parallel with the account, which the layout waits for anyway,
// rather than with the page: the route stays within its JavaScript budget.
const loadProductApplication = () =>
  import('@/features/onboarding/components/product-application').then((m) => m.ProductApplication)
const ProductApplication = dynamic(loadProductApplication, {
  ssr: false,
  loading: () => <Skeleton count={5} label="Loading the application" />,
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
  useEffect(() => void loadProductApplication(), [])
  return (
    <>
      <Head>
        <title>Product application · KYC Portal</title>
      </Head>
      <PortalLayout title="Product application">
        {({ account, permissions }) => (
          <BusinessAreaGate iswStaff={account.iswStaff} isStaff={account.isStaff} permissions={permissions}>
            <Application account={account} permissions={permissions} />
          </BusinessAreaGate>
        )}
      </PortalLayout>
    </>
  )
}
