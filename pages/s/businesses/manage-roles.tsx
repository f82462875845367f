import Head from 'next/head'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { BusinessRoles } from '@/features/businesses/components/business-roles'

/** Serves business owners and staff alike (domain.md): no business-area restriction here. */
export default function ManageRolesPage() {
  return (
    <>
      <Head>
        <title>Business roles · KYC Portal</title>
      </Head>
      <PortalLayout title="Business roles">
        <BusinessRoles />
      </PortalLayout>
    </>
  )
}
