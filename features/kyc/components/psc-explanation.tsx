import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { missingPersonDetails } from '@/lib/contracts/kyc-values'
import type { PersonWithSignificantControl } from '@/lib/contracts/ownership'
import { describeError } from '@/lib/http/errors'
import { reasonsInWords } from '@/lib/kyc/ownership-words'
import { kycReads } from '@/lib/query/shared-queries'
import type { ShareholderRecord } from '../api/types'
import styles from './kyc.module.css'

/**
 * What the KYC still needs from a person because they have significant control: a means of ID linked to them, a date
 * of birth, a PEP declaration. The same facts the stepper's list is made of (`needsMeansOfId`, `missingPersonDetails`),
 * read from the shareholder records that are this person in the graph.
 */
export function stillNeeded(person: PersonWithSignificantControl, shareholders: readonly ShareholderRecord[]): string[] {
  const records = shareholders.filter((h) => person.nodeIds.includes(h.id))
  const needs = new Set<string>()
  for (const h of records) {
    if (h.needsMeansOfId) needs.add('a means of ID linked to them')
    for (const detail of missingPersonDetails(h)) needs.add(detail === 'date of birth' ? 'a date of birth' : 'a PEP declaration')
  }
  return [...needs]
}

export interface PscExplanationProps {
  businessId: string
  shareholders: readonly ShareholderRecord[]
}

/**
 * The shareholders step's explanation (docs/ownership.md#screens): who counts as a person with significant control,
 * in plain words, who does in this business and why, and what the KYC still needs from each of them because of it.
 */
export function PscExplanation({ businessId, shareholders }: PscExplanationProps) {
  const headingId = useId()
  const graph = useQuery(kycReads.ownership(businessId))
  const persons = graph.data?.personsWithSignificantControl
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId}>Who has significant control</h3>
      <p>
        The law (Companies and Allied Matters Act 2020, s.868) asks us to know every person with significant control of the
        business. A person has it when they:
      </p>
      <ul>
        <li>hold 5% or more of the shares, or 5% or more of the votes, themselves or through companies they control;</li>
        <li>have the right to appoint or remove most of the directors;</li>
        <li>or otherwise have significant influence or control over the business.</li>
      </ul>
      <p>
        Shares held in a trust count for the people who control the trust, such as its trustees; shares a nominee holds count for
        the person the nominee acts for. For each of these people we need a means of ID, their date of birth and whether they are
        a politically exposed person (PEP).
      </p>
      {graph.isError ? (
        <p className={styles.warning}>
          {describeError(graph.error, "We couldn't work out who has significant control just now.")}
        </p>
      ) : !persons ? (
        <Skeleton count={2} label="Working out who has significant control" />
      ) : persons.length === 0 ? (
        <p>From the shareholders given so far, no one has significant control.</p>
      ) : (
        <ul aria-label="Persons with significant control in this business" className={styles.pscList}>
          {persons.map((p) => {
            const needs = stillNeeded(p, shareholders)
            return (
              <li key={p.personKey}>
                <strong>{p.name}</strong> ({reasonsInWords(p.reasons)}): {p.explanation}
                {needs.length > 0 ? (
                  <div className={styles.warning}>
                    Because of this, still needed from {p.name}: {needs.join(', ')}.
                  </div>
                ) : (
                  <div className={styles.muted}>Nothing more is needed from {p.name} for this.</div>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
