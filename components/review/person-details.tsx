import type { ReactNode } from 'react'
import { StatusBadge } from '@/components/ui/status-badge'
import type { RevealedIdentityNumber } from '@/lib/contracts/kyc'
import { PEP_STATUS_LABELS, type PepDeclaration } from '@/lib/contracts/kyc-values'
import { RevealIdentityNumber, type RevealIdentityNumberInput } from './reveal-identity-number'
import styles from './review.module.css'

export interface PersonDetailsProps {
  person: { dateOfBirth: string | null; hasDateOfBirth: boolean; pep: PepDeclaration | null }
  /** The person's name, for the reveal's names: "date of birth of Ada Obi". */
  name: string
  /** Where the date can be revealed (a means of ID or a shareholder); a record without a reveal call shows it masked. */
  reveal?: {
    target: RevealIdentityNumberInput['target']
    recordId: string
    canReveal: boolean
    call: (input: RevealIdentityNumberInput) => Promise<RevealedIdentityNumber>
  }
  /** Where the owner (or staff) fills in what is missing, shown beside a gap. */
  fill?: ReactNode
}

/** "Not a PEP"; "PEP: Former Commissioner for Health, Imo State (NG)". */
export function pepText(pep: PepDeclaration): string {
  if (pep.status === 'NOT_PEP') return PEP_STATUS_LABELS.NOT_PEP
  const where = [pep.position, pep.country && `(${pep.country})`].filter(Boolean).join(' ')
  return `${PEP_STATUS_LABELS[pep.status]}${where ? `: ${where}` : ''}`
}

/**
 * A person's date of birth (masked, revealed for a reason by those who may) and PEP declaration (in clear: staff
 * need it). A person captured before they were asked shows each as a gap to fill, never an error
 * (docs/domain.md#dates-of-birth-and-pep-declarations).
 */
export function PersonDetails({ person, name, reveal, fill }: PersonDetailsProps) {
  const missing = !person.hasDateOfBirth || !person.pep
  return (
    <span className={styles.personDetails} data-testid="person-details">
      {person.hasDateOfBirth && person.dateOfBirth ? (
        <span>
          Born{' '}
          {reveal ? (
            <RevealIdentityNumber
              masked={person.dateOfBirth}
              target={reveal.target}
              recordId={reveal.recordId}
              field="dateOfBirth"
              label={`date of birth of ${name}`}
              canReveal={reveal.canReveal}
              reveal={reveal.call}
            />
          ) : (
            person.dateOfBirth
          )}
        </span>
      ) : (
        <StatusBadge status="PENDING" tone="warning" label="Date of birth not given" />
      )}
      {person.pep ? (
        person.pep.status === 'NOT_PEP' ? (
          <span>{pepText(person.pep)}</span>
        ) : (
          <StatusBadge status="PEP" tone="info" label={pepText(person.pep)} />
        )
      ) : (
        <StatusBadge status="PENDING" tone="warning" label="PEP declaration not given" />
      )}
      {missing && fill}
    </span>
  )
}
