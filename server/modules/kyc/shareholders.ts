import { and, asc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { createShareholderSchema, ShareholderRecord, updateShareholderSchema } from '@/lib/contracts/kyc'
import { maskDateOfBirth, maskIdentityNumber, pepColumnsOf, pepDeclarationOf, todayIso } from '@/lib/contracts/kyc-values'
import {
  computeOwnership,
  formatPercentage,
  FULL_HOLDING_UNITS,
  PERCENT_SCALE,
  subtreeIds,
  toPercentUnits,
} from '@/lib/kyc/effective-ownership'
import { PERMISSIONS, type Permission } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { bvnIndexOf } from '@/server/crypto/identity-indexes'
import { maskPersonalValues } from '@/server/crypto/personal-values'
import type { Database, Executor, Tx } from '@/server/db/client'
import { kycDocuments, meansOfIds, shareholders, type MeansOfId, type Shareholder } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { canActOnBusiness } from '@/server/http/scope'
import { deleteStoredFile } from '@/server/records/attachable-file'
import { isMeansOfIdCurrent, ownershipNodesOf, shareholderName, shareholderPersonKey } from './kyc-capture-gaps'
import { kycWriteTransaction, type KycEditLock } from './kyc-edit-access'
import {
  assertKycReadable,
  assertSomethingToChange,
  kycNotFound,
  type KycRowUpdate,
  readableKycDetails,
  writableKycDetails,
} from './kyc-record'
import { significantControlOf } from './ownership-nodes'
import { assertNoLoop, assertPlacement } from './ownership-rules'

/** Adding, changing and removing shareholders, on top of the KYC edit check (KYC_EDITORS). */
export const SHAREHOLDER_WRITE = PERMISSIONS.CAN_UPDATE_KYC_DETAIL
/** Removing a shareholder (and what hangs off it) is a delete of KYC details (issue 32: not every editor may). */
export const SHAREHOLDER_DELETE = PERMISSIONS.CAN_DELETE_KYC_DETAIL

/** A shareholding tree stays small enough to answer whole and to check in one pass. */
export const MAX_SHAREHOLDERS_PER_KYC = 200

/**
 * Every shareholder of a KYC record, depth first (each corporate followed by its own shareholders), with the
 * effective numbers of lib/kyc/effective-ownership.
 */
export function toShareholderAnswers(
  rows: readonly Shareholder[],
  ids: readonly Pick<MeansOfId, 'shareholderId' | 'idType' | 'expiryDate'>[],
  today = todayIso(),
): ShareholderRecord[] {
  const ownership = computeOwnership(ownershipNodesOf(rows))
  const control = significantControlOf(rows)
  const covered = new Set<string>()
  for (const id of ids) if (id.shareholderId && isMeansOfIdCurrent(id, today)) covered.add(id.shareholderId)
  // A person counts as identified when any place they appear at has a current ID.
  const identifiedPeople = new Set(rows.filter((r) => r.type === 'INDIVIDUAL' && covered.has(r.id)).map(shareholderPersonKey))

  const children = new Map<string | null, Shareholder[]>()
  for (const row of rows) {
    const list = children.get(row.parentShareholderId) ?? []
    list.push(row)
    children.set(row.parentShareholderId, list)
  }
  const out: ShareholderRecord[] = []
  const seen = new Set<string>()
  const walk = (parentId: string | null, depth: number) => {
    for (const row of children.get(parentId) ?? []) {
      if (seen.has(row.id)) continue
      seen.add(row.id)
      const controlReasons = control.reasonsByNode.get(row.id) ?? []
      const isBeneficialOwner = controlReasons.length > 0
      const kids = children.get(row.id) ?? []
      out.push({
        id: row.id,
        kycDetailsId: row.kycDetailsId,
        businessId: row.businessId,
        parentShareholderId: row.parentShareholderId,
        type: row.type,
        role: row.role,
        firstName: row.firstName,
        lastName: row.lastName,
        nationality: row.nationality,
        // Masked: the clear BVN is answered only by the reveal call (reveal-identity-numbers.ts).
        bvn: maskIdentityNumber(row.bvn),
        dateOfBirth: maskDateOfBirth(row.dateOfBirth),
        hasDateOfBirth: !!row.dateOfBirth,
        pep: pepDeclarationOf(row),
        companyName: row.companyName,
        registrationNumber: row.registrationNumber,
        percentage: row.percentageUnits / PERCENT_SCALE,
        votingPercentage: (row.votingUnits ?? row.percentageUnits) / PERCENT_SCALE,
        votesFollowShares: row.votingUnits === null,
        appointsMajority: row.appointsMajority,
        significantInfluence: row.significantInfluence,
        influenceDescription: row.influenceDescription,
        depth,
        effectiveStake: round4(ownership.stakeOf.get(row.id) ?? 0),
        effectiveOwnership:
          row.type === 'INDIVIDUAL' && !row.role ? round4(ownership.effectiveOwnershipOf.get(row.id) ?? 0) : null,
        isBeneficialOwner,
        controlReasons,
        needsMeansOfId: isBeneficialOwner && !identifiedPeople.has(shareholderPersonKey(row)),
        childrenTotalPercentage:
          row.type === 'CORPORATE' ? kids.reduce((s, k) => s + k.percentageUnits, 0) / PERCENT_SCALE : null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      })
      walk(row.id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000

async function shareholdersOf(db: Executor, kycDetailsId: string) {
  return db
    .select()
    .from(shareholders)
    .where(eq(shareholders.kycDetailsId, kycDetailsId))
    .orderBy(asc(shareholders.createdAt), asc(shareholders.id))
}

export async function listShareholdersOf(db: Executor, kycDetailsId: string): Promise<ShareholderRecord[]> {
  const [rows, ids] = await Promise.all([
    shareholdersOf(db, kycDetailsId),
    db
      .select({ shareholderId: meansOfIds.shareholderId, idType: meansOfIds.idType, expiryDate: meansOfIds.expiryDate })
      .from(meansOfIds)
      .where(eq(meansOfIds.kycDetailsId, kycDetailsId)),
  ])
  return toShareholderAnswers(rows, ids)
}

/** GET /kyc/shareholders?kycDetailsId=: the whole tree, flat and depth first. */
export async function findShareholders(options: { db: Executor; actor: Actor; kycDetailsId: string }) {
  await readableKycDetails(options.db, options.actor, options.kycDetailsId)
  return listShareholdersOf(options.db, options.kycDetailsId)
}

/** GET /kyc/child-shareholders/{id}: a corporate shareholder's own shareholders and theirs, depth first. */
export async function findChildShareholders(options: { db: Executor; actor: Actor; shareholderId: string }) {
  const [holder] = await options.db.select().from(shareholders).where(eq(shareholders.id, options.shareholderId))
  if (!holder) throw kycNotFound('Shareholder')
  assertKycReadable(options.actor, holder.businessId, 'Shareholder')
  const all = await listShareholdersOf(options.db, holder.kycDetailsId)
  const below = new Set(
    subtreeIds(
      all.map((s) => ({ id: s.id, parentId: s.parentShareholderId })),
      holder.id,
    ),
  )
  below.delete(holder.id)
  return all.filter((s) => below.has(s.id))
}

/**
 * 400 on `percentage` (or `votingPercentage`) when the level (the business, or one corporate) would hold more than
 * 100% of its shares (or of its votes). `units` is the holding's new shares and votes, in hundredths.
 */
function assertLevelFits(
  rows: readonly Shareholder[],
  parent: Shareholder | null,
  units: { shares: number; votes: number },
  exceptId?: string,
) {
  const siblings = rows.filter((r) => r.parentShareholderId === (parent?.id ?? null) && r.id !== exceptId && !r.role)
  const where = parent ? `of ${shareholderName(parent)}` : 'held directly in the business'
  const checks = [
    { what: 'Shares', field: 'percentage', used: siblings.reduce((s, r) => s + r.percentageUnits, 0), add: units.shares },
    {
      what: 'Voting rights',
      field: 'votingPercentage',
      used: siblings.reduce((s, r) => s + (r.votingUnits ?? r.percentageUnits), 0),
      add: units.votes,
    },
  ]
  for (const { what, field, used, add } of checks) {
    if (used + add <= FULL_HOLDING_UNITS) continue
    const left = Math.max(0, FULL_HOLDING_UNITS - used) / PERCENT_SCALE
    throw new AppError(
      'VALIDATION_FAILED',
      `${what} ${where} would add up to ${formatPercentage((used + add) / PERCENT_SCALE)}; at most ${formatPercentage(left)} is left`,
      { field },
    )
  }
}

function assertCapacity(rows: readonly Shareholder[]) {
  if (rows.length >= MAX_SHAREHOLDERS_PER_KYC)
    throw new AppError('CONFLICT', `A KYC record can have at most ${MAX_SHAREHOLDERS_PER_KYC} shareholders`)
}

async function answerFor(db: Executor, row: Shareholder) {
  return (await listShareholdersOf(db, row.kycDetailsId)).find((s) => s.id === row.id)!
}

/** POST /kyc/shareholders: individual or corporate, directly in the business or in a corporate shareholder. */
export async function createShareholder(options: {
  db: Database
  actor: Actor
  input: z.output<typeof createShareholderSchema>
  audit: AuditContext
}) {
  const { db, actor, input } = options
  const created = await kycWriteTransaction(options, async (tx, lock) => {
    const { kyc } = await writableKycDetails(tx, lock, input.kycDetailsId, SHAREHOLDER_WRITE)
    const rows = await shareholdersOf(tx, kyc.id)
    assertCapacity(rows)
    const role = input.type === 'INDIVIDUAL' ? (input.role ?? null) : null
    const parent = assertPlacement(rows, input.parentShareholderId ?? null, role)
    const shares = role ? 0 : toPercentUnits(input.percentage ?? 0)
    const votingUnits = role || input.votingPercentage == null ? null : toPercentUnits(input.votingPercentage)
    if (!role) assertLevelFits(rows, parent, { shares, votes: votingUnits ?? shares })
    if (input.type !== 'INDIVIDUAL' && input.registrationNumber) {
      const planned = { ...rows[0]!, id: 'new', type: input.type, role: null, parentShareholderId: parent?.id ?? null }
      await assertNoLoop(tx, {
        rows: [...rows, { ...planned, companyName: input.companyName, registrationNumber: input.registrationNumber }],
        businessId: kyc.businessId,
      })
    }
    const [row] = await tx
      .insert(shareholders)
      .values({
        kycDetailsId: kyc.id,
        businessId: kyc.businessId,
        parentShareholderId: parent?.id ?? null,
        type: input.type,
        role,
        percentageUnits: shares,
        votingUnits,
        appointsMajority: !role && !!input.appointsMajority,
        significantInfluence: !!input.significantInfluence,
        influenceDescription: input.significantInfluence ? (input.influenceDescription ?? null) : null,
        createdBy: actor.userId,
        ...(input.type === 'INDIVIDUAL'
          ? {
              firstName: input.firstName,
              lastName: input.lastName,
              nationality: input.nationality,
              bvn: input.bvn ?? null,
              bvnIndex: bvnIndexOf(input.bvn),
              dateOfBirth: input.dateOfBirth ?? null,
              ...(input.pep && pepColumnsOf(input.pep)),
            }
          : { companyName: input.companyName, registrationNumber: input.registrationNumber ?? null }),
      })
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'shareholder',
      resourceId: row!.id,
      action: 'CREATE',
      after: row,
    })
    return row!
  })
  return answerFor(db, created)
}

async function lockedShareholder(
  tx: Tx,
  lock: KycEditLock,
  actor: Actor,
  id: string,
  permission: Permission = SHAREHOLDER_WRITE,
) {
  const [found] = await tx
    .select({ kycDetailsId: shareholders.kycDetailsId, businessId: shareholders.businessId })
    .from(shareholders)
    .where(eq(shareholders.id, id))
  if (!found) throw kycNotFound('Shareholder')
  // Outsiders get the shareholder's 404, not the KYC record's.
  if (!canActOnBusiness(actor, found.businessId)) throw kycNotFound('Shareholder')
  const { kyc } = await writableKycDetails(tx, lock, found.kycDetailsId, permission)
  const rows = await shareholdersOf(tx, kyc.id)
  const row = rows.find((r) => r.id === id)
  if (!row) throw kycNotFound('Shareholder')
  return { row, rows }
}

/** PUT /kyc/shareholders/{id}: fields of its own kind; the type and place in the tree stay. */
export async function updateShareholder(options: KycRowUpdate<z.output<typeof updateShareholderSchema>>) {
  const { db, actor, input } = options
  assertSomethingToChange(input)
  const updated = await kycWriteTransaction(options, async (tx, lock) => {
    const { row: before, rows } = await lockedShareholder(tx, lock, actor, options.id)
    const kind = before.role ? 'person with a role in a trust or nominee' : `${before.type.toLowerCase()} shareholder`
    const wrongKind = [
      ...(before.type === 'INDIVIDUAL'
        ? (['companyName', 'registrationNumber'] as const)
        : (['firstName', 'lastName', 'nationality', 'bvn', 'dateOfBirth', 'pep'] as const)),
      ...(before.role ? (['percentage', 'votingPercentage', 'appointsMajority'] as const) : []),
    ].filter((k) => input[k] !== undefined)
    if (wrongKind.length) {
      throw new AppError('VALIDATION_FAILED', `A ${kind} has no ${wrongKind[0]}`, {
        details: wrongKind.map((field) => ({
          code: 'VALIDATION_FAILED' as const,
          field,
          message: `Not a field of a ${kind}`,
        })),
      })
    }
    if (before.type === 'CORPORATE' && input.registrationNumber === null)
      throw new AppError('VALIDATION_FAILED', 'Registration number is required', { field: 'registrationNumber' })
    const influence = input.significantInfluence ?? before.significantInfluence
    const influenceDescription =
      input.influenceDescription !== undefined ? input.influenceDescription : before.influenceDescription
    if (influence && !influenceDescription)
      throw new AppError('VALIDATION_FAILED', 'Describe the significant influence or control', { field: 'influenceDescription' })
    if (before.type === 'INDIVIDUAL') {
      const nationality = input.nationality ?? before.nationality ?? ''
      const bvn = input.bvn !== undefined ? input.bvn : before.bvn
      if (/^nigeria(n)?$/i.test(nationality.trim()) && !bvn)
        throw new AppError('VALIDATION_FAILED', 'BVN is required for a Nigerian shareholder', { field: 'bvn' })
    }
    const parent = before.parentShareholderId ? (rows.find((r) => r.id === before.parentShareholderId) ?? null) : null
    const shares = input.percentage !== undefined ? toPercentUnits(input.percentage) : before.percentageUnits
    const votingUnits =
      input.votingPercentage !== undefined
        ? input.votingPercentage === null
          ? null
          : toPercentUnits(input.votingPercentage)
        : before.votingUnits
    if (!before.role && (input.percentage !== undefined || input.votingPercentage !== undefined))
      assertLevelFits(rows, parent, { shares, votes: votingUnits ?? shares }, before.id)
    if (before.type !== 'INDIVIDUAL' && input.registrationNumber !== undefined)
      await assertNoLoop(tx, {
        rows: rows.map((r) => (r.id === before.id ? { ...r, registrationNumber: input.registrationNumber ?? null } : r)),
        businessId: before.businessId,
      })
    const [row] = await tx
      .update(shareholders)
      .set({
        ...(input.firstName !== undefined && { firstName: input.firstName }),
        ...(input.lastName !== undefined && { lastName: input.lastName }),
        ...(input.nationality !== undefined && { nationality: input.nationality }),
        ...(input.bvn !== undefined && { bvn: input.bvn ?? null, bvnIndex: bvnIndexOf(input.bvn) }),
        ...(input.dateOfBirth !== undefined && { dateOfBirth: input.dateOfBirth }),
        ...(input.pep !== undefined && pepColumnsOf(input.pep)),
        ...(input.companyName !== undefined && { companyName: input.companyName }),
        ...(input.registrationNumber !== undefined && { registrationNumber: input.registrationNumber }),
        ...(input.percentage !== undefined && { percentageUnits: toPercentUnits(input.percentage) }),
        ...(input.votingPercentage !== undefined && { votingUnits }),
        ...(input.appointsMajority !== undefined && { appointsMajority: input.appointsMajority }),
        ...(input.significantInfluence !== undefined && { significantInfluence: input.significantInfluence }),
        ...((input.influenceDescription !== undefined || input.significantInfluence === false) && {
          influenceDescription: influence ? influenceDescription : null,
        }),
        updatedAt: new Date(),
      })
      .where(eq(shareholders.id, before.id))
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'shareholder',
      resourceId: before.id,
      action: 'UPDATE',
      before: before,
      after: row,
    })
    return row!
  })
  return answerFor(db, updated)
}

/**
 * DELETE /kyc/shareholders/{id}: with everything below it (a corporate's own shareholders, to any depth) and their
 * documents, current and superseded, with the files and blobs (as `DELETE /kyc/documents/{id}` does): a shareholder's
 * documents prove nothing about the business once it is not a shareholder. Each document's removal is audited.
 */
export async function deleteShareholder(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  return kycWriteTransaction(options, async (tx, lock) => {
    const { row, rows } = await lockedShareholder(tx, lock, options.actor, options.id, SHAREHOLDER_DELETE)
    const ids = subtreeIds(
      rows.map((r) => ({ id: r.id, parentId: r.parentShareholderId })),
      row.id,
    )
    const removed = rows.filter((r) => ids.includes(r.id))
    // Explicitly rather than by the foreign key's cascade, so each removal is audited and its file goes too.
    const documents = await tx.delete(kycDocuments).where(inArray(kycDocuments.shareholderId, ids)).returning()
    for (const document of documents) {
      await appendAudit(tx, options.audit, {
        resource: 'kyc_document',
        resourceId: document.id,
        action: 'DELETE',
        before: {
          id: document.id,
          documentTypeId: document.documentTypeId,
          shareholderId: document.shareholderId,
          fileId: document.fileId,
          status: document.status,
          supersededAt: document.supersededAt,
        },
        after: { reason: 'SHAREHOLDER_DELETED' },
      })
    }
    await tx.delete(shareholders).where(and(eq(shareholders.kycDetailsId, row.kycDetailsId), inArray(shareholders.id, ids)))
    await appendAudit(tx, options.audit, {
      resource: 'shareholder',
      resourceId: row.id,
      action: 'DELETE',
      before: {
        shareholder: row,
        // Other people: their numbers masked, not sealed under this shareholder's key.
        subtree: removed.filter((r) => r.id !== row.id).map((r) => maskPersonalValues(r)),
        documents: documents.map((d) => d.id),
      },
    })
    for (const document of documents) await deleteStoredFile(tx, document.fileId, options.audit)
    return { deleted: ids.length, documentsDeleted: documents.length }
  })
}
