import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { AUTHORIZATIONS_SCREEN_ANY } from '@/lib/permissions/checks'

const AuthorizationsScreen = lazyScreen(
  () => import('@/features/authorizations/components/authorizations-screen').then((m) => m.AuthorizationsScreen),
  { count: 5, label: 'Loading the authorizations' },
)

/** /s/admin/authorizations: the checker's inbox of role and staff-user changes; a maker's own requests. */
export default function AuthorizationsPage() {
  return (
    <PortalPage
      title="Authorizations"
      access={adminArea({
        anyOf: AUTHORIZATIONS_SCREEN_ANY,
      })}
      preload={[AuthorizationsScreen]}
    >
      {({ account, permissions }) => <AuthorizationsScreen permissions={permissions} currentUserId={account.id} />}
    </PortalPage>
  )
}
