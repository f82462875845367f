import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import type { BusinessScreening } from '@/lib/contracts/screening'
import { formatDayTime } from '@/lib/format/day'
import { describeError } from '@/lib/http/errors'
import { PERMISSIONS } from '@/lib/permissions/names'
import { screeningQueries } from '../api/screening-queries'
import {
  businessScreeningBadge,
  CHECK_STATUS_BADGES,
  listVersionWords,
  pepWords,
  roleWords,
  scoreWords,
  SUBJECT_KIND_WORDS,
} from '../model/screening-words'
import { conflictWords, ScreeningHit } from './screening-hit'
import styles from './screening.module.css'

/** The section's anchor in the business review: links open it with `#screening`. */
export const SCREENING_ANCHOR = 'screening'

type Check = BusinessScreening['checks'][number]

export interface BusinessScreeningSectionProps {
  businessId: string
  /** The signed-in staff member's permission names and id. */
  permissions: readonly string[]
  currentUserId: string
  /** The business waits for a decision: four-eyes on approval matters then. */
  businessPending: boolean
  /** The review refreshes its checklist and decision after an adjudication (they are another feature's reads). */
  onAdjudicated?: () => void
}

function CheckFacts({ check }: { check: Check }) {
  return (
    <dl className={styles.facts}>
      {check.subjectKind === 'BUSINESS' && (
        <>
          <dt>Screened as</dt>
          <dd>{check.subjectName}</dd>
        </>
      )}
      {check.subjectKind !== 'BUSINESS' && check.roles.length > 0 && (
        <>
          <dt>Roles</dt>
          <dd>{roleWords(check.roles)}</dd>
        </>
      )}
      {check.subjectKind === 'PERSON' && (
        <>
          <dt>Screened with</dt>
          <dd>
            {check.screenedWith.dateOfBirth ? 'date of birth' : 'no date of birth'},{' '}
            {check.screenedWith.nationality ? `nationality ${check.screenedWith.nationality}` : 'no nationality'}
          </dd>
          <dt>PEP declaration</dt>
          <dd>{pepWords(check.pepDeclaration)}</dd>
        </>
      )}
      <dt>Lists</dt>
      <dd>{listVersionWords(check.listVersions)}</dd>
      <dt>Threshold</dt>
      <dd>{scoreWords(check.threshold)}</dd>
      <dt>Screened on</dt>
      <dd>{formatDayTime(check.screenedAt)}</dd>
    </dl>
  )
}

/** Opens the section (or one candidate) when the address names it: it loads after the browser's own jump to anchors. */
function useScrollToAnchor(ready: boolean) {
  const done = useRef(false)
  useEffect(() => {
    if (!ready || done.current) return
    done.current = true
    const hash = window.location.hash.slice(1)
    if (hash !== SCREENING_ANCHOR && !hash.startsWith(`${SCREENING_ANCHOR}-hit-`)) return
    document.getElementById(hash)?.scrollIntoView({ block: 'start' })
  }, [ready])
}

/**
 * The business review's screening section (docs/screening.md#screens): the business's screening status, each check
 * (who was screened, with what, against which list versions) and each candidate beside the listed entry with the factors
 * of its score. Staff who may adjudicate decide an OPEN candidate; others read it. Whoever adjudicates a candidate of a
 * business leaves its approval to another reviewer, and the section says so.
 */
