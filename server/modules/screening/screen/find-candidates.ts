import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { ScreeningListKind } from '@/lib/contracts/screening-values'
import type { Executor } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import { screeningEntries, screeningLists, type ScreeningEntry } from '@/server/db/schema'
import { toListedEntry } from '../lists/entry-rows'
import { nameSearchKeys } from '../matching/normalize-name'
import { scoreCandidate, type CandidateScore, type ScreeningQuery } from '../matching/score-candidate'

export type { ScreeningQuery } from '../matching/score-candidate'

export interface Candidate extends CandidateScore {
  entry: ScreeningEntry
  list: { id: string; code: string; name: string; kind: ScreeningListKind }
}

/** How many listed names the database hands the scorer at most, closest first by trigram similarity. */
const CANDIDATE_NAMES = 200
/** The trigram similarity a name must reach to be a candidate without a shared phonetic key. */
const TRIGRAM_FLOOR = 0.35

/**
 * The candidates for one subject (docs/screening.md#matching): listed names of the subject's kind that share a
 * phonetic key with it or are close by trigram similarity, found by the indexes; then every entry scored by
 * `scoreCandidate`, and those at or above `threshold` answered best first. `onlyAddedIn` limits the search to the
 * entries a list version added or changed (ongoing monitoring).
 */
export async function findCandidates(
  db: Executor,
  query: ScreeningQuery,
  options: { threshold: number; onlyAddedIn?: string[] },
): Promise<Candidate[]> {
  const keys = nameSearchKeys(query.name, query.kind)
  if (!keys.normalized) return []
  const phonetic = keys.phoneticKeys.length ? sql`n.phonetic_keys && ${toTextArray(keys.phoneticKeys)}` : sql`false`
  const scope: SQL = options.onlyAddedIn?.length
    ? sql`and e.added_in in (${sql.join(
        options.onlyAddedIn.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``
  const ids = rowsOf<{ entry_id: string }>(
    await db.execute(sql`
      select n.entry_id
      from screening_entry_names n join screening_entries e on e.id = n.entry_id and e.retired_in is null ${scope}
      where n.subject_kind = ${query.kind}
        and (${phonetic} or similarity(n.normalized, ${keys.normalized}) >= ${TRIGRAM_FLOOR} and n.normalized % ${keys.normalized})
      order by similarity(n.normalized, ${keys.normalized}) desc
      limit ${CANDIDATE_NAMES}`),
  ).map((r) => r.entry_id)
  const unique = [...new Set(ids)]
  if (!unique.length) return []
  const rows = await db
    .select({
      entry: screeningEntries,
      list: { id: screeningLists.id, code: screeningLists.code, name: screeningLists.name, kind: screeningLists.kind },
    })
    .from(screeningEntries)
    .innerJoin(screeningLists, eq(screeningLists.id, screeningEntries.listId))
    .where(and(inArray(screeningEntries.id, unique), isNull(screeningEntries.retiredIn)))
  return rows
    .map(({ entry, list }) => ({
      entry,
      list,
      ...scoreCandidate({ query, entry: toListedEntry(entry), threshold: options.threshold }),
    }))
    .filter((c) => c.score >= options.threshold)
    .sort((a, b) => b.score - a.score || a.entry.sourceId.localeCompare(b.entry.sourceId))
}

function toTextArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`
}
