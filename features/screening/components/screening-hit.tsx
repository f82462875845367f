import { useId } from 'react'
import { StatusBadge } from '@/components/ui/status-badge'
import type { BusinessScreening, ScreeningHitView } from '@/lib/contracts/screening'
import { formatDayTime } from '@/lib/format/day'
import {
  effectWords,
  factorWords,
  HIT_STATUS_BADGES,
  listedDateWords,
  LIST_KIND_WORDS,
  pepWords,
  scoreWords,
} from '../model/screening-words'
import { AdjudicationForm } from './adjudication-form'
import styles from './screening.module.css'

type Check = BusinessScreening['checks'][number]

/** The anchor of one candidate in the review (`#screening-hit-<id>`). */
export const hitAnchor = (hitId: string) => `screening-hit-${hitId}`

function ListedNames({ hit }: { hit: ScreeningHitView }) {
  return (
    <ul className={styles.names}>
      {hit.entry.names.map((n, i) => (
        <li key={`${n.name}-${i}`}>
          {n.name}{' '}
          <span className={styles.muted}>
            ({NAME_KIND[n.kind]}, {n.quality === 'STRONG' ? 'strong' : 'weak'})
          </span>
        </li>
      ))}
    </ul>
  )
}

const NAME_KIND = { PRIMARY: 'primary name', ALIAS: 'alias', FORMER: 'former name' } as const

/** The subject as screened beside the listed entry, one row per fact. */
function Comparison({ check, hit }: { check: Check; hit: ScreeningHitView }) {
  const entry = hit.entry
  const none = <span className={styles.muted}>None listed</span>
  return (
    <div className={styles.tableWrap}>
      <table className={styles.comparison}>
        <caption>Screened beside listed</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">Screened: {check.subjectName}</th>
            <th scope="col">
              Listed: {entry.primaryName} ({entry.list.name})
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Names</th>
            <td>{check.subjectName}</td>
            <td>
              <ListedNames hit={hit} />
              <span className={styles.secondary}>Matched on: {hit.matchedName}</span>
            </td>
          </tr>
          <tr>
            <th scope="row">Date of birth</th>
            <td>{check.screenedWith.dateOfBirth ? 'Given (screened with it; not shown here)' : 'Not given'}</td>
            <td>{entry.datesOfBirth.length ? entry.datesOfBirth.map(listedDateWords).join('; ') : none}</td>
          </tr>
          <tr>
            <th scope="row">Nationality</th>
            <td>{check.screenedWith.nationality ?? 'Not given'}</td>
            <td>{entry.nationalities.length ? entry.nationalities.join(', ') : none}</td>
          </tr>
          <tr>
            <th scope="row">Countries</th>
            <td>—</td>
            <td>{entry.countries.length ? entry.countries.join(', ') : none}</td>
          </tr>
          <tr>
            <th scope="row">PEP</th>
            <td>{pepWords(check.pepDeclaration)}</td>
            <td>{entry.list.kind === 'PEP' ? 'On a PEP list' : '—'}</td>
          </tr>
          <tr>
            <th scope="row">Programmes</th>
            <td>—</td>
            <td>{entry.programmes.length ? entry.programmes.join(', ') : none}</td>
          </tr>
          <tr>
            <th scope="row">Listed on</th>
            <td>—</td>
            <td>{entry.listedOn ?? none}</td>
          </tr>
          <tr>
            <th scope="row">List and source id</th>
            <td>—</td>
            <td>
              {entry.list.name} ({entry.list.code}, {LIST_KIND_WORDS[entry.list.kind]}): {entry.sourceId}
            </td>
          </tr>
          <tr>
            <th scope="row">Remarks</th>
            <td>—</td>
            <td>{entry.remarks ?? none}</td>
          </tr>
        </tbody>
      </table>
    </div>
  )
}

/** Every factor of the score with its effect and its words; they add up to the score. */
function Factors({ hit, threshold }: { hit: ScreeningHitView; threshold: number }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.factors}>
        <caption>
          Score {scoreWords(hit.score)} (alerts at {scoreWords(threshold)}): how it adds up
        </caption>
        <thead>
          <tr>
            <th scope="col">Factor</th>
            <th scope="col">Effect</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {hit.factors.map((f, i) => (
            <tr key={`${f.factor}-${i}`}>
              <th scope="row">{factorWords(f.factor)}</th>
              <td className={styles.effect}>{effectWords(f.effect)}</td>
              <td>{f.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export interface ScreeningHitProps {
  check: Check
  hit: ScreeningHitView
  canAdjudicate: boolean
  onAdjudicated?: () => void
  /** Why this candidate's adjudication was refused with 409, if it was. */
  conflict: string | null
  onConflict: (hitId: string, message: string) => void
}

/** A 409's message, for a sentence of its own. */
export const conflictWords = (message: string) =>
  `Your decision was not saved: ${message.replace(/\.$/, '')}. Someone decided it before you, or its screening changed; what it says now is shown.`

/** One candidate: the comparison, the score's factors, and its adjudication (or the form for it). */
export function ScreeningHit({ check, hit, canAdjudicate, onAdjudicated, conflict, onConflict }: ScreeningHitProps) {
  const heading = useId()
  const badge = HIT_STATUS_BADGES[hit.status]
  return (
    <section id={hitAnchor(hit.id)} className={styles.hit} aria-labelledby={heading}>
      <div className={styles.head}>
        <h4 id={heading}>
          Possible match: {check.subjectName} and {hit.entry.primaryName} ({hit.entry.list.code} {hit.entry.sourceId})
        </h4>
        <div className={styles.badges}>
          <StatusBadge status={hit.status} label={badge.label} tone={badge.tone} />
          <span>Score {scoreWords(hit.score)}</span>
        </div>
      </div>
      <Comparison check={check} hit={hit} />
      <Factors hit={hit} threshold={check.threshold} />
      {conflict && (
        <div role="alert" className={styles.alert}>
          <p>{conflictWords(conflict)}</p>
        </div>
      )}
      {hit.status !== 'OPEN' ? (
        <p className={styles.notice}>
          {hit.suppressed
            ? `Cleared automatically: the same facts were adjudicated a false match against this entry before. `
            : ''}
          {badge.label}
          {hit.decidedBy ? ` by ${hit.decidedBy.name}` : ''}
          {hit.decidedAt ? ` on ${formatDayTime(hit.decidedAt)}` : ''}
          {hit.reason ? `: “${hit.reason}”` : ''}
        </p>
      ) : canAdjudicate ? (
        <AdjudicationForm
          hit={hit}
          subjectName={check.subjectName}
          onAdjudicated={onAdjudicated}
          onConflict={(message) => onConflict(hit.id, message)}
        />
      ) : null}
    </section>
  )
}
