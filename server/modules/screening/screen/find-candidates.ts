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
 * first. `onlyAddedIn` limits them to the entries those list versions added or changed (ongoing monitoring).
 */
export async function findCandidates(
  db: Executor,
  query: ScreeningQuery,
  options: { threshold: number; onlyAddedIn?: string[] },
): Promise<Candidate[]> {
  if (!query.name.trim()) return []
  const current = await currentEntries(db)
  const out: Candidate[] = []
  const positions = options.onlyAddedIn ? candidatesAddedIn(current, query, options.onlyAddedIn) : current.index.candidates(query)
  for (const position of positions) {
    const { entry, list, listed } = current.entries[position]!
    const score = scoreCandidate({ query, entry: listed, threshold: options.threshold })
    if (score.score >= options.threshold) out.push({ entry, list, ...score })
  }
  return out.sort((a, b) => b.score - a.score || a.entry.sourceId.localeCompare(b.entry.sourceId))
}

/** Positions in `current.entries` of the candidates among the entries `versionIds` added or changed. */
function candidatesAddedIn(current: CurrentEntries, query: ScreeningQuery, versionIds: string[]): number[] {
  const added = current.indexOfAdded(versionIds)
  return added.index.candidates(query).map((p) => added.positions[p]!)
}
