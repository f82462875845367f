import { Button } from '@/components/ui/button'
import type { PersonWithSignificantControl } from '@/lib/contracts/ownership'
import { formatPercentage } from '@/lib/kyc/effective-ownership'
import { reasonsInWords } from '@/lib/kyc/ownership-words'
import styles from './ownership.module.css'

export interface PscListProps {
  persons: readonly PersonWithSignificantControl[]
  /** Moves the graph's focus to the person's node(s); none where there is no graph to go to. */
  onShow?: (person: PersonWithSignificantControl) => void
}

/** The persons with significant control: why each counts, in words, and a way to their place(s) in the graph. */
export function PscList({ persons, onShow }: PscListProps) {
  if (persons.length === 0) return <p>No one has significant control of this business under the rules.</p>
  return (
    <ul className={styles.pscList} aria-label="Persons with significant control">
      {persons.map((p) => (
        <li key={p.personKey} className={styles.psc}>
          <div className={styles.pscHead}>
            <strong>{p.name}</strong>
            {onShow && (
              <Button variant="secondary" size="sm" onClick={() => onShow(p)} aria-label={`Show ${p.name} in the graph`}>
                Show in the graph
              </Button>
            )}
          </div>
          <div>
            Significant control: {reasonsInWords(p.reasons)}. Effectively {formatPercentage(p.effectiveShares)} of the shares and{' '}
            {formatPercentage(p.effectiveVotes)} of the votes.
          </div>
          <div className={styles.muted}>{p.explanation}</div>
        </li>
      ))}
    </ul>
  )
}
