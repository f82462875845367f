import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { BusinessScreeningStatus, ScreenedSubjectKind } from '@/lib/contracts/screening-values'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { contentDigest } from '@/server/crypto/field-cipher'
import type { Database, Executor, Tx } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import {
  businesses,
  screeningChecks,
  screeningHits,
  screeningListVersions,
  screeningLists,
  screeningSuppressions,
  type ScreeningCheck,
} from '@/server/db/schema'
import { onSubmittedKycChange } from '@/server/modules/kyc/kyc-edit-access'
import { readScreeningSubjects } from '@/server/modules/kyc/screening-subjects'
import { notifyUsers, staffHolding } from '@/server/modules/notifications/notify-users'
import { lockBusinessRow } from '@/server/records/business-record'
import { SCREENING_ADJUDICATORS, SCREENING_READERS } from '../screening-access'
import { findCandidates, type Candidate, type ScreeningQuery } from './find-candidates'
import { readMatchThreshold } from './screening-settings'

/** One thing of a business that is screened: the business, a person, a corporate shareholder. */
export interface ScreenedSubject {
  kind: ScreenedSubjectKind
  ref: string
  name: string
  roles: string[]
  query: ScreeningQuery
  pep: { status: string; position: string | null; country: string | null } | null
}

/** The business's subjects as screening sees them (kyc/screening-subjects.ts reads them). */
export async function screenedSubjectsOf(db: Executor, businessId: string): Promise<ScreenedSubject[]> {
  const subjects = await readScreeningSubjects({ db, businessId })
  return [
    {
      kind: 'BUSINESS' as const,
      ref: `businesses:${subjects.business.id}`,
      name: subjects.business.name,
      roles: ['BUSINESS'],
      query: { name: subjects.business.name, kind: 'ENTITY' as const, nationality: countryCode(subjects.business.country) },
      pep: null,
    },
    ...subjects.persons.map((p) => ({
      kind: 'PERSON' as const,
      ref: p.refs.map((r) => `${r.table}:${r.id}`).join(','),
      name: p.name,
      roles: p.roles,
      query: {
        name: p.name,
        otherNames: p.otherNames,
        kind: 'PERSON' as const,
        dateOfBirth: p.dateOfBirth,
        nationality: countryCode(p.nationality),
      },
      pep: p.pep,
    })),
    ...subjects.companies.map((c) => ({
      kind: 'COMPANY' as const,
      ref: c.refs.map((r) => `${r.table}:${r.id}`).join(','),
      name: c.name,
      roles: ['SHAREHOLDER'],
      query: { name: c.name, kind: 'ENTITY' as const, nationality: countryCode(c.country) },
      pep: null,
    })),
  ].filter((s) => s.name.trim())
}

/** "NG", "Nigeria", "Nigerian" → NG; other two-letter codes as they are; anything else unknown (null). */
function countryCode(value: string | null | undefined): string | null {
  const v = value?.trim()
  if (!v) return null
  if (/^nigeria(n)?$/i.test(v)) return 'NG'
  return /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : null
}

/** A keyed digest of what is screened: a change of name (or other names), date of birth or nationality is a new screening. */
export function subjectFingerprint(subject: Pick<ScreenedSubject, 'query'>): string {
  const q = subject.query
  const facts: unknown[] = ['screening v1', q.kind, q.name.trim().toLowerCase(), q.dateOfBirth ?? null, q.nationality ?? null]
  // Only when there are any, so that a subject of one name keeps the fingerprint it was screened (and cleared) under.
  const otherNames = [...new Set(q.otherNames?.map((n) => n.trim().toLowerCase()).filter(Boolean))].sort()
  if (otherNames.length) facts.push(otherNames)
  return contentDigest(JSON.stringify(facts))
}

/** `{ listCode: versionNumber }` of every list's active version: what a screening is screened against. */
export async function activeListVersions(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .select({ code: screeningLists.code, number: screeningListVersions.number })
    .from(screeningListVersions)
    .innerJoin(screeningLists, eq(screeningLists.id, screeningListVersions.listId))
    .where(eq(screeningListVersions.status, 'ACTIVE'))
  return Object.fromEntries(rows.map((r) => [r.code, r.number]))
}

/**
 * Brings a business's screening in line with its KYC (docs/screening.md#screening-in-onboarding), inside the
 * transaction of the write that changed the KYC or of its submission, as verification items are: a subject that is new
 * or whose screened facts changed is screened against every list now (its earlier check superseded and kept); a
 * subject that went has its check superseded. Candidates already cleared for the same facts against the same entry are
 * recorded as suppressed, not opened. Then the business's screening status follows. Answers the checks made.
 */
export async function syncBusinessScreening(
  tx: Tx,
  businessId: string,
  audit: AuditContext,
  now: Date = new Date(),
): Promise<number> {
  const [subjects, current] = await Promise.all([screenedSubjectsOf(tx, businessId), currentChecksOf(tx, businessId)])
  return (await syncSubjects(tx, { businessId, subjects, current, audit, now })).screened.size
}

