import type { PersonalDataSubjectKind } from '@/lib/contracts/data-views'
import type { Executor } from '@/server/db/client'
import { personalDataViews } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'

export interface PersonalDataViewEntry {
  businessId: string | null
  subjectKind: PersonalDataSubjectKind
  subjectId: string
  /** What was seen, never the value: a file's purpose, a field name. */
  detail?: string | null
  /** Why; when the caller gave none, the usual purpose of their role (see defaultViewPurpose). */
  purpose?: string | null
  requestId?: string | null
}

/** Staff open a business's files to review it; a business's own users to see their own record. */
export function defaultViewPurpose(actor: Actor, businessId: string | null): string {
  if (actor.isStaff && !actor.memberships.some((m) => m.businessId === businessId)) return 'KYC review'
  return 'Own record'
}

/**
 * Records one view of personal data, in the caller's transaction or request, before the data is answered: if this
 * insert fails, nothing is served. Callers: file reads (server/modules/files), reveals of identity numbers, and
 * data-subject exports.
 */
export async function recordPersonalDataView(db: Executor, actor: Actor, entry: PersonalDataViewEntry): Promise<void> {
  await db.insert(personalDataViews).values({
    actorId: actor.userId,
    actorEmail: actor.email,
    actorName: `${actor.firstName} ${actor.lastName}`.trim(),
    actorIsStaff: actor.isStaff,
    businessId: entry.businessId,
    subjectKind: entry.subjectKind,
    subjectId: entry.subjectId,
    detail: entry.detail ?? null,
    purpose: entry.purpose?.trim() || defaultViewPurpose(actor, entry.businessId),
    requestId: entry.requestId ?? null,
  })
}
