import { createHash } from 'node:crypto'
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { maskIdentityNumber, meansOfIdTypeOf } from '@/lib/contracts/kyc-values'
import type { VerificationItem, VerificationKind } from '@/lib/contracts/verification'
import { registryDifferences } from '@/lib/kyc/registry-differences'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { SubjectRef } from '@/server/crypto/subject-keys'
import type { Database, Executor, Tx } from '@/server/db/client'
import {
  businesses,
  kycDetails,
  kycVerifications,
  meansOfIds,
  registryExtracts,
  shareholders,
  users,
  type KycVerification,
} from '@/server/db/schema'
import { lockBusinessRow } from '@/server/records/business-record'

/** One item the KYC calls for, as it should be checked now. */
interface WantedItem {
  kind: VerificationKind
  subjectId: string
  label: string
  checkedValue: string
}

const keyOf = (item: { kind: string; subjectId: string }) => `${item.kind}:${item.subjectId}`

/**
 * What the business's KYC asks to be verified (docs/domain.md#verification-of-kyc-details): the company against the
 * registry, each means of ID, each individual shareholder's BVN (at any depth), and each difference between the
 * declared directors and direct shareholders and the registry's extract when there is one (docs/ownership.md#registry-check).
 */
async function wantedItems(
  db: Executor,
  business: { id: string; name: string; regNo: string },
  kycDetailsId: string,
): Promise<WantedItem[]> {
  const [ids, holders] = await Promise.all([
    db.select().from(meansOfIds).where(eq(meansOfIds.kycDetailsId, kycDetailsId)).orderBy(asc(meansOfIds.createdAt)),
    db
      .select()
      .from(shareholders)
      .where(and(eq(shareholders.kycDetailsId, kycDetailsId), eq(shareholders.type, 'INDIVIDUAL'), isNotNull(shareholders.bvn)))
      .orderBy(asc(shareholders.createdAt)),
  ])
  const differences = await registryDifferenceItems(db, business.id, kycDetailsId, ids)
  return [
    ...differences,
    {
      kind: 'COMPANY',
      subjectId: kycDetailsId,
      label: `${business.name} (${business.regNo})`,
      checkedValue: `${business.regNo}|${business.name}`,
    },
    ...ids.map((m) => ({
      kind: 'MEANS_OF_ID' as const,
      subjectId: m.id,
      label: `${m.firstName} ${m.lastName}: ${meansOfIdTypeOf(m.idType)?.name ?? m.idType} ${maskIdentityNumber(m.idNumber)}`,
      checkedValue: `${m.idType}:${m.idNumber}`,
    })),
    ...holders.map((h) => ({
      kind: 'BVN' as const,
      subjectId: h.id,
      label: `${[h.firstName, h.lastName].filter(Boolean).join(' ')}: BVN ${maskIdentityNumber(h.bvn!)}`,
      checkedValue: h.bvn!,
    })),
  ]
}

/**
 * The differences with the business's registry extract, one item each. The subject id is derived from the extract and
 * the difference, so the same difference stays the same item (and its waiver) across recomputations, a corrected one
 * is superseded, and a new extract asks again.
 */
async function registryDifferenceItems(
  db: Executor,
  businessId: string,
  kycDetailsId: string,
  ids: readonly { role: string; firstName: string; lastName: string }[],
): Promise<WantedItem[]> {
  const [extract] = await db.select().from(registryExtracts).where(eq(registryExtracts.businessId, businessId))
  if (!extract) return []
  const direct = await db
    .select()
    .from(shareholders)
    .where(and(eq(shareholders.kycDetailsId, kycDetailsId), isNull(shareholders.parentShareholderId)))
    .orderBy(asc(shareholders.createdAt))
  const differences = registryDifferences({
    declared: {
      directors: ids.filter((m) => m.role === 'DIRECTOR').map((m) => ({ name: `${m.firstName} ${m.lastName}` })),
      shareholders: direct.map((h) => ({
        name: h.type === 'INDIVIDUAL' ? [h.firstName, h.lastName].filter(Boolean).join(' ') : (h.companyName ?? ''),
        percentage: h.percentageUnits / 100,
      })),
    },
    registry: { directors: extract.directors, shareholders: extract.shareholders },
  })
  return differences.map((d) => ({
    kind: 'REGISTRY_DIFFERENCE' as const,
    subjectId: uuidOf(`${extract.id}|${d.key}`),
    label: d.text,
    checkedValue: d.key,
  }))
}

