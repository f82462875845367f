import { StatusBadge } from '@/components/ui/status-badge'
import { GOVERNMENT_TIER_LABELS } from '@/lib/contracts/government-values'
import type { GovernmentEntity } from '../api/types'
import styles from './government.module.css'

/** The chosen entity's facts, and a warning when it is archived (its records are frozen). */
export function EntitySummary({ entity }: { entity: GovernmentEntity }) {
  return (
    <section className={styles.panel} aria-labelledby={`entity-${entity.id}`}>
      <div className={styles.actions}>
        <h2 id={`entity-${entity.id}`}>{entity.name}</h2>
        <StatusBadge status={entity.archiveStatus} />
      </div>
      <dl className={styles.facts}>
        <dt>Parastatal</dt>
        <dd>{entity.parastatal.name}</dd>
        <dt>Tier</dt>
        <dd>{GOVERNMENT_TIER_LABELS[entity.tier]}</dd>
        <dt>Address</dt>
        <dd>
          {entity.address.line1}, {entity.address.lga}, {entity.address.state}
        </dd>
        <dt>Contact</dt>
        <dd>
          {entity.contactName} · {entity.contactEmail} · {entity.contactPhone}
        </dd>
      </dl>
      {entity.archiveStatus === 'ARCHIVED' && (
        <p className={styles.warning}>
          This entity is archived ({entity.archiveReason}). Unarchive it on the entities screen before changing its records.
        </p>
      )}
    </section>
  )
}
