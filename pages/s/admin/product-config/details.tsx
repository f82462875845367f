import dynamic from 'next/dynamic'
import Head from 'next/head'
import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { RequirePermission } from '@/components/layouts/require-permission'
import { Skeleton } from '@/components/ui/skeleton'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions'

// The editor (react-hook-form, the requirements builder, the businesses table) loads with the account, not the page.
const loadEditor = () => import('@/features/products/components/product-editor').then((m) => m.ProductEditor)
const ProductEditor = dynamic(loadEditor, { ssr: false, loading: () => <Skeleton count={8} label="Loading the editor" /> })

/** /s/admin/product-config/details?id=: edit a product; without an id, create one. */
export default function ProductDetailsPage() {
  const router = useRouter()
  useEffect(() => void loadEditor(), [])
  const id = typeof router.query.id === 'string' ? router.query.id : null
  return (
    <>
      <Head>
        <title>{id ? 'Product' : 'New product'} · KYC Portal</title>
      </Head>
      <PortalLayout title={id ? 'Product' : 'New product'}>
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={
              id
                ? [
                    PERMISSIONS.CAN_UPDATE_PRODUCT,
                    PERMISSIONS.CAN_INDICATE_PRODUCT_GO_LIVE,
                    PERMISSIONS.CAN_READ_PRODUCT_BUSINESSES,
                  ]
                : [PERMISSIONS.CAN_UPDATE_PRODUCT]
            }
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            {router.isReady ? (
              <ProductEditor
                key={id ?? 'new'}
                productId={id}
                canUpdate={permissions.includes(PERMISSIONS.CAN_UPDATE_PRODUCT)}
                canGoLive={permissions.includes(PERMISSIONS.CAN_INDICATE_PRODUCT_GO_LIVE)}
                canReadBusinesses={permissions.includes(PERMISSIONS.CAN_READ_PRODUCT_BUSINESSES)}
              />
            ) : (
              <Skeleton count={8} label="Loading the product" />
            )}
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
