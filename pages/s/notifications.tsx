import { lazyScreen } from '@/components/layouts/lazy-screen'
import { PortalPage } from '@/features/account/components/portal-page'

const NotificationsScreen = lazyScreen(
  () => import('@/features/account/components/notifications-screen').then((m) => m.NotificationsScreen),
  { count: 4, label: 'Loading your notifications' },
)

/** /s/notifications: the signed-in user's notification centre (staff and business users alike). */
export default function NotificationsPage() {
  return (
    <PortalPage title="Notifications" preload={[NotificationsScreen]}>
      {() => <NotificationsScreen />}
    </PortalPage>
  )
}
