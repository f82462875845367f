import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const OperationsDashboard = lazyScreen(
  () => import('@/features/operations/components/operations-dashboard').then((m) => m.OperationsDashboard),
  { count: 6, label: 'Loading the dashboard' },
)

/** /s/admin/operations: a queue's flow, times, backlog and reviewers over a period (GET /operations/dashboard). */
export default function OperationsPage() {
  return (
    <PortalPage
      title="Operations dashboard"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_SUPERVISE_QUEUES] })}
      preload={[OperationsDashboard]}
    >
      {() => <OperationsDashboard />}
    </PortalPage>
  )
}
