import { useEffect, useId, useRef } from 'react'
import type { ListDryRunView } from '@/lib/contracts/screening'
import { formatCalendarDate } from '@/lib/format/date'
import type { ListChangeAnswer } from '../api/list-calls'
import { LoadRequestForm } from './load-request-form'
import styles from './screening-lists.module.css'

const SAMPLE_GROUPS = [
  { key: 'added', title: 'Added' },
  { key: 'changed', title: 'Changed' },
  { key: 'removed', title: 'Removed' },
] as const

/** What a dry run found (the API's first 50 of each group), and the request to load it. */
export function DryRunResult({
  run,
  listName,
  onSent,
}: {
  run: ListDryRunView
  listName: string
  onSent: (answer: ListChangeAnswer) => void
}) {
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  // The result replaces the progress the user was watching: focus moves to what it says.
  useEffect(() => heading.current?.focus(), [])
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Dry run: version {run.number} of the {listName}
      </h3>
      <p>
        {run.recordCount.toLocaleString('en-NG')} records read
        {run.publishedOn ? `, published by the source on ${formatCalendarDate(run.publishedOn)}` : ''}. Compared with the active
        version: <strong>{run.added.toLocaleString('en-NG')} added</strong>,{' '}
        <strong>{run.changed.toLocaleString('en-NG')} changed</strong>,{' '}
        <strong>{run.removed.toLocaleString('en-NG')} removed</strong>. Nothing has changed for screening yet.
      </p>
      {run.unknownCountries.length > 0 && (
        <p className={styles.warning}>
          Country names no lookup knows, left out of the entries: {run.unknownCountries.join(', ')}.
        </p>
      )}
      <div className={styles.counts}>
        {SAMPLE_GROUPS.map(({ key, title }) => {
          const samples = run.samples[key]
          const total = run[key]
          return (
            <div key={key}>
              <h4>
                {title} ({total.toLocaleString('en-NG')})
              </h4>
              {samples.length === 0 ? (
                <p className={styles.muted}>None.</p>
              ) : (
                <>
                  <ul aria-label={`${title} entries`}>
                    {samples.map((s) => (
                      <li key={s.sourceId}>
                        {s.name} <span className={styles.muted}>({s.sourceId})</span>
                      </li>
                    ))}
                  </ul>
                  {total > samples.length && <p className={styles.muted}>The first {samples.length} are shown.</p>}
                </>
              )}
            </div>
          )
        })}
      </div>
      <LoadRequestForm versionId={run.versionId} versionNumber={run.number} listName={listName} onSent={onSent} />
    </section>
  )
}
