import { DocumentsChecklist } from './documents-checklist'
import styles from './documents.module.css'

export interface DocumentsStepProps {
  businessId: string
  kycDetailsId: string | null
  /** The user's permissions in the business, when the stepper knows them (see DocumentsChecklist). */
  permissions?: ReadonlySet<string>
}

/** The KYC stepper's documents step: the same list as the documents page, for the business being captured. */
export function DocumentsStep({ businessId, kycDetailsId, permissions }: DocumentsStepProps) {
  return (
    <section className={styles.stack} aria-label="Documents">
      <p className={styles.muted}>
        Upload each required document (PNG, JPEG or PDF). If one is not available yet, you may request a deferral for it where
        offered.
      </p>
      <DocumentsChecklist businessId={businessId} kycDetailsId={kycDetailsId} permissions={permissions} />
    </section>
  )
}
