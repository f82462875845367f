import dynamic from 'next/dynamic'
import Head from 'next/head'
import { useEffect } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { BusinessAreaGate } from '@/features/businesses/components/business-area-gate'

// The form (react-hook-form, its fields, the availability checks) and the country/state/LGA fields load in parallel
// with the account, which the layout waits for anyway, rather than with the page: the route stays within its
// JavaScript budget and nothing shows later than it would otherwise.
const loadForm = () => import('@/features/businesses/components/create-business-form').then((m) => m.CreateBusinessForm)
const loadLocationFields = () => import('@/features/locations/components/location-fields').then((m) => m.LocationFields)
const CreateBusinessForm = dynamic(loadForm, { ssr: false, loading: () => <Skeleton count={6} label="Loading the form" /> })
const LocationFields = dynamic(loadLocationFields, {
  ssr: false,
  loading: () => <Skeleton count={2} label="Loading the location fields" />,
})

export default function CreateBusinessPage() {
  useEffect(() => {
    void loadForm()
    void loadLocationFields()
  }, [])
  return (
    <>
      <Head>
        <title>Register a business · KYC Portal</title>
      </Head>
      <PortalLayout title="Register a business">
        {({ account, permissions }) => (
          <BusinessAreaGate
            iswStaff={account.iswStaff}
            isStaff={account.isStaff}
            staffNeeds="CAN_CREATE_BUSINESS"
            permissions={permissions}
          >
            <CreateBusinessForm isStaff={account.isStaff} locationFields={<LocationFields required={{ lga: false }} />} />
          </BusinessAreaGate>
        )}
      </PortalLayout>
    </>
  )
}