/** The business's current (not superseded) checks. */
export function currentChecksOf(db: Executor, businessId: string): Promise<ScreeningCheck[]> {
  return db
    .select()
    .from(screeningChecks)
    .where(and(eq(screeningChecks.businessId, businessId), isNull(screeningChecks.supersededAt)))
}

/**
 * {@link syncBusinessScreening} on subjects and current checks already read. Answers the checks current after it, by
 * subject ref, and the refs it screened now.
 */
export async function syncSubjects(
  tx: Tx,
  options: {
    businessId: string
    subjects: ScreenedSubject[]
    current: ScreeningCheck[]
    audit: AuditContext
    now: Date
  },
): Promise<{ checks: Map<string, ScreeningCheck>; screened: Set<string> }> {
  const { businessId, subjects, current, audit, now } = options
  const wanted = new Map(subjects.map((s) => [s.ref, { subject: s, fingerprint: subjectFingerprint(s) }]))
  const stale = current.filter((c) => wanted.get(c.subjectRef)?.fingerprint !== c.fingerprint)
  const checks = new Map(current.map((c) => [c.subjectRef, c]))
  const toScreen = [...wanted.values()].filter(({ fingerprint, subject }) => checks.get(subject.ref)?.fingerprint !== fingerprint)
  if (stale.length) {
    await tx
      .update(screeningChecks)
      .set({ supersededAt: now })
      .where(
        inArray(
          screeningChecks.id,
          stale.map((s) => s.id),
        ),
      )
    for (const s of stale) {
      checks.delete(s.subjectRef)
      await appendAudit(tx, audit, {
        resource: 'screening_check',
        resourceId: s.id,
        action: 'SUPERSEDE',
        after: { businessId, subject: s.subjectName, subjectKind: s.subjectKind },
      })
    }
  }
  if (toScreen.length) {
    const [threshold, versions] = await Promise.all([readMatchThreshold(tx), activeListVersions(tx)])
    for (const { subject, fingerprint } of toScreen) {
      const candidates = await findCandidates(tx, subject.query, { threshold })
      const check = await recordCheck(tx, { businessId, subject, fingerprint, candidates, threshold, versions, audit, now })
      checks.set(subject.ref, check)
    }
  }
  if (stale.length || toScreen.length) await refreshBusinessScreeningStatus(tx, businessId)
  return { checks, screened: new Set(toScreen.map((s) => s.subject.ref)) }
}

/** A new current check of one subject with its candidates; cleared ones (suppressions) recorded as such. */
export async function recordCheck(
  tx: Tx,
  options: {
    businessId: string
    subject: ScreenedSubject
    fingerprint: string
    candidates: Candidate[]
    threshold: number
    versions: Record<string, number>
    audit: AuditContext
    now: Date
  },
): Promise<ScreeningCheck> {
  const { businessId, subject, fingerprint, candidates, now } = options
  const [check] = await tx
    .insert(screeningChecks)
    .values({
      businessId,
      subjectKind: subject.kind,
      subjectRef: subject.ref,
      subjectName: subject.name,
      roles: subject.roles,
      fingerprint,
      screenedWith: { dateOfBirth: !!subject.query.dateOfBirth, nationality: subject.query.nationality ?? null },
      pepDeclaration: subject.pep,
      status: 'CLEAR',
      listVersions: options.versions,
      threshold: options.threshold,
      screenedAt: now,
    })
    .returning()
  const opened = await addHits(tx, { check: check!, candidates, now })
  const [final] = opened
    ? await tx.update(screeningChecks).set({ status: 'OPEN' }).where(eq(screeningChecks.id, check!.id)).returning()
    : [check!]
  await appendAudit(tx, options.audit, {
    resource: 'screening_check',
    resourceId: check!.id,
    action: 'SCREEN',
    after: {
      businessId,
      subject: subject.name,
      subjectKind: subject.kind,
      roles: subject.roles,
      listVersions: options.versions,
      threshold: options.threshold,
      candidates: candidates.map((c) => ({ list: c.list.code, sourceId: c.entry.sourceId, entryId: c.entry.id, score: c.score })),
      opened,
    },
  })
  return final!
}

/**
 * Records the candidates of a check, skipping those it already holds (the same entry row). A candidate the business
 * already cleared for the same subject facts against the same entry row is recorded FALSE_MATCH, pointing at that
 * adjudication. Answers how many were opened.
 */
