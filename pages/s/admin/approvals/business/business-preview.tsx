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

// The screen (its table and dialogs) loads in parallel with the account, which the layout waits for anyway, rather
// than with the page: the route stays within its JavaScript budget.
const loadBusinessPreview = () => import('@/features/approvals/components/business-preview').then((m) => m.BusinessPreview)
const BusinessPreview = dynamic(loadBusinessPreview, {
  ssr: false,
  loading: () => <Skeleton count={4} label="Loading the business" />,
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** /s/admin/approvals/business/business-preview?id=: review one business (KYC, documents, comments, decision). */
export default function BusinessPreviewPage() {
  useEffect(() => void loadBusinessPreview(), [])
  const router = useRouter()
  const id = typeof router.query.id === 'string' ? router.query.id : ''
  return (
    <>
      <Head>
        <title>Business review · KYC Portal</title>
      </Head>
      <PortalLayout title="Business review">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[PERMISSIONS.CAN_APPROVE_BUSINESS, PERMISSIONS.CAN_READ_BUSINESS]}
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            {!router.isReady ? (
              <Skeleton count={4} label="Loading the business" />
            ) : UUID.test(id) ? (
              <BusinessPreview
                key={id}
                businessId={id}
                permissions={permissions}
                currentUserId={account.id}
                memberOf={account.businesses.map((m) => m.businessId)}
              />
            ) : (
              <EmptyState
                title="No business chosen"
                description="Open a business from the review queue or a business list."
                action={
                  <Link href={paths.approvals.businesses()} className={buttonClassName()}>
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
