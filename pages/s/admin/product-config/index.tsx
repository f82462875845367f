import Head from 'next/head'
import { RequirePermission } from '@/components/layouts/require-permission'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { AdminProductList } from '@/features/products/components/admin-product-list'
import { PERMISSIONS } from '@/lib/permissions'

/** /s/admin/product-config: every product, with filters; staff who configure products. */
export default function ProductConfigPage() {
  return (
    <>
      <Head>
        <title>Product configuration · KYC Portal</title>
      </Head>
      <PortalLayout title="Product configuration">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[PERMISSIONS.CAN_UPDATE_PRODUCT, PERMISSIONS.CAN_INDICATE_PRODUCT_GO_LIVE, PERMISSIONS.CAN_READ_PRODUCT_BUSINESSES]}
            check={() => account.isStaff}
            homeHref="/s/businesses"
          >
            <AdminProductList canCreate={permissions.includes(PERMISSIONS.CAN_UPDATE_PRODUCT)} />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
