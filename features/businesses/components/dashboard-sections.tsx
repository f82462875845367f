import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { buttonClassName } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import { businessReads } from '@/lib/query/shared-queries'
import { businessQueries } from '../api/business-queries'
import { DASHBOARD_USER_COUNT } from '../api/dashboard-section-reads'
import { PREFETCHED_FRESH_MS } from '../api/prefetch-dashboard'
import type { Business } from '../api/types'
import styles from './businesses.module.css'
import { DashboardDataViews } from './dashboard-data-views'
import { DashboardDeferrals } from './dashboard-deferrals'
import { DashboardKycProgress, DashboardOutstanding } from './dashboard-outstanding'
import { DashboardProducts } from './dashboard-products'

/** The dashboard under its summary: KYC progress, what is outstanding, products, deferrals, team and data views. */
export function DashboardSections({ business, permissions }: { business: Business; permissions: ReadonlySet<string> }) {
  const ids = {
    progress: useId(),
    outstanding: useId(),
    products: useId(),
    deferrals: useId(),
    team: useId(),
    views: useId(),
  }
  const outstanding = useQuery({ ...businessQueries.outstanding(business.id), staleTime: PREFETCHED_FRESH_MS })
  const products = useQuery({ ...businessReads.products(business.id), staleTime: PREFETCHED_FRESH_MS })
  const canReadUsers = permissions.has(PERMISSIONS.CAN_READ_BUSINESS_USERS)
  const canReadDeferrals = permissions.has(PERMISSIONS.CAN_READ_DEFERRALS)
  const canReadBusiness = permissions.has(PERMISSIONS.CAN_READ_BUSINESS)
  const users = useQuery({ ...businessQueries.users(business.id, DASHBOARD_USER_COUNT), enabled: canReadUsers })
  const outstandingLoad = {
    isError: outstanding.isError,
    error: outstanding.error,
    onRetry: () => void outstanding.refetch(),
    retrying: outstanding.isFetching,
  }
  return (
    <>
      <section className={styles.panel} aria-labelledby={ids.progress}>
        <h2 id={ids.progress}>KYC progress</h2>
        <DashboardKycProgress
          businessId={business.id}
          progress={outstanding.data?.kycProgress}
          labelledBy={ids.progress}
          load={outstandingLoad}
        />
      </section>

      <section className={styles.stackTight} aria-labelledby={ids.outstanding}>
        <h2 id={ids.outstanding} style={{ margin: 0 }}>
          Outstanding
        </h2>
        <DashboardOutstanding
          businessId={business.id}
          items={outstanding.data?.items}
          labelledBy={ids.outstanding}
          load={outstandingLoad}
        />
      </section>

      <div className={styles.grid2}>
        <section className={styles.panel} aria-labelledby={ids.products}>
          <h2 id={ids.products}>Products</h2>
          <DashboardProducts
            businessId={business.id}
            products={products.data}
            isError={products.isError}
            error={products.error}
            onRetry={() => void products.refetch()}
            retrying={products.isFetching}
          />
        </section>

        {canReadDeferrals && (
          <section className={styles.panel} aria-labelledby={ids.deferrals}>
            <h2 id={ids.deferrals}>Deferrals</h2>
            <DashboardDeferrals businessId={business.id} />
          </section>
        )}

        <section className={styles.panel} aria-labelledby={ids.team}>
          <h2 id={ids.team}>Team and divisions</h2>
          {canReadUsers && (
            <p className={styles.muted} aria-live="polite">
              {users.data
                ? `${users.data.totalElements} ${users.data.totalElements === 1 ? 'user' : 'users'}`
                : users.isError
                  ? 'Users could not be counted.'
                  : 'Counting users…'}
            </p>
          )}
          <div className={styles.actions}>
            {canReadUsers && (
              <Link
                href={paths.business.manageUsers(business.id)}
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              >
                Manage users
              </Link>
            )}
            <Link href={paths.business.divisions()} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              Divisions
            </Link>
            <Link href={paths.business.manageRoles()} className={buttonClassName({ variant: 'link', size: 'sm' })}>
              What each role may do
            </Link>
          </div>
        </section>

        {canReadBusiness && (
          <section className={styles.panel} aria-labelledby={ids.views}>
            <h2 id={ids.views}>Who viewed your documents</h2>
            <DashboardDataViews businessId={business.id} />
          </section>
        )}
      </div>
    </>
  )
}
