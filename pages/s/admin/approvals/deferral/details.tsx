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

const loadDetails = () => import('@/features/staff-documents/components/deferral-details').then((m) => m.DeferralDetails)
const DeferralDetails = dynamic(loadDetails, { ssr: false, loading: () => <Skeleton count={5} label="Loading the deferral" /> })

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** /s/admin/approvals/deferral/details?id=: one deferral request, its business, its history and the decision. */
export default function DeferralDetailsPage() {
  useEffect(() => void loadDetails(), [])
  const router = useRouter()
  const id = typeof router.query.id === 'string' ? router.query.id : ''
  return (
    <>
      <Head>
        <title>Deferral review · KYC Portal</title>
      </Head>
      <PortalLayout title="Deferral review">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[PERMISSIONS.CAN_APPROVE_DEFERRAL, PERMISSIONS.CAN_READ_DEFERRALS]}
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            {!router.isReady ? (
              <Skeleton count={5} label="Loading the deferral" />
            ) : UUID.test(id) ? (
              <DeferralDetails
                key={id}
                deferralId={id}
                permissions={permissions}
                currentUserId={account.id}
                memberOf={account.businesses.map((m) => m.businessId)}
              />
            ) : (
              <EmptyState
                title="No deferral chosen"
                description="Open a request from the deferrals queue."
                action={
                  <Link href={paths.approvals.deferrals()} className={buttonClassName()}>
                    Go to the deferrals
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
