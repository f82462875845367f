import dynamic from 'next/dynamic'
import Head from 'next/head'
import { useEffect } from 'react'
import { RequirePermission } from '@/components/layouts/require-permission'
import { Skeleton } from '@/components/ui/skeleton'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions'

// The screen (and its table or form libraries) loads in parallel with the account, which the layout waits for anyway,
// rather than with the page: the route stays within its JavaScript budget.
const loadAdminProductList = () => import('@/features/products/components/admin-product-list').then((m) => m.AdminProductList)
const AdminProductList = dynamic(loadAdminProductList, {
  ssr: false,
  loading: () => <Skeleton count={4} label="Loading the products" />,
})

/** /s/admin/product-config: every product, with filters; staff who configure products. */
export default function ProductConfigPage() {
  useEffect(() => void loadAdminProductList(), [])
  return (
    <>
      <Head>
        <title>Product configuration · KYC Portal</title>
      </Head>
      <PortalLayout title="Product configuration">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[
              PERMISSIONS.CAN_UPDATE_PRODUCT,
              PERMISSIONS.CAN_INDICATE_PRODUCT_GO_LIVE,
              PERMISSIONS.CAN_READ_PRODUCT_BUSINESSES,
            ]}
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            <AdminProductList canCreate={permissions.includes(PERMISSIONS.CAN_UPDATE_PRODUCT)} />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
