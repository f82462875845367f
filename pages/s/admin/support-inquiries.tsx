import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const SupportInquiryList = lazyScreen(
  () => import('@/features/support/components/support-inquiry-list').then((m) => m.SupportInquiryList),
  { count: 4, label: 'Loading the inquiries' },
)

/** /s/admin/support-inquiries: what visitors and users wrote through the contact-us page (GET /support/inquiries). */
export default function SupportInquiriesPage() {
  return (
    <PortalPage
      title="Support inquiries"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_READ_USER] })}
      preload={[SupportInquiryList]}
    >
      {() => <SupportInquiryList />}
    </PortalPage>
  )
}
