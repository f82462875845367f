import type { ReactNode } from 'react'
import { ScrollTable } from '@/components/ui/scroll-table'
import type { ShareholderRecord } from '@/lib/contracts/kyc'
import { formatPercentage } from '@/lib/kyc/effective-ownership'
import { revealIdentityNumber } from '@/lib/query/shared-queries'
import tables from '@/styles/staff-screens.module.css'
import { PersonDetails } from './person-details'
import { RevealIdentityNumber } from './reveal-identity-number'
import styles from './review.module.css'

const COLUMNS = ['Shareholder', 'Holds', 'Effective ownership', 'Beneficial owner', 'BVN', 'Date of birth and PEP'] as const

const nameOf = (h: ShareholderRecord) =>
  h.type === 'CORPORATE' ? (h.companyName ?? '') : `${h.firstName ?? ''} ${h.lastName ?? ''}`.trim()

/**
 * The shareholder tree as the owner's KYC preview and the staff review show it: depth first, each corporate holder
 * followed by its own shareholders, with the holding, the effective ownership, the BVN and the date of birth (masked;
 * revealed for a reason by those who may) and the PEP declaration (or the gap where none was given). In a narrow box (a phone) each shareholder is a card, each value under its column's name.
 */
export function ShareholdersTable({
  shareholders,
  canReveal = false,
  fill,
}: {
  shareholders: readonly ShareholderRecord[]
  canReveal?: boolean
  /** Where what a person lacks (date of birth, PEP declaration) is filled in, for those who may. */
  fill?: (shareholder: ShareholderRecord) => ReactNode
}) {
  return (
    <div className={styles.shareholdersBox}>
      <ScrollTable
        className={`${tables.table} ${styles.shareholders}`}
        captionClassName="visually-hidden"
        caption="Shareholders with effective ownership (corporate holders followed by their own shareholders)"
        columns={COLUMNS}
      >
        <tbody>
          {shareholders.map((h) => (
            <tr key={h.id}>
              <th scope="row" style={{ paddingLeft: `calc(var(--space-1) + ${h.depth * 1.25}rem)` }}>
                {nameOf(h)}{' '}
                <span className={styles.muted}>
                  ({h.type === 'CORPORATE' ? (h.registrationNumber ?? 'company') : 'individual'})
                </span>
              </th>
              <td data-label={COLUMNS[1]}>{formatPercentage(h.percentage)}</td>
              <td data-label={COLUMNS[2]}>
                {formatPercentage(h.type === 'INDIVIDUAL' ? (h.effectiveOwnership ?? 0) : h.effectiveStake)}
              </td>
              <td data-label={COLUMNS[3]}>
                {h.isBeneficialOwner ? (h.needsMeansOfId ? 'Yes, means of ID missing' : 'Yes') : 'No'}
              </td>
              <td data-label={COLUMNS[4]}>
                {h.bvn ? (
                  <RevealIdentityNumber
                    masked={h.bvn}
                    target="shareholders"
                    recordId={h.id}
                    field="bvn"
                    label={`BVN of shareholder ${nameOf(h)}`}
                    canReveal={canReveal}
                    reveal={revealIdentityNumber}
                  />
                ) : (
                  '—'
                )}
              </td>
              <td data-label={COLUMNS[5]}>
                {h.type === 'INDIVIDUAL' ? (
                  <PersonDetails
                    person={h}
                    name={`shareholder ${nameOf(h)}`}
                    reveal={{ target: 'shareholders', recordId: h.id, canReveal, call: revealIdentityNumber }}
                    fill={fill?.(h)}
                  />
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </div>
  )
}
