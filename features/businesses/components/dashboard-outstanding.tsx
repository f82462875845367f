import { buttonClassName } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { KYC_STEP_LABELS } from '@/lib/contracts/kyc-values'
import type { KycStepProgress, OutstandingItem } from '@/lib/contracts/outstanding'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { kycStepStatus } from '@/lib/status/kyc-status'
import { formatDay, outstandingLink } from '../model/outstanding'
import styles from './businesses.module.css'
import dashboard from './dashboard.module.css'

const SEVERITY_WORDS: Record<OutstandingItem['severity'], string> = {
  danger: 'Urgent',
  warning: 'To do',
  info: 'For your information',
}

interface LoadState {
  isError: boolean
  error: unknown
  onRetry: () => void
  retrying: boolean
}

/** "Done", or "To do · 2 things to do": the stepper's words, with the count where there is room. */
function stepWords(step: KycStepProgress): string {
  const status = kycStepStatus(step)
  return status.detail ? `${status.label} · ${status.detail}` : status.label
}

/** The five KYC steps, each done or with how many things are left, each leading to its step of the KYC. */
export function DashboardKycProgress({
  businessId,
  progress,
  labelledBy,
  load,
}: {
  businessId: string
  progress: KycStepProgress[] | undefined
  labelledBy: string
  load: Pick<LoadState, 'isError'>
}) {
  // The same answer as the outstanding list, which shows the error and the retry once for both.
  if (load.isError) return <p className={styles.muted}>The KYC progress could not be loaded.</p>
  if (!progress) return <Skeleton count={1} label="Loading the KYC progress" />
  const done = progress.filter((p) => p.complete).length
  return (
    <>
      <p className={styles.muted}>
        {done} of {progress.length} steps done
      </p>
      <ol className={dashboard.steps} aria-labelledby={labelledBy}>
        {progress.map((p, index) => (
          <li key={p.step} className={p.complete ? dashboard.done : undefined} data-step={p.step}>
            <Link href={paths.business.kycStep(businessId, p.step)} className={dashboard.step}>
              <span className={dashboard.stepNumber} aria-hidden="true">
                {p.complete ? '✓' : index + 1}
              </span>
              <span>
                <span className={dashboard.stepName}>{KYC_STEP_LABELS[p.step]}</span>
                <span className={dashboard.stepState}>{stepWords(p)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </>
  )
}

/** What the business still has to do or wait for, as the API lists it (most pressing first), each with where to act. */
export function DashboardOutstanding({
  businessId,
  items,
  labelledBy,
  load,
}: {
  businessId: string
  items: OutstandingItem[] | undefined
  labelledBy: string
  load: LoadState
}) {
  if (load.isError) {
    return (
      <ErrorState
        headingLevel={3}
        title="Couldn't load what is outstanding"
        message={describeError(load.error)}
        onRetry={load.onRetry}
        retrying={load.retrying}
      />
    )
  }
  if (!items) return <Skeleton count={3} label="Loading what is outstanding" />
  if (items.length === 0) return <p className={styles.muted}>Nothing is outstanding. Well done.</p>
  return (
    <ul className={styles.checklist} aria-labelledby={labelledBy}>
      {items.map((item, index) => {
        const link = outstandingLink(item, businessId)
        return (
          <li
            key={`${item.code}-${index}`}
            className={item.severity === 'warning' ? undefined : styles[item.severity]}
            data-outstanding={item.code}
          >
            <span className={dashboard.itemText}>
              <span className={dashboard.itemHead}>
                <strong>
                  <VisuallyHidden>{SEVERITY_WORDS[item.severity]}: </VisuallyHidden>
                  {item.title}
                </strong>
                {item.blocking && <StatusBadge status="BLOCKED" label="Blocks the business" />}
              </span>
              <span className={styles.muted}>{item.message}</span>
              {item.dueDate && <span className={dashboard.due}>Due {formatDay(item.dueDate)}</span>}
            </span>
            {link && (
              // Several items can share a label ("Upload it"); the accessible name says which one it is.
              <Link
                href={link.href}
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                aria-label={`${link.label}: ${item.title}`}
              >
                {link.label}
              </Link>
            )}
          </li>
        )
      })}
    </ul>
  )
}
