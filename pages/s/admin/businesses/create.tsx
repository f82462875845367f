import dynamic from 'next/dynamic'
import Head from 'next/head'
import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { RequirePermission } from '@/components/layouts/require-permission'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toasts'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions'

// The registration form of the business area, in its staff variant (owner's e-mail, invitation), loaded in parallel
// with the account as on /s/businesses/create-business.
const loadForm = () => import('@/features/businesses/components/create-business-form').then((m) => m.CreateBusinessForm)
const loadLocationFields = () => import('@/features/locations/components/location-fields').then((m) => m.LocationFields)
const CreateBusinessForm = dynamic(loadForm, { ssr: false, loading: () => <Skeleton count={6} label="Loading the form" /> })
const LocationFields = dynamic(loadLocationFields, {
  ssr: false,
  loading: () => <Skeleton count={2} label="Loading the location fields" />,
})

/** /s/admin/businesses/create: staff register a business for a customer, whose owner is invited by e-mail. */
export default function AdminCreateBusinessPage() {
  const router = useRouter()
  useEffect(() => {
    void loadForm()
    void loadLocationFields()
  }, [])
  return (
    <>
      <Head>
        <title>Register a business for a customer · KYC Portal</title>
      </Head>
      <PortalLayout title="Register a business for a customer">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            required={[PERMISSIONS.CAN_CREATE_BUSINESS]}
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            <CreateBusinessForm
              isStaff
              cancelHref={paths.admin.businesses()}
              locationFields={<LocationFields required={{ lga: false }} />}
              onCreated={async (business) => {
                notify(`${business.name} is registered. Its owner has been invited by e-mail to complete the KYC.`, {
                  type: 'success',
                })
                await router.push(paths.approvals.businessPreview(business.id))
              }}
            />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
