import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const DataProtectionScreen = lazyScreen(
  () => import('@/features/data-protection/components/data-protection-screen').then((m) => m.DataProtectionScreen),
  { count: 3, label: 'Loading data protection' },
)

/** /s/admin/data-protection: data-subject requests, the personal-data view log and the retention purge. */
export default function DataProtectionPage() {
  return (
    <PortalPage
      title="Data protection"
      access={adminArea({ required: [PERMISSIONS.CAN_HANDLE_DATA_REQUESTS] })}
      preload={[DataProtectionScreen]}
    >
      {({ permissions }) => <DataProtectionScreen permissions={permissions} />}
    </PortalPage>
  )
}
