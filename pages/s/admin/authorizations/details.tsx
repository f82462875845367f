import { lazyScreen } from '@/components/layouts/lazy-screen'
import { RecordFromUrl } from '@/components/layouts/record-from-url'
import { Skeleton } from '@/components/ui/skeleton'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { paths } from '@/lib/navigation/paths'
import { AUTHORIZATIONS_SCREEN_ANY } from '@/lib/permissions/checks'

const LOADING = { count: 5, label: 'Loading the authorization' }
const AuthorizationDetails = lazyScreen(
  () => import('@/features/authorizations/components/authorization-details').then((m) => m.AuthorizationDetails),
  LOADING,
)

/** /s/admin/authorizations/details?id=: one authorization, its before/after diff, and approve / decline. */
export default function AuthorizationDetailsPage() {
  return (
    <PortalPage
      title="Authorization"
      access={adminArea({
        anyOf: AUTHORIZATIONS_SCREEN_ANY,
      })}
      preload={[AuthorizationDetails]}
    >
      {({ account, permissions }) => (
        <RecordFromUrl
          loading={<Skeleton {...LOADING} />}
          missing={{
            title: 'No authorization chosen',
            description: 'Open one from the authorizations list.',
            action: { href: paths.admin.authorizations(), label: 'Go to the authorizations' },
          }}
        >
          {(id) => <AuthorizationDetails key={id} id={id} permissions={permissions} currentUserId={account.id} />}
        </RecordFromUrl>
      )}
    </PortalPage>
  )
}
