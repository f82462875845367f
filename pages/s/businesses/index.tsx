import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import { ExistingProfilePanel } from '@/features/businesses/components/existing-profile-panel'
import { MyBusinesses } from '@/features/businesses/components/my-businesses'
import styles from '@/features/businesses/components/businesses.module.css'

export default function BusinessesPage() {
  return (
    <PortalPage title="Your businesses" access={businessArea()}>
      {({ account, permissions }) => (
        <div className={styles.stack}>
          <MyBusinesses canCreate={!account.isStaff || permissions.includes('CAN_CREATE_BUSINESS')} />
          <ExistingProfilePanel />
        </div>
      )}
    </PortalPage>
  )
}
