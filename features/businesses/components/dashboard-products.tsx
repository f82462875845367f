import { buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import type { BusinessProduct } from '@/lib/contracts/onboarding'
import { ONBOARDING_STATUS_LABELS } from '@/lib/contracts/product-values'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import styles from './businesses.module.css'
import dashboard from './dashboard.module.css'

/** The business's products (GET /businesses/{id}/products), each with its status and a link to its application. */
export function DashboardProducts(props: {
  businessId: string
  products: BusinessProduct[] | undefined
  isError: boolean
  error: unknown
  onRetry: () => void
  retrying: boolean
}) {
  const { businessId, products } = props
  if (props.isError) {
    return (
      <ErrorState
        headingLevel={3}
        title="Couldn't load the products"
        message={describeError(props.error)}
        onRetry={props.onRetry}
        retrying={props.retrying}
      />
    )
  }
  if (!products) return <Skeleton count={2} label="Loading the products" />
  if (products.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        title="No products yet"
        description="Products you apply for show here with their status."
        action={
          <Link href={paths.business.products()} className={buttonClassName({ size: 'sm' })}>
            Browse products
          </Link>
        }
      />
    )
  }
  return (
    <ul className={dashboard.deferrals} aria-label="Products">
      {products.map((product) => (
        <li key={product.id}>
          <span>
            <Link href={paths.business.productApplication(product.code, businessId)} className={dashboard.target}>
              {product.name}
            </Link>{' '}
            <span className={`${styles.muted} ${styles.small}`}>{product.category}</span>
          </span>
          <StatusBadge status={product.status} label={ONBOARDING_STATUS_LABELS[product.status]} />
        </li>
      ))}
    </ul>
  )
}
