import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const EscalationsScreen = lazyScreen(
  () => import('@/features/service-levels/components/escalations-screen').then((m) => m.EscalationsScreen),
  { count: 4, label: 'Loading the escalations' },
)

/** /s/admin/escalations: items past their due time, for supervisors (GET /escalations). */
export default function EscalationsPage() {
  return (
    <PortalPage
      title="Escalations"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_SUPERVISE_QUEUES] })}
      preload={[EscalationsScreen]}
    >
      {() => <EscalationsScreen />}
    </PortalPage>
  )
}
