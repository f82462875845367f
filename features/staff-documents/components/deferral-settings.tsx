import { useId } from 'react'
import { PERMISSIONS } from '@/lib/permissions/names'
import sharedStyles from '@/styles/staff-screens.module.css'
import { MaxDaysSetting } from './deferral-settings-days'
import { DeferrableMapping } from './deferral-settings-mapping'
import ownStyles from './staff-documents.module.css'

const styles = { ...sharedStyles, ...ownStyles }

export interface DeferralSettingsProps {
  permissions: readonly string[]
  id?: string
}

/**
 * Deferral settings: the longest deferral a business may ask for, and which document types each registration class
 * may defer. Holders of CAN_UPDATE_DEFERRABLE change them (each save confirmed first); readers of the mapping see them.
 */
export function DeferralSettings({ permissions, id }: DeferralSettingsProps) {
  const headings = { panel: useId(), days: useId(), mapping: useId() }
  const canEdit = permissions.includes(PERMISSIONS.CAN_UPDATE_DEFERRABLE)
  // `GET /deferrals/deferrable-mapping` needs the read permission itself.
  const canReadMapping = permissions.includes(PERMISSIONS.CAN_READ_DEFERRABLE_MAPPING)
  return (
    <section id={id} className={styles.panel} aria-labelledby={headings.panel}>
      <h2 id={headings.panel}>Deferral settings</h2>
      {!canEdit && (
        <p className={styles.muted}>You can read these settings; staff allowed to change deferral settings edit them.</p>
      )}
      <section aria-labelledby={headings.days} className={styles.stackTight}>
        <h3 id={headings.days}>Longest deferral</h3>
        <MaxDaysSetting canEdit={canEdit} />
      </section>
      {canReadMapping && (
        <section aria-labelledby={headings.mapping} className={styles.stackTight}>
          <h3 id={headings.mapping}>Deferrable documents</h3>
          <DeferrableMapping canEdit={canEdit} />
        </section>
      )}
    </section>
  )
}
