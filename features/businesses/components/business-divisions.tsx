import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { referenceReads } from '@/lib/query/shared-queries'
import { businessQueries } from '../api/business-queries'
import type { Division } from '../api/types'
import styles from './businesses.module.css'
import { ProductList } from './product-list'

/** The provider's business divisions (Payments, Lending…) and the products each offers. */
export function BusinessDivisions() {
  const divisions = useQuery(referenceReads.divisions())

  if (divisions.isError) {
    return (
      <ErrorState
        title="Couldn't load the divisions"
        message={describeError(divisions.error, "We couldn't load the divisions. Check your connection and try again.")}
        onRetry={() => void divisions.refetch()}
        retrying={divisions.isFetching}
      />
    )
  }
  if (!divisions.data) return <Skeleton count={4} label="Loading the divisions" />

  const active = divisions.data.filter((d) => d.isActive)
  if (active.length === 0) {
    return (
      <EmptyState
        title="No divisions yet"
        description="Our products are grouped by division; none is open at the moment."
        action={
          <Link href={paths.business.products()} className={buttonClassName()}>
            See all products
          </Link>
        }
      />
    )
  }
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>
        Our products are grouped by the division that provides them. Apply for one from the products page.
      </p>
      <ul className={styles.cards} aria-label="Divisions">
        {active.map((division) => (
          <DivisionCard key={division.id} division={division} />
        ))}
      </ul>
      <div>
        <Link href={paths.business.products()} className={buttonClassName()}>
          Browse products
        </Link>
      </div>
    </div>
  )
}

function DivisionCard({ division }: { division: Division }) {
  const titleId = useId()
  const products = useQuery(businessQueries.divisionProducts(division.id))
  return (
    <li className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId}>
        {division.name} <span className={`${styles.muted} ${styles.small}`}>({division.code})</span>
      </h2>
      {division.description && <p className={styles.muted}>{division.description}</p>}
      <ProductList
        products={products.data}
        isError={products.isError}
        onRetry={() => void products.refetch()}
        emptyDescription="No product of this division is open to businesses yet."
        compact
      />
    </li>
  )
}
