import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const WebhooksScreen = lazyScreen(() => import('@/features/webhooks/components/webhooks-screen').then((m) => m.WebhooksScreen), {
  count: 3,
  label: 'Loading webhooks',
})

/** /s/admin/webhooks: the endpoints that receive decisions and their delivery log. */
export default function WebhooksPage() {
  return (
    <PortalPage title="Webhooks" access={adminArea({ required: [PERMISSIONS.CAN_MANAGE_WEBHOOKS] })} preload={[WebhooksScreen]}>
      {() => <WebhooksScreen />}
    </PortalPage>
  )
}
