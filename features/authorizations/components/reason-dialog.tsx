import { ReasonDialog as SharedReasonDialog, type ReasonDialogProps } from '@/components/ui/reason-dialog'
import styles from './authorizations.module.css'

export type { ReasonDialogProps }

/** The shared reason dialog with this feature's field styles. */
export function ReasonDialog(props: ReasonDialogProps) {
  return <SharedReasonDialog fieldClassName={styles.field} errorClassName={styles.error} {...props} />
}