/** A UUID-shaped digest (version nibble 8: custom), stable for the same input. */
function uuidOf(value: string): string {
  const hex = createHash('sha256').update(value).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * Whose personal value an item's audit rows carry (its checkedValue): the means of ID's holder or the shareholder,
 * so erasing that person shreds it (server/crypto/subject-keys.ts). The company check is about no person.
 */
export function verificationSubject(row: Pick<KycVerification, 'kind' | 'subjectId'>): SubjectRef | undefined {
  if (row.kind === 'MEANS_OF_ID') return { kind: 'means_of_id', id: row.subjectId }
  if (row.kind === 'BVN') return { kind: 'shareholder', id: row.subjectId }
  return undefined
}

/** The checked value as answered: identity numbers masked (`NATIONAL_ID_CARD:*******4321`), the company's as is. */
export function answeredCheckedValue(row: Pick<KycVerification, 'kind' | 'checkedValue'>): string {
  if (row.kind === 'BVN') return maskIdentityNumber(row.checkedValue)
  if (row.kind === 'MEANS_OF_ID') {
    const colon = row.checkedValue.indexOf(':')
    return `${row.checkedValue.slice(0, colon + 1)}${maskIdentityNumber(row.checkedValue.slice(colon + 1))}`
  }
  return row.checkedValue
}

export function verificationAuditView(row: KycVerification) {
  return {
    id: row.id,
    businessId: row.businessId,
    kind: row.kind,
    subjectId: row.subjectId,
    checkedValue: row.checkedValue,
    provider: row.provider,
    status: row.status,
    comment: row.comment,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt,
    supersededAt: row.supersededAt,
    waivedBy: row.waivedBy,
    waivedAt: row.waivedAt,
    waiverReason: row.waiverReason,
  }
}

/**
 * Brings the business's verification items in line with its KYC: a PENDING item for each thing to verify that has
 * none; an item whose value changed (a new ID number, a renamed business) or whose subject is gone is superseded, kept
 * as history, and a new PENDING one takes its place when the subject remains. Audited. Run inside the transaction of
 * the write that changed the KYC (kyc-edit-access.ts, kycWriteTransaction) or of KYC submission, never on a read.
 * Idempotent; the partial unique index admits one current item per subject.
 */
export async function syncVerificationItems(
  tx: Tx,
  businessId: string,
  audit: AuditContext,
  now: Date = new Date(),
): Promise<number> {
  const [row] = await tx
    .select({ id: businesses.id, name: businesses.name, regNo: businesses.regNo, kycDetailsId: kycDetails.id })
    .from(businesses)
    .innerJoin(kycDetails, eq(kycDetails.businessId, businesses.id))
    .where(eq(businesses.id, businessId))
  if (!row) return 0
  const [wanted, current] = await Promise.all([
    wantedItems(tx, row, row.kycDetailsId),
    tx
      .select()
      .from(kycVerifications)
      .where(and(eq(kycVerifications.businessId, businessId), isNull(kycVerifications.supersededAt))),
  ])
  const wantedByKey = new Map(wanted.map((w) => [keyOf(w), w]))
  const currentByKey = new Map(current.map((c) => [keyOf(c), c]))
  const stale = current.filter((c) => wantedByKey.get(keyOf(c))?.checkedValue !== c.checkedValue)
  const staleKeys = new Set(stale.map(keyOf))
  const missing = wanted.filter((w) => !currentByKey.has(keyOf(w)) || staleKeys.has(keyOf(w)))
  if (!stale.length && !missing.length) return 0

  if (stale.length) {
    const superseded = await tx
      .update(kycVerifications)
      .set({ supersededAt: now, updatedAt: now })
      .where(
        and(
          inArray(
            kycVerifications.id,
            stale.map((s) => s.id),
          ),
          isNull(kycVerifications.supersededAt),
        ),
      )
      .returning()
    for (const s of superseded) {
      await appendAudit(tx, audit, {
        resource: 'kyc_verification',
        resourceId: s.id,
        action: 'SUPERSEDE',
        subject: verificationSubject(s),
        before: { ...verificationAuditView(s), supersededAt: null },
        after: verificationAuditView(s),
      })
    }
  }
  if (!missing.length) return 0
  const created = await tx
    .insert(kycVerifications)
    .values(missing.map((m) => ({ ...m, businessId, kycDetailsId: row.kycDetailsId, createdAt: now, updatedAt: now })))
    .onConflictDoNothing()
    .returning()
  for (const c of created)
    await appendAudit(tx, audit, {
      resource: 'kyc_verification',
      resourceId: c.id,
      action: 'OPEN',
      subject: verificationSubject(c),
      after: verificationAuditView(c),
    })
  return created.length
}

/**
 * {@link syncVerificationItems} in its own transaction holding the business row, so it never interleaves with a KYC
 * write (which holds it too). For the explicit re-verification run and the demo seed, which open the items of KYC
 * submitted before items were written at submission.
 */
export async function openVerificationItems(
  db: Database,
  businessId: string,
  audit: AuditContext,
  now: Date = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await lockBusinessRow(tx, businessId))) return 0
    return syncVerificationItems(tx, businessId, audit, now)
  })
}

