import Head from 'next/head'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { BusinessAreaGate } from '@/features/businesses/components/business-area-gate'
import { ExistingProfilePanel } from '@/features/businesses/components/existing-profile-panel'
import { MyBusinesses } from '@/features/businesses/components/my-businesses'
import styles from '@/features/businesses/components/businesses.module.css'

export default function BusinessesPage() {
  return (
    <>
      <Head>
        <title>Your businesses · KYC Portal</title>
      </Head>
      <PortalLayout title="Your businesses">
        {({ account, permissions }) => (
          <BusinessAreaGate iswStaff={account.iswStaff} isStaff={account.isStaff} permissions={permissions}>
            <div className={styles.stack}>
              <MyBusinesses canCreate={!account.isStaff || permissions.includes('CAN_CREATE_BUSINESS')} />
              <ExistingProfilePanel />
            </div>
          </BusinessAreaGate>
        )}
      </PortalLayout>
    </>
  )
}
