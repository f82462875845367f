import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const CrmImportScreen = lazyScreen(() => import('@/features/crm/components/crm-import-screen').then((m) => m.CrmImportScreen), {
  count: 2,
  label: 'Loading the CRM import',
})

/** /s/admin/crm: staff import the built-in CRM directory from CSV (the API needs both permissions). */
export default function CrmDirectoryPage() {
  return (
    <PortalPage
      title="CRM directory"
      access={adminArea({ required: [PERMISSIONS.CAN_CREATE_BUSINESS, PERMISSIONS.CAN_UPDATE_BUSINESS] })}
      preload={[CrmImportScreen]}
    >
      <CrmImportScreen />
    </PortalPage>
  )
}
