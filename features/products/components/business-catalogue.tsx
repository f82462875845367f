import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { buttonClassName } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { StatusBadge } from '@/components/ui/status-badge'
import { paths } from '@/lib/navigation/paths'
import { businessReads } from '@/lib/query/shared-queries'
import { clearSourceProduct, getSourceProduct } from '@/lib/session/storage'
import { productApplicationStatus } from '@/lib/status/product-status'
import styles from '@/styles/product-screens.module.css'
import type { BusinessProduct, OnboardingStatus, Product } from '../api/types'
import { CatalogueFilters, CatalogueList } from './product-catalogue'

/** What the card offers for the business's standing on the product. */
/** The link's words; the badge beside it is the application's status as every screen words it (lib/status). */
function actionFor(status: OnboardingStatus | undefined): string {
  switch (status) {
    case undefined:
    case 'REMOVED':
      return 'Apply'
    case 'PENDING':
      return 'Continue'
    case 'DECLINED':
      return 'Update and resubmit'
    case 'IN_REVIEW':
    case 'APPROVED':
      return 'View application'
    case 'COMPLETED':
      return 'View'
  }
}

export interface BusinessCatalogueProps {
  businessId: string
  businessName?: string
  /** CAN_ONBOARD_BUSINESS_PRODUCT in this business. */
  canApply: boolean
}

/**
 * `/s/products`: the offered products with the chosen business's standing on each (apply, continue, pending, live),
 * what the business holds already, and the product chosen before signing in.
 */
export function BusinessCatalogue({ businessId, businessName, canApply }: BusinessCatalogueProps) {
  const held = useQuery(businessReads.products(businessId))
  const byProduct = new Map((held.data ?? []).map((h) => [h.productId, h]))
  const [source, setSource] = useState<string | null>(null)
  useEffect(() => setSource(getSourceProduct()), [])
  const sourceHeld = source ? (held.data ?? []).find((h) => h.code === source) : undefined

  const actions = (product: Product) => {
    const holding = byProduct.get(product.id)
    const label = actionFor(holding?.status)
    const status = holding && productApplicationStatus(holding.status)
    if (!holding && !canApply) return <p className={styles.muted}>Ask an owner of the business to apply.</p>
    return (
      <>
        {holding && status && <StatusBadge status={holding.status} label={status.label} tone={status.tone} />}
        <Link
          href={paths.business.productApplication(product.code, businessId)}
          className={buttonClassName({ size: 'sm', variant: holding ? 'secondary' : 'primary' })}
          aria-label={`${label}: ${product.name}`}
        >
          {label}
        </Link>
      </>
    )
  }

  return (
    <div className={styles.stack}>
      {source && !sourceHeld && canApply && (
        <p className={styles.notice} role="status">
          <span>You chose a product before signing in ({source}).</span>
          <span className={styles.actions}>
            <Link href={paths.business.productApplication(source, businessId)} className={buttonClassName({ size: 'sm' })}>
              Continue with {source}
            </Link>
            <button
              type="button"
              className={buttonClassName({ size: 'sm', variant: 'link' })}
              onClick={() => {
                clearSourceProduct()
                setSource(null)
              }}
            >
              Not now
            </button>
          </span>
        </p>
      )}
      {held.data && held.data.length > 0 && <HeldProducts held={held.data} businessId={businessId} businessName={businessName} />}
      <CatalogueFilters />
      <CatalogueList renderActions={actions} />
    </div>
  )
}

function HeldProducts({
  held,
  businessId,
  businessName,
}: {
  held: BusinessProduct[]
  businessId: string
  businessName?: string
}) {
  return (
    <section className={styles.panel} aria-labelledby="held-products">
      <h2 id="held-products">{businessName ? `${businessName}'s products` : 'Your products'}</h2>
      <ul className={styles.stackTight}>
        {held.map((h) => (
          <li key={h.id} className={styles.actions}>
            <Link href={paths.business.productApplication(h.code, businessId)}>{h.name}</Link>
            <StatusBadge
              status={h.status}
              label={productApplicationStatus(h.status).label}
              tone={productApplicationStatus(h.status).tone}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
