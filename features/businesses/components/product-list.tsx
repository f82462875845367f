import { buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { paths } from '@/lib/navigation/paths'
import type { ProductSummary } from '../api/types'
import styles from './businesses.module.css'

/** Its onboarding products (names when the API gives them), or an empty state leading to the products. */
export function ProductList({
  products,
  isError,
  onRetry,
  headingLevel = 3,
  emptyDescription = 'Products you apply for show here with their status.',
  compact = false,
}: {
  products: ProductSummary[] | undefined
  isError: boolean
  onRetry: () => void
  headingLevel?: 3 | 4
  emptyDescription?: string
  /** A one-line empty message without the "Browse products" action (for cards in a list that has its own). */
  compact?: boolean
}) {
  if (isError) return <ErrorState headingLevel={headingLevel} title="Couldn't load the products" onRetry={onRetry} />
  if (!products) return <Skeleton count={2} label="Loading the products" />
  if (products.length === 0) {
    if (compact) return <p className={styles.muted}>{emptyDescription}</p>
    return (
      <EmptyState
        headingLevel={headingLevel}
        title="No products yet"
        description={emptyDescription}
        action={
          <Link href={paths.business.products()} className={buttonClassName({ size: 'sm' })}>
            Browse products
          </Link>
        }
      />
    )
  }
  return (
    <ul className={styles.list}>
      {products.map((product) => (
        <li key={product.id}>
          {product.name ?? product.code ?? product.id}
          {product.status ? (
            <>
              {' '}
              <StatusBadge status={product.status} />
            </>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
