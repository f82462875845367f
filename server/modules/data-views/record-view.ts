import { and, eq, inArray, like, sql } from 'drizzle-orm'
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

/** What an erased person is called in the view log. */
export const ERASED_VIEW_NAME = 'Erased person'

/**
 * Erasure of a person whose data was viewed: a reveal's detail names them ("BVN of Ada Obi"), and the business's
 * users read it. The rows stay (who looked, when, why), the name goes. Answers how many rows changed.
 */
export async function pseudonymiseViewsOf(db: Executor, subjectIds: readonly string[]): Promise<number> {
  if (!subjectIds.length) return 0
  const rows = await db
    .update(personalDataViews)
    .set({ detail: sql`regexp_replace(${personalDataViews.detail}, ' of .*$', ${` of ${ERASED_VIEW_NAME}`})` })
    .where(and(inArray(personalDataViews.subjectId, [...subjectIds]), like(personalDataViews.detail, '% of %')))
    .returning({ id: personalDataViews.id })
  return rows.length
}

/**
 * Erasure of a user who viewed others' data: the view stays attributed to the (closed) account by id, while the
 * copies of their e-mail and name go. Answers how many rows changed.
 */
export async function pseudonymiseViewsBy(db: Executor, userId: string, erasedEmail: string): Promise<number> {
  const rows = await db
    .update(personalDataViews)
    .set({ actorEmail: erasedEmail, actorName: ERASED_VIEW_NAME })
    .where(eq(personalDataViews.actorId, userId))
    .returning({ id: personalDataViews.id })
  return rows.length
}