export async function addHits(tx: Tx, options: { check: ScreeningCheck; candidates: Candidate[]; now: Date }): Promise<number> {
  const { check, candidates, now } = options
  if (!candidates.length) return 0
  const suppressions = await tx
    .select({ entryId: screeningSuppressions.entryId, hitId: screeningSuppressions.hitId })
    .from(screeningSuppressions)
    .where(
      and(
        eq(screeningSuppressions.businessId, check.businessId),
        eq(screeningSuppressions.fingerprint, check.fingerprint),
        inArray(
          screeningSuppressions.entryId,
          candidates.map((c) => c.entry.id),
        ),
      ),
    )
  const cleared = new Map(suppressions.map((s) => [s.entryId, s.hitId]))
  const inserted = await tx
    .insert(screeningHits)
    .values(
      candidates.map((c) => {
        const by = cleared.get(c.entry.id)
        return {
          checkId: check.id,
          businessId: check.businessId,
          entryId: c.entry.id,
          score: c.score,
          matchedName: c.matchedName,
          factors: c.factors,
          status: by ? ('FALSE_MATCH' as const) : ('OPEN' as const),
          reason: by ? 'Cleared earlier for the same person and the same list entry' : null,
          suppressedBy: by ?? null,
          decidedAt: by ? now : null,
          createdAt: now,
        }
      }),
    )
    .onConflictDoNothing()
    .returning({ status: screeningHits.status })
  const opened = inserted.filter((h) => h.status === 'OPEN').length
  if (opened) await notifyAdjudicators(tx, { businessId: check.businessId, opened, now })
  return opened
}

/**
 * New open candidates: every staff member who may adjudicate them hears of it (docs/notifications.md#kinds). The title
 * names the business only (as screening's e-mail does), never the person screened.
 */
async function notifyAdjudicators(tx: Tx, options: { businessId: string; opened: number; now: Date }) {
  const [business] = await tx.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, options.businessId))
  await notifyUsers(tx, {
    userIds: await staffHolding(tx, SCREENING_ADJUDICATORS),
    kind: 'SCREENING_HIT',
    businessId: options.businessId,
    readers: SCREENING_READERS,
    membersRead: false,
    title: `${options.opened === 1 ? 'A screening candidate' : `${options.opened} screening candidates`} to adjudicate for ${business?.name ?? 'a business'}`,
    target: { type: 'business-screening', id: options.businessId },
    now: options.now,
  })
}

/**
 * The business's screening status from its current checks (docs/screening.md#screening-status-of-a-business): a true
 * sanctions match wins, then an open candidate, then a PEP (declared, or a true PEP-list match), else clear.
 */
export async function refreshBusinessScreeningStatus(tx: Tx, businessId: string): Promise<BusinessScreeningStatus> {
  const [row] = rowsOf<{ checks: number; sanctioned: number; open: number; pep_match: number; pep_declared: number }>(
    await tx.execute(sql`
      select
        (select count(*)::int from screening_checks c where c.business_id = ${businessId} and c.superseded_at is null) as checks,
        count(*) filter (where h.status = 'TRUE_MATCH' and l.kind = 'SANCTIONS')::int as sanctioned,
        count(*) filter (where h.status = 'OPEN')::int as open,
        count(*) filter (where h.status = 'TRUE_MATCH' and l.kind = 'PEP')::int as pep_match,
        (select count(*)::int from screening_checks c where c.business_id = ${businessId} and c.superseded_at is null
          and c.pep_declaration->>'status' in ('PEP', 'FAMILY_MEMBER', 'CLOSE_ASSOCIATE')) as pep_declared
      from screening_hits h
        join screening_checks c on c.id = h.check_id and c.superseded_at is null
        join screening_entries e on e.id = h.entry_id
        join screening_lists l on l.id = e.list_id
      where h.business_id = ${businessId}`),
  )
  const status: BusinessScreeningStatus = !row?.checks
    ? 'NOT_SCREENED'
    : row.sanctioned
      ? 'SANCTIONED'
      : row.open
        ? 'HITS_OPEN'
        : row.pep_match || row.pep_declared
          ? 'PEP'
          : 'CLEAR'
  await tx.update(businesses).set({ screeningStatus: status }).where(eq(businesses.id, businessId))
  return status
}

/**
 * {@link syncBusinessScreening} in its own transaction holding the business row: for the re-verification run, the demo
 * seed and monitoring of a business submitted before screening existed.
 */
export async function openBusinessScreening(
  db: Database,
  businessId: string,
  audit: AuditContext,
  now: Date = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await lockBusinessRow(tx, businessId))) return 0
    const screened = await syncBusinessScreening(tx, businessId, audit, now)
    await screeningChanged(tx, businessId, audit, now)
    return screened
  })
}

type ScreeningChange = (tx: Tx, businessId: string, audit: AuditContext, now: Date) => Promise<unknown>
const screeningChanges: ScreeningChange[] = []

/**
 * Another module that follows a business's screening results when they change outside a KYC write (an adjudication, a
 * monitoring run): the risk assessment registers itself here (risk/recompute-risk.ts), so screening imports no module
 * above it. A KYC write's own screening is followed through `onSubmittedKycChange`.
 */
export function onScreeningChange(follow: ScreeningChange): void {
  if (!screeningChanges.includes(follow)) screeningChanges.push(follow)
}

/** Runs what follows a change of the business's screening results, in the transaction that changed them. */
export async function screeningChanged(tx: Tx, businessId: string, audit: AuditContext, now: Date = new Date()) {
  for (const follow of screeningChanges) await follow(tx, businessId, audit, now)
}

// Every KYC write to a submitted or approved business screens again in its transaction (kyc-edit-access.ts).
onSubmittedKycChange(syncBusinessScreening)
