import { lazyScreen } from '@/components/layouts/lazy-screen'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import styles from '@/features/businesses/components/businesses.module.css'

// Both load in parallel with the account, which the layout waits for anyway, rather than with the page.
const MyBusinesses = lazyScreen(() => import('@/features/businesses/components/my-businesses').then((m) => m.MyBusinesses), {
  count: 4,
  label: 'Loading your businesses',
})
const ExistingProfilePanel = lazyScreen(
  () => import('@/features/businesses/components/existing-profile-panel').then((m) => m.ExistingProfilePanel),
  { count: 2, label: 'Loading' },
)

export default function BusinessesPage() {
  return (
    <PortalPage title="Your businesses" access={businessArea()} preload={[MyBusinesses, ExistingProfilePanel]}>
      {({ account, permissions }) => (
        <div className={styles.stack}>
          <MyBusinesses canCreate={!account.isStaff || permissions.includes('CAN_CREATE_BUSINESS')} />
          <ExistingProfilePanel />
        </div>
      )}
    </PortalPage>
  )
}
