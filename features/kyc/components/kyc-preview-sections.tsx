import type { ReactNode } from 'react'
import { PersonDetails } from '@/components/review/person-details'
import { RevealIdentityNumber } from '@/components/review/reveal-identity-number'
import { ShareholdersTable } from '@/components/review/shareholders-table'
import { StatusBadge } from '@/components/ui/status-badge'
import { idHolderRoles, KYC_ADDRESS_TYPE_LABELS } from '@/lib/contracts/kyc-values'
import { formatDay } from '@/lib/format/day'
import { formatKobo } from '@/lib/format/money'
import { revealIdentityNumber } from '@/lib/query/shared-queries'
import type { AdditionalDocument, KycAddress, KycDetails, MeansOfIdRecord, ShareholderRecord } from '../api/types'
import { formatAddress } from '../model/kyc-format'
import styles from './kyc.module.css'

/** One step of the KYC preview: its heading, the way back to edit it, and what it holds. */
export function PreviewSection({
  id,
  title,
  edit,
  children,
}: {
  id: string
  title: string
  edit: ReactNode
  children: ReactNode
}) {
  return (
    <section className={`${styles.panel} ${styles.section}`} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id}>{title}</h2>
        {edit}
      </div>
      {children}
    </section>
  )
}

const NONE_YET = <p className={styles.muted}>None yet.</p>

export function CompanyDetailsFacts({
  details: d,
  additionalDocuments,
}: {
  details: KycDetails | null
  additionalDocuments: readonly AdditionalDocument[] | undefined
}) {
  if (!d) return <p className={styles.muted}>Not captured yet.</p>
  return (
    <dl className={styles.facts}>
      <dt>TIN</dt>
      <dd>{d.tin ?? '—'}</dd>
      <dt>Date of incorporation</dt>
      <dd>{formatDay(d.incorporationDate)}</dd>
      <dt>Country of incorporation</dt>
      <dd>{d.countryOfIncorporation ?? '—'}</dd>
      <dt>Nature of business</dt>
      <dd>{d.natureOfBusiness ?? '—'}</dd>
      {d.description && (
        <>
          <dt>Description</dt>
          <dd>{d.description}</dd>
        </>
      )}
      <dt>Employees</dt>
      <dd>{d.numberOfEmployees ?? '—'}</dd>
      <dt>Annual turnover</dt>
      <dd>{d.annualTurnover === null ? '—' : formatKobo(Math.round(d.annualTurnover * 100))}</dd>
      {additionalDocuments && additionalDocuments.length > 0 && (
        <>
          <dt>Additional documents</dt>
          <dd>
            {additionalDocuments.map((doc) => (
              <span key={doc.id}>
                <a href={doc.file.url} target="_blank" rel="noreferrer">
                  {doc.label ?? doc.file.fileName}
                </a>{' '}
              </span>
            ))}
          </dd>
        </>
      )}
    </dl>
  )
}

export function AddressList({ addresses }: { addresses: readonly KycAddress[] | undefined }) {
  if (!addresses?.length) return NONE_YET
  return (
    <ul className={styles.items}>
      {addresses.map((a) => (
        <li key={a.id} className={styles.item}>
          <div>
            <p>
              <strong>{KYC_ADDRESS_TYPE_LABELS[a.type]}</strong>
              {a.contactName ? ` · ${a.contactName}` : ''}
            </p>
            <p>{formatAddress(a)}</p>
            <p className={`${styles.small} ${styles.muted}`}>Proof of address: {a.addressDoc?.fileName ?? 'none'}</p>
          </div>
          <StatusBadge status={a.verificationStatus} label={`Verification: ${a.verificationStatus.toLowerCase()}`} />
        </li>
      ))}
    </ul>
  )
}

/** `canReveal`: the viewer is the business's owner or a KYC editor (or staff with CAN_VIEW_SENSITIVE_KYC). */
export function MeansOfIdTable({
  meansOfIds,
  canReveal = false,
}: {
  meansOfIds: readonly MeansOfIdRecord[] | undefined
  canReveal?: boolean
}) {
  if (!meansOfIds?.length) return NONE_YET
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">Means of ID</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">ID</th>
            <th scope="col">Expires</th>
            <th scope="col">Date of birth and PEP</th>
          </tr>
        </thead>
        <tbody>
          {meansOfIds.map((id) => (
            <tr key={id.id}>
              <td>
                {id.firstName} {id.lastName}
              </td>
              <td>{idHolderRoles(id)}</td>
              <td>
                {id.idTypeName}{' '}
                <RevealIdentityNumber
                  masked={id.idNumber}
                  target="means-of-ids"
                  recordId={id.id}
                  field="idNumber"
                  label={`${id.idTypeName} number of ${id.firstName} ${id.lastName}`}
                  canReveal={canReveal}
                  reveal={revealIdentityNumber}
                />
              </td>
              <td>
                {formatDay(id.expiryDate)}
                {!id.isCurrent && ' (expired)'}
              </td>
              <td>
                <PersonDetails
                  person={id}
                  name={`${id.firstName} ${id.lastName}`}
                  reveal={{ target: 'means-of-ids', recordId: id.id, canReveal, call: revealIdentityNumber }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The shareholder tree, or "none yet". */
export function ShareholdersSection({
  shareholders,
  canReveal = false,
}: {
  shareholders: readonly ShareholderRecord[] | undefined
  canReveal?: boolean
}) {
  return shareholders?.length ? <ShareholdersTable shareholders={shareholders} canReveal={canReveal} /> : NONE_YET
}
