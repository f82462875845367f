import type { ScreeningSearchResult } from '@/lib/contracts/screening'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { assertStaffWithAny } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { SCREENING_READERS } from '../screening-access'
import { findCandidates } from './find-candidates'
import { toEntryView } from './read-screening'
import { readMatchThreshold } from './screening-settings'

/**
 * `POST /screening/search` (docs/screening.md#ad-hoc-search): a name (with a date of birth and nationality when known)
 * against every list's current entries; candidates at or above the threshold, best first. Audited: who searched for
 * which name (the date of birth is not kept).
 */
export async function searchScreeningLists(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  input: { name: string; type: 'PERSON' | 'ENTITY'; dateOfBirth?: string | null; nationality?: string | null }
}): Promise<ScreeningSearchResult> {
  const { db, actor, input } = options
  assertStaffWithAny(actor, ...SCREENING_READERS)
  const threshold = await readMatchThreshold(db)
  const candidates = await findCandidates(
    db,
    { name: input.name, kind: input.type, dateOfBirth: input.dateOfBirth ?? null, nationality: input.nationality ?? null },
    { threshold },
  )
  await db.transaction((tx) =>
    appendAudit(tx, options.audit, {
      resource: 'screening_search',
      resourceId: null,
      action: 'SEARCH',
      after: {
        name: input.name,
        type: input.type,
        dateOfBirthGiven: !!input.dateOfBirth,
        nationality: input.nationality ?? null,
        candidates: candidates.length,
      },
    }),
  )
  return {
    threshold,
    candidates: candidates.map((c) => ({
      entry: toEntryView(c.entry, c.list),
      score: c.score,
      matchedName: c.matchedName,
      factors: c.factors,
    })),
  }
}
