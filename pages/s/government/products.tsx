import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const GovernmentProductsScreen = lazyScreen(
  () => import('@/features/government/components/government-products-screen').then((m) => m.GovernmentProductsScreen),
  { count: 4, label: 'Loading the entity products' },
)

/** /s/government/products?entityId=: an entity's products, their payment channels and consultant. */
export default function GovernmentProductsPage() {
  return (
    <PortalPage
      title="Entity products"
      access={adminArea({ required: [PERMISSIONS.CAN_CREATE_GOVERNMENT_ENTITY] })}
      preload={[GovernmentProductsScreen]}
    >
      <GovernmentProductsScreen />
    </PortalPage>
  )
}
