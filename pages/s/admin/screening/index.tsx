import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const ScreeningQueue = lazyScreen(() => import('@/features/screening/components/screening-queue').then((m) => m.ScreeningQueue), {
  count: 4,
  label: 'Loading the screening queue',
})

/** /s/admin/screening: the queue of screening candidates (filters in the URL). */
export default function ScreeningQueuePage() {
  return (
    <PortalPage
      title="Screening"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_READ_SCREENING, PERMISSIONS.CAN_ADJUDICATE_SCREENING] })}
      preload={[ScreeningQueue]}
    >
      {() => <ScreeningQueue />}
    </PortalPage>
  )
}
