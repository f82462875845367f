import { useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { DateField } from '@/components/ui/date-field'
import { Form } from '@/components/ui/form'
import { Link } from '@/components/ui/link'
import { ScrollTable } from '@/components/ui/scroll-table'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import type { ScreeningSearchInput, ScreeningSearchResult } from '@/lib/contracts/screening'
import type { ListedDate } from '@/lib/contracts/screening-values'
import { formatCalendarDate } from '@/lib/format/date'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useScreeningSearch } from '../api/search-calls'
import { factorWords, formatEffect, formatScore, LIST_KIND_WORDS, SUBJECT_KIND_OPTIONS } from '../model/list-formats'
import styles from './screening-lists.module.css'

interface Values {
  name: string
  type: '' | 'PERSON' | 'ENTITY'
  dateOfBirth: string
  nationality: string
}
type Candidate = ScreeningSearchResult['candidates'][number]

const resolver = lazyZodResolver<Values, ScreeningSearchInput>(() =>
  import('../model/screening-forms').then((m) => m.searchFormSchema as never),
)

const today = () => new Date().toISOString().slice(0, 10)

function listedDateWords(d: ListedDate): string {
  if (d.kind === 'EXACT') return formatCalendarDate(d.date)
  if (d.kind === 'YEAR') return String(d.year)
  return `${d.fromYear} to ${d.toYear}`
}

/**
 * /s/admin/screening/search: an ad-hoc search of every list (`POST /screening/search`, audited). Each candidate shows
 * its list, the source's id, the name that matched, the score and every factor behind it, and the threshold used.
 */
export function ScreeningSearchScreen() {
  const form = useForm<Values, unknown, ScreeningSearchInput>({
    resolver,
    defaultValues: { name: '', type: 'PERSON', dateOfBirth: '', nationality: '' },
  })
  const search = useScreeningSearch()
  const [answer, setAnswer] = useState<{ result: ScreeningSearchResult; name: string } | null>(null)
  const resultsHeading = useRef<HTMLHeadingElement>(null)

  useEffect(() => void resolver.preload(), [])
  useEffect(() => {
    if (answer) resultsHeading.current?.focus()
  }, [answer])

  const submit = async (input: ScreeningSearchInput) => {
    try {
      setAnswer({ result: await search.mutateAsync(input), name: input.name })
    } catch (error) {
      setAnswer(null)
      if (!applyApiErrors(error, form.setError, ['name', 'type', 'dateOfBirth', 'nationality']))
        form.setError('root.server', { message: describeError(error, 'The search failed.') })
    }
  }

  return (
    <div className={styles.stack}>
      <p>
        Search every screening list for a name, as onboarding screens a person or a company. Searches are recorded in the audit
        log (the name, and whether a date of birth was given). The lists and their versions are on{' '}
        <Link href={paths.admin.screeningLists()}>the screening lists page</Link>.
      </p>
      <Form form={form} onSubmit={submit} role="search" aria-label="Search the screening lists" className={styles.panel}>
        <div className={styles.fieldRow}>
          <TextField name="name" label="Name" autoComplete="off" required />
          <SelectField name="type" label="Person or entity" options={SUBJECT_KIND_OPTIONS} required />
          <DateField name="dateOfBirth" label="Date of birth (optional)" max={today()} />
          <TextField
            name="nationality"
            label="Nationality (optional)"
            hint="Two-letter country code, e.g. NG"
            maxLength={2}
            autoComplete="off"
          />
        </div>
        <p>
          <Button type="submit" loading={form.formState.isSubmitting} loadingText="Searching…">
            Search
          </Button>
        </p>
      </Form>
      {answer && (
        <section aria-labelledby="screening-search-results" className={styles.stack}>
          <h2 id="screening-search-results" ref={resultsHeading} tabIndex={-1}>
            {answer.result.candidates.length === 0
              ? `No candidate for “${answer.name}”`
              : `${answer.result.candidates.length} candidate${answer.result.candidates.length === 1 ? '' : 's'} for “${answer.name}”`}
          </h2>
          <p role="status">
            {answer.result.candidates.length === 0
              ? `No listed name scores at or above the threshold of ${formatScore(answer.result.threshold)}.`
              : `Best first; each scores at or above the threshold of ${formatScore(answer.result.threshold)}.`}
          </p>
          {answer.result.candidates.length > 0 && (
            <ol className={styles.candidates}>
              {answer.result.candidates.map((candidate, index) => (
                <CandidateCard key={`${candidate.entry.id}-${index}`} candidate={candidate} />
              ))}
            </ol>
          )}
        </section>
      )}
    </div>
  )
}

function CandidateCard({ candidate }: { candidate: Candidate }) {
  const headingId = useId()
  const { entry } = candidate
  return (
    <li className={styles.card}>
      <article aria-labelledby={headingId} className={styles.stack}>
        <h3 id={headingId}>
          {entry.primaryName} · score {formatScore(candidate.score)}
        </h3>
        <dl className={styles.facts}>
          <dt>List</dt>
          <dd>
            {entry.list.name} ({LIST_KIND_WORDS[entry.list.kind]})
          </dd>
          <dt>Source id</dt>
          <dd>{entry.sourceId}</dd>
          <dt>Matched name</dt>
          <dd>{candidate.matchedName}</dd>
          <dt>Person or entity</dt>
          <dd>{entry.subjectKind === 'PERSON' ? 'Person' : 'Entity'}</dd>
          {entry.datesOfBirth.length > 0 && (
            <>
              <dt>Date of birth</dt>
              <dd>{entry.datesOfBirth.map(listedDateWords).join('; ')}</dd>
            </>
          )}
          {entry.nationalities.length > 0 && (
            <>
              <dt>Nationality</dt>
              <dd>{entry.nationalities.join(', ')}</dd>
            </>
          )}
          {entry.programmes.length > 0 && (
            <>
              <dt>Programme</dt>
              <dd>{entry.programmes.join(', ')}</dd>
            </>
          )}
          {entry.names.length > 1 && (
            <>
              <dt>Other names</dt>
              <dd>
                {entry.names
                  .filter((n) => n.kind !== 'PRIMARY')
                  .map((n) => (n.quality === 'WEAK' ? `${n.name} (weak)` : n.name))
                  .join('; ')}
              </dd>
            </>
          )}
        </dl>
        <ScrollTable
          caption={`Why ${entry.primaryName} scores ${formatScore(candidate.score)}`}
          className={styles.table}
          columns={['Factor', 'Effect', 'What it means']}
        >
          <tbody>
            {candidate.factors.map((f, i) => (
              <tr key={`${f.factor}-${i}`}>
                <td>{factorWords(f.factor)}</td>
                <td className={f.effect < 0 ? styles.negative : styles.positive}>{formatEffect(f.effect)}</td>
                <td>{f.detail}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </article>
    </li>
  )
}
