import { useQuery } from '@tanstack/react-query'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { SkeletonBone } from '@/components/ui/skeleton'
import { governmentQueries } from '../api/government-queries'
import { DocumentsPanel } from './documents-panel'
import { EntityPicker, useChosenEntityId } from './entity-picker'
import { EntitySummary } from './entity-summary'
import styles from './government.module.css'
import { RepresentativesPanel } from './representatives-panel'

/** `/s/government/kyc`: pick an entity; its representatives and their KYC, and its documents. */
export function GovernmentKycScreen() {
  const { entityId, choose } = useChosenEntityId()
  const details = useQuery({ ...governmentQueries.entity(entityId ?? ''), enabled: !!entityId })
  const entity = details.data
  const frozen = entity?.archiveStatus !== 'ACTIVE'
  return (
    <div className={styles.stack}>
      <EntityPicker entityId={entityId} onChoose={choose} />
      {!entityId ? (
        <EmptyState title="Choose an entity" description="Its representatives, their KYC and its documents show here." />
      ) : details.isPending ? (
        <SkeletonBone />
      ) : details.isError ? (
        <ErrorState message="The entity could not be loaded." onRetry={() => void details.refetch()} />
      ) : (
        <>
          <EntitySummary entity={entity!} />
          <RepresentativesPanel entityId={entity!.id} representatives={entity!.representatives} frozen={frozen} />
          <DocumentsPanel entityId={entity!.id} documents={entity!.documents} frozen={frozen} />
        </>
      )}
    </div>
  )
}
