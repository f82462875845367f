import dynamic from 'next/dynamic'
import Head from 'next/head'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { RequirePermission } from '@/components/layouts/require-permission'
import { buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions'

const loadDetails = () => import('@/features/staff-documents/components/cac-review-details').then((m) => m.CacReviewDetails)
const CacReviewDetails = dynamic(loadDetails, {
  ssr: false,
  loading: () => <Skeleton count={5} label="Loading the CAC documents" />,
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** /s/admin/approvals/cac-doc/details?id=<kycDetailsId>: one KYC record's CAC documents with a viewer and the decisions. */
export default function CacDocumentDetailsPage() {
  useEffect(() => void loadDetails(), [])
  const router = useRouter()
  const id = typeof router.query.id === 'string' ? router.query.id : ''
  return (
    <>
      <Head>
        <title>CAC document review · KYC Portal</title>
      </Head>
      <PortalLayout title="CAC document review">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[PERMISSIONS.CAN_APPROVE_CAC_DOCUMENT, PERMISSIONS.CAN_READ_BUSINESS]}
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            {!router.isReady ? (
              <Skeleton count={5} label="Loading the CAC documents" />
            ) : UUID.test(id) ? (
              <CacReviewDetails
                key={id}
                kycDetailsId={id}
                permissions={permissions}
                currentUserId={account.id}
                memberOf={account.businesses.map((m) => m.businessId)}
              />
            ) : (
              <EmptyState
                title="No KYC record chosen"
                description="Open a record from the CAC documents queue."
                action={
                  <Link href={paths.approvals.cacDocuments()} className={buttonClassName()}>
                    Go to the queue
                  </Link>
                }
              />
            )}
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
