import sharedStyles from '@/styles/staff-screens.module.css'
import type { ApprovalCheck } from '../api/types'
import ownStyles from './approvals.module.css'

const styles = { ...sharedStyles, ...ownStyles }

/** The approval preconditions, each with a mark that is not colour alone (✓ met, ✗ not met, and the words). */
export function ApprovalChecklist({ checks }: { checks: readonly ApprovalCheck[] }) {
  return (
    <ul className={styles.checks} aria-label="Approval preconditions">
      {checks.map((check) => (
        <li key={check.code} className={styles.check} data-check={check.code} data-met={check.met}>
          <span aria-hidden="true" className={check.met ? styles.met : styles.unmet}>
            {check.met ? '✓' : '✗'}
          </span>
          <span>
            {check.label}
            <span className="visually-hidden">{check.met ? ': met' : ': not met'}</span>
            {!check.met && check.details.length > 0 && (
              <ul>
                {check.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
          </span>
        </li>
      ))}
    </ul>
  )
}
