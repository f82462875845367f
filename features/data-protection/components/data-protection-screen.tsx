import { PERMISSIONS } from '@/lib/permissions/names'
import styles from './data-protection.module.css'
import { DataSubjectSearch } from './data-subject-search'
import { PersonalDataViewLog } from './personal-data-view-log'
import { RetentionRun } from './retention-run'

/** /s/admin/data-protection: data-subject requests, the personal-data view log and the retention purge. */
export function DataProtectionScreen({ permissions }: { permissions: readonly string[] }) {
  return (
    <div className={styles.stack}>
      <DataSubjectSearch />
      {/* The view log is the audit trail's: CAN_AUDIT_SYSTEM (the data-protection officer holds both). */}
      {permissions.includes(PERMISSIONS.CAN_AUDIT_SYSTEM) && <PersonalDataViewLog />}
      <RetentionRun />
    </div>
  )
}
