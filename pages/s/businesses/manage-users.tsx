import dynamic from 'next/dynamic'
import Head from 'next/head'
import { useEffect } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { PortalLayout } from '@/features/account/components/portal-layout'

// The users table (TanStack Table) would take most of the route's JavaScript budget: it loads in parallel with the
// account, which the layout waits for anyway, instead of with the page.
const loadScreen = () => import('@/features/businesses/components/manage-users-screen').then((m) => m.ManageUsersScreen)
const ManageUsersScreen = dynamic(loadScreen, { ssr: false, loading: () => <Skeleton count={4} label="Loading the users" /> })

/** Serves business owners and staff alike (domain.md): no business-area restriction here. */
export default function ManageUsersPage() {
  useEffect(() => void loadScreen(), [])
  return (
    <>
      <Head>
        <title>Manage users · KYC Portal</title>
      </Head>
      <PortalLayout title="Manage users">
        {({ account, permissions }) => <ManageUsersScreen account={account} permissions={permissions} />}
      </PortalLayout>
    </>
  )
}
