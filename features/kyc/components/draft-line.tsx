import styles from './kyc.module.css'
import { draftStatusText, type DraftStatus } from './use-step-draft'

/** The autosave state of a step, announced politely. */
export function DraftLine({ status }: { status: DraftStatus }) {
  return (
    <p className={styles.status} role="status" aria-live="polite" data-draft-status={status}>
      {draftStatusText(status)}
    </p>
  )
}
