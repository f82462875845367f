import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const ScreeningListsScreen = lazyScreen(
  () => import('@/features/screening/components/screening-lists-screen').then((m) => m.ScreeningListsScreen),
  { count: 6, label: 'Loading the screening lists' },
)

/** /s/admin/screening/lists: the lists, their versions and monitoring; list managers load, designate and propose a threshold. */
export default function ScreeningListsPage() {
  return (
    <PortalPage
      title="Screening lists"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_READ_SCREENING, PERMISSIONS.CAN_ADJUDICATE_SCREENING] })}
      preload={[ScreeningListsScreen]}
    >
      {({ permissions }) => <ScreeningListsScreen canManage={permissions.includes(PERMISSIONS.CAN_MANAGE_SCREENING_LISTS)} />}
    </PortalPage>
  )
}
