import { useRouter } from 'next/router'
import { lazyScreen } from '@/components/layouts/lazy-screen'
import { Skeleton } from '@/components/ui/skeleton'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

// The editor (react-hook-form, the requirements builder, the businesses table) loads with the account, not the page.
const ProductEditor = lazyScreen(() => import('@/features/products/components/product-editor').then((m) => m.ProductEditor), {
  count: 8,
  label: 'Loading the editor',
})

/** /s/admin/product-config/details?id=: edit a product; without an id, create one. */
export default function ProductDetailsPage() {
  const router = useRouter()
  const id = typeof router.query.id === 'string' ? router.query.id : null
  return (
    <PortalPage
      title={id ? 'Product' : 'New product'}
      access={adminArea({
        anyOf: id
          ? [PERMISSIONS.CAN_UPDATE_PRODUCT, PERMISSIONS.CAN_INDICATE_PRODUCT_GO_LIVE, PERMISSIONS.CAN_READ_PRODUCT_BUSINESSES]
          : [PERMISSIONS.CAN_UPDATE_PRODUCT],
      })}
      preload={[ProductEditor]}
    >
      {({ permissions }) =>
        router.isReady ? (
          <ProductEditor
            key={id ?? 'new'}
            productId={id}
            canUpdate={permissions.includes(PERMISSIONS.CAN_UPDATE_PRODUCT)}
            canGoLive={permissions.includes(PERMISSIONS.CAN_INDICATE_PRODUCT_GO_LIVE)}
            canReadBusinesses={permissions.includes(PERMISSIONS.CAN_READ_PRODUCT_BUSINESSES)}
          />
        ) : (
          <Skeleton count={8} label="Loading the product" />
        )
      }
    </PortalPage>
  )
}
