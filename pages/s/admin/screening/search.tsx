import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const ScreeningSearchScreen = lazyScreen(
  () => import('@/features/screening/components/screening-search-screen').then((m) => m.ScreeningSearchScreen),
  { count: 3, label: 'Loading the screening search' },
)

/** /s/admin/screening/search: an ad-hoc search of every screening list (the API's readers of screening). */
export default function ScreeningSearchPage() {
  return (
    <PortalPage
      title="Screening search"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_READ_SCREENING, PERMISSIONS.CAN_ADJUDICATE_SCREENING] })}
      preload={[ScreeningSearchScreen]}
    >
      <ScreeningSearchScreen />
    </PortalPage>
  )
}