const waivers = alias(users, 'waivers')

const selection = {
  item: kycVerifications,
  decidedByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  waivedByName: sql<string | null>`nullif(trim(${waivers.firstName} || ' ' || ${waivers.lastName}), '')`,
}

export function selectVerificationItems(db: Executor, where: SQL | undefined) {
  return db
    .select(selection)
    .from(kycVerifications)
    .leftJoin(users, eq(users.id, kycVerifications.decidedBy))
    .leftJoin(waivers, eq(waivers.id, kycVerifications.waivedBy))
    .where(where)
}

export function toVerificationItem({
  item,
  decidedByName,
  waivedByName,
}: {
  item: KycVerification
  decidedByName: string | null
  waivedByName: string | null
}): VerificationItem {
  return {
    id: item.id,
    businessId: item.businessId,
    kycDetailsId: item.kycDetailsId,
    kind: item.kind,
    subjectId: item.subjectId,
    label: item.label,
    checkedValue: answeredCheckedValue(item),
    provider: item.provider as VerificationItem['provider'],
    status: item.status,
    comment: item.comment,
    providerReference: item.providerReference,
    decidedBy: item.decidedBy,
    decidedByName,
    decidedAt: item.decidedAt?.toISOString() ?? null,
    waiver: item.waivedAt
      ? { reason: item.waiverReason ?? '', waivedBy: item.waivedBy, waivedByName, waivedAt: item.waivedAt.toISOString() }
      : null,
    createdAt: item.createdAt.toISOString(),
  }
}

const KIND_ORDER: Record<VerificationKind, number> = { COMPANY: 0, MEANS_OF_ID: 1, BVN: 2, REGISTRY_DIFFERENCE: 3 }

/** The business's current items: the company first, then means of ID, then BVNs, each oldest first. */
export async function currentItemsOf(db: Executor, businessId: string): Promise<VerificationItem[]> {
  const rows = await selectVerificationItems(
    db,
    and(eq(kycVerifications.businessId, businessId), isNull(kycVerifications.supersededAt)),
  ).orderBy(asc(kycVerifications.createdAt))
  return rows.map(toVerificationItem).sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind])
}
