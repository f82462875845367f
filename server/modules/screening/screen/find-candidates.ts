import type { ScreeningListKind } from '@/lib/contracts/screening-values'
import type { Executor } from '@/server/db/client'
import type { ScreeningEntry } from '@/server/db/schema'
import { scoreCandidate, type CandidateScore, type ScreeningQuery } from '../matching/score-candidate'
import { currentEntries, type CurrentEntries } from './current-entries'

export type { ScreeningQuery } from '../matching/score-candidate'

export interface Candidate extends CandidateScore {
  entry: ScreeningEntry
  list: { id: string; code: string; name: string; kind: ScreeningListKind }
}

/**
 * The candidates for one subject (docs/screening.md#matching): the current entries the candidate index finds for its
 * name (matching/candidate-index.ts), each scored by `scoreCandidate`, those at or above `threshold` answered best
 * first. A subject with other names (the same person recorded under another spelling) is searched under each, and an
 * entry found under several keeps its best score. `onlyAddedIn` limits them to the entries those list versions added
 * or changed (ongoing monitoring).
 */
export async function findCandidates(
  db: Executor,
  query: ScreeningQuery,
  options: { threshold: number; onlyAddedIn?: string[] },
): Promise<Candidate[]> {
  const names = [...new Set([query.name, ...(query.otherNames ?? [])].map((n) => n.trim()).filter(Boolean))]
  if (!names.length) return []
  const current = await currentEntries(db)
  const best = new Map<number, Candidate>()
  for (const name of names) {
    const asName = { ...query, name }
    const positions = options.onlyAddedIn
      ? candidatesAddedIn(current, asName, options.onlyAddedIn)
      : current.index.candidates(asName)
    for (const position of positions) {
      const { entry, list, listed } = current.entries[position]!
      const score = scoreCandidate({ query: asName, entry: listed, threshold: options.threshold })
      if (score.score < options.threshold || score.score <= (best.get(position)?.score ?? -1)) continue
      if (name !== names[0])
        score.factors = score.factors.map((f) =>
          f.factor === 'name' ? { ...f, detail: `under the other recorded name "${name}": ${f.detail}` } : f,
        )
      best.set(position, { entry, list, ...score })
    }
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.entry.sourceId.localeCompare(b.entry.sourceId))
}

/** Positions in `current.entries` of the candidates among the entries `versionIds` added or changed. */
function candidatesAddedIn(current: CurrentEntries, query: ScreeningQuery, versionIds: string[]): number[] {
  const added = current.indexOfAdded(versionIds)
  return added.index.candidates(query).map((p) => added.positions[p]!)
}
