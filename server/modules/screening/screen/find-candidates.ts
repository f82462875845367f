import type { ScreeningListKind } from '@/lib/contracts/screening-values'
import type { Executor } from '@/server/db/client'
import type { ScreeningEntry } from '@/server/db/schema'
import { scoreCandidate, type CandidateScore, type ScreeningQuery } from '../matching/score-candidate'
import { currentEntries } from './current-entries'

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
  const addedIn = options.onlyAddedIn ? new Set(options.onlyAddedIn) : null
  const out: Candidate[] = []
  for (const position of current.index.candidates(query)) {
    const { entry, list, listed } = current.entries[position]!
    if (addedIn && !addedIn.has(entry.addedIn)) continue
    const score = scoreCandidate({ query, entry: listed, threshold: options.threshold })
    if (score.score >= options.threshold) out.push({ entry, list, ...score })
  }
  return out.sort((a, b) => b.score - a.score || a.entry.sourceId.localeCompare(b.entry.sourceId))
}