export function BusinessScreeningSection({
  businessId,
  permissions,
  currentUserId,
  businessPending,
  onAdjudicated,
}: BusinessScreeningSectionProps) {
  const heading = useId()
  const screening = useQuery(screeningQueries.business(businessId))
  const [conflicts, setConflicts] = useState<Record<string, string>>({})
  const canAdjudicate = permissions.includes(PERMISSIONS.CAN_ADJUDICATE_SCREENING)
  const canApprove = permissions.includes(PERMISSIONS.CAN_APPROVE_BUSINESS)
  useScrollToAnchor(screening.isSuccess)

  const body = () => {
    if (screening.isError)
      return (
        <ErrorState
          message={describeError(screening.error, "We couldn't load the screening.")}
          onRetry={() => void screening.refetch()}
          retrying={screening.isFetching}
        />
      )
    if (!screening.data) return <Skeleton count={3} label="Loading the screening" />
    const data = screening.data
    // Staff who may only read the business get how far screening is, not its details.
    if (!('checks' in data)) return <p className={styles.muted}>Screening details need the permission to read screening.</p>
    const hits = data.checks.flatMap((c) => c.hits)
    const open = hits.filter((h) => h.status === 'OPEN').length
    const adjudicatedByMe = hits.some((h) => h.decidedBy?.id === currentUserId)
    // A candidate that went away (its screening was replaced) keeps its refusal here.
    const orphanConflicts = Object.entries(conflicts).filter(([id]) => !hits.some((h) => h.id === id))
    const badge = businessScreeningBadge(data.status)
    return (
      <>
        <div className={styles.badges}>
          <StatusBadge status={data.status} label={badge.label} tone={badge.tone} />
          {data.onWatch && <StatusBadge status="ON_WATCH" label="On watch" tone="danger" />}
          <span>{open === 0 ? 'Nothing waits for adjudication' : `${open} candidate${open === 1 ? '' : 's'} to adjudicate`}</span>
        </div>
        {canApprove && businessPending && (
          <p className={adjudicatedByMe ? styles.warning : styles.notice} role="note" data-four-eyes>
            {adjudicatedByMe
              ? 'You adjudicated a candidate of this business, so you cannot approve it: another reviewer must (four-eyes).'
              : 'Whoever adjudicates a candidate of this business cannot approve it: if you adjudicate here, another reviewer approves.'}
          </p>
        )}
        {!canAdjudicate && open > 0 && (
          <p className={styles.notice} role="note">
            You can read this screening but not adjudicate it: that needs the permission to adjudicate screening.
          </p>
        )}
        {orphanConflicts.map(([id, message]) => (
          <div key={id} role="alert" className={styles.alert}>
            <p>{conflictWords(message)}</p>
          </div>
        ))}
        {data.status === 'NOT_SCREENED' || data.checks.length === 0 ? (
          <p className={styles.muted}>Not screened yet: screening runs when the business submits its KYC.</p>
        ) : (
          <ul className={styles.checks} aria-label="Who was screened">
            {data.checks.map((check) => {
              const checkBadge = CHECK_STATUS_BADGES[check.status]
              return (
                <li key={check.id} className={styles.check}>
                  <div className={styles.head}>
                    {/* The business's own check is not headed by its name: the review's heading is. */}
                    <h3>
                      {check.subjectKind === 'BUSINESS' ? (
                        'The business, by its registered name'
                      ) : (
                        <>
                          {check.subjectName}{' '}
                          <span className={styles.muted}>({SUBJECT_KIND_WORDS[check.subjectKind].toLowerCase()})</span>
                        </>
                      )}
                    </h3>
                    <StatusBadge status={check.status} label={checkBadge.label} tone={checkBadge.tone} />
                  </div>
                  <CheckFacts check={check} />
                  {check.hits.map((hit) => (
                    <ScreeningHit
                      key={hit.id}
                      check={check}
                      hit={hit}
                      canAdjudicate={canAdjudicate}
                      onAdjudicated={onAdjudicated}
                      conflict={conflicts[hit.id] ?? null}
                      onConflict={(id, message) => {
                        setConflicts((all) => ({ ...all, [id]: message }))
                        onAdjudicated?.()
                      }}
                    />
                  ))}
                </li>
              )
            })}
          </ul>
        )}
      </>
    )
  }

  return (
    <section id={SCREENING_ANCHOR} className={styles.section} aria-labelledby={heading}>
      <h2 id={heading}>Screening</h2>
      {body()}
    </section>
  )
}
