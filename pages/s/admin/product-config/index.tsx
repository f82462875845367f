import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const AdminProductList = lazyScreen(
  () => import('@/features/products/components/admin-product-list').then((m) => m.AdminProductList),
  { count: 4, label: 'Loading the products' },
)

/** /s/admin/product-config: every product, with filters; staff who configure products. */
export default function ProductConfigPage() {
  return (
    <PortalPage
      title="Product configuration"
      access={adminArea({
        anyOf: [
          PERMISSIONS.CAN_UPDATE_PRODUCT,
          PERMISSIONS.CAN_INDICATE_PRODUCT_GO_LIVE,
          PERMISSIONS.CAN_READ_PRODUCT_BUSINESSES,
        ],
      })}
      preload={[AdminProductList]}
    >
      {({ permissions }) => <AdminProductList canCreate={permissions.includes(PERMISSIONS.CAN_UPDATE_PRODUCT)} />}
    </PortalPage>
  )
}
