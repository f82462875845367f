import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { PersonDetails } from '@/components/review/person-details'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { GOVERNMENT_KYC_TYPE_LABELS, GOVERNMENT_KYC_TYPES, type GovernmentKycType } from '@/lib/contracts/government-values'
import { formatDay } from '@/lib/format/day'
import { useDeleteRepresentative } from '../api/government-calls'
import { governmentQueries } from '../api/government-queries'
import type { Representative } from '../api/types'
import styles from './government.module.css'
import { RepresentativeDetailsForm } from './representative-details-form'
import { RepresentativeForm } from './representative-form'

function KycLine({ representativeId, type }: { representativeId: string; type: GovernmentKycType }) {
  const kyc = useQuery(governmentQueries.representativeKyc(representativeId, type))
  const status = kyc.isPending ? 'LOADING' : kyc.isError ? 'UNKNOWN' : kyc.data.provided ? 'PROVIDED' : 'MISSING'
  const label = { LOADING: 'Checking…', UNKNOWN: 'Could not check', PROVIDED: 'Provided', MISSING: 'Missing' }[status]
  return (
    <li className={styles.actions}>
      <span>{GOVERNMENT_KYC_TYPE_LABELS[type]}:</span>
      <StatusBadge status={status === 'PROVIDED' ? 'COMPLETED' : status === 'MISSING' ? 'PENDING' : 'INACTIVE'} label={label} />
      {kyc.data?.file && <span className={styles.muted}>{kyc.data.file.fileName}</span>}
    </li>
  )
}

/** The entity's representatives with their KYC (means of ID masked, each KYC record provided or missing). */
export function RepresentativesPanel({
  entityId,
  representatives,
  frozen,
}: {
  entityId: string
  representatives: Representative[]
  frozen: boolean
}) {
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<Representative | null>(null)
  const [filling, setFilling] = useState<string | null>(null)
  const remove = useDeleteRepresentative()

  return (
    <section className={styles.panel} aria-labelledby="representatives-heading">
      <div className={styles.actions}>
        <h2 id="representatives-heading">Representatives</h2>
        {!frozen && !adding && (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            Add a representative
          </Button>
        )}
      </div>
      {adding && <RepresentativeForm entityId={entityId} onDone={() => setAdding(false)} />}
      {representatives.length === 0 ? (
        <EmptyState
          title="No representatives yet"
          description="Add the people who act for this entity, with their means of ID."
        />
      ) : (
        <ul className={styles.cards}>
          {representatives.map((rep) => (
            <li key={rep.id} className={styles.card}>
              <h3>
                {rep.firstName} {rep.lastName}
              </h3>
              <dl className={styles.facts}>
                <dt>Position</dt>
                <dd>{rep.position}</dd>
                <dt>Contact</dt>
                <dd>
                  {rep.email} · {rep.phone}
                </dd>
                <dt>Means of ID</dt>
                <dd>
                  {rep.idTypeName} {rep.idNumber}
                  {rep.idExpiryDate ? `, expires ${formatDay(rep.idExpiryDate)}` : ''}
                </dd>
                <dt>Date of birth and PEP</dt>
                <dd>
                  <PersonDetails
                    person={rep}
                    name={`${rep.firstName} ${rep.lastName}`}
                    fill={
                      !frozen &&
                      filling !== rep.id && (
                        <Button variant="link" size="sm" onClick={() => setFilling(rep.id)}>
                          Add what is missing
                        </Button>
                      )
                    }
                  />
                </dd>
              </dl>
              {filling === rep.id && <RepresentativeDetailsForm representative={rep} onDone={() => setFilling(null)} />}
              <ul className={styles.kycList} aria-label={`KYC of ${rep.firstName} ${rep.lastName}`}>
                {GOVERNMENT_KYC_TYPES.map((type) => (
                  <KycLine key={type} representativeId={rep.id} type={type} />
                ))}
              </ul>
              {!frozen && (
                <div className={styles.actions}>
                  <Button
                    variant="link"
                    size="sm"
                    aria-label={`Remove ${rep.firstName} ${rep.lastName}`}
                    onClick={() => setRemoving(rep)}
                  >
                    Remove
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.firstName ?? ''} ${removing?.lastName ?? ''}`}
        description="The representative and their KYC files are deleted."
        confirmLabel="Remove representative"
        destructive
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing, {
            onSuccess: () => {
              notify('The representative is removed.', { type: 'success' })
              setRemoving(null)
            },
          })
        }
      />
    </section>
  )
}
