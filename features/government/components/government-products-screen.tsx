import { useQuery } from '@tanstack/react-query'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { SkeletonBone } from '@/components/ui/skeleton'
import { formatDateTime } from '@/lib/format/date'
import { governmentQueries } from '../api/government-queries'
import { EntityPicker, useChosenEntityId } from './entity-picker'
import { EntitySummary } from './entity-summary'
import { GovernmentProductForm } from './government-product-form'
import styles from './government.module.css'

/** `/s/government/products`: pick an entity; its products with their payment channels and consultant, and a new one. */
export function GovernmentProductsScreen() {
  const { entityId, choose } = useChosenEntityId()
  const details = useQuery({ ...governmentQueries.entity(entityId ?? ''), enabled: !!entityId })
  const entity = details.data
  return (
    <div className={styles.stack}>
      <EntityPicker entityId={entityId} onChoose={choose} />
      {!entityId ? (
        <EmptyState title="Choose an entity" description="Its products, payment channels and consultants show here." />
      ) : details.isPending ? (
        <SkeletonBone />
      ) : details.isError ? (
        <ErrorState message="The entity could not be loaded." onRetry={() => void details.refetch()} />
      ) : (
        <>
          <EntitySummary entity={entity!} />
          <section className={styles.panel} aria-labelledby="entity-products-heading">
            <h2 id="entity-products-heading">Products</h2>
            {entity!.products.length === 0 ? (
              <EmptyState title="No products yet" headingLevel={3} />
            ) : (
              <ul className={styles.cards}>
                {entity!.products.map((gp) => (
                  <li key={gp.id} className={styles.card}>
                    <h3>{gp.product.name}</h3>
                    <dl className={styles.facts}>
                      <dt>Payment channels</dt>
                      <dd>{gp.paymentChannels.map((c) => c.name).join(', ')}</dd>
                      <dt>Consultant</dt>
                      <dd>{gp.consultant?.name ?? 'None'}</dd>
                      <dt>Added</dt>
                      <dd>{formatDateTime(gp.createdAt)}</dd>
                    </dl>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {entity!.archiveStatus === 'ACTIVE' && (
            <section className={styles.panel} aria-labelledby="add-product-heading">
              <h2 id="add-product-heading">Add a product</h2>
              <GovernmentProductForm entityId={entity!.id} takenProductIds={entity!.products.map((p) => p.product.id)} />
            </section>
          )}
        </>
      )}
    </div>
  )
}
