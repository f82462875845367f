import { draftStatusText, type DraftStatus } from '../model/use-step-draft'
import styles from './kyc.module.css'

/** The autosave state of a step, announced politely. */
export function DraftLine({ status }: { status: DraftStatus }) {
  return (
    <p className={styles.status} role="status" aria-live="polite" data-draft-status={status}>
      {draftStatusText(status)}
    </p>
  )
}
