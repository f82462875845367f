import { and, eq } from 'drizzle-orm'
import type { DraftForm as DraftFormAnswer, KycDetailType } from '@/lib/contracts/kyc'
import { DRAFT_DATA_MAX_BYTES, isMaskedIdentityNumber, maskPersonalValue } from '@/lib/contracts/kyc-values'
import { canEditKyc } from '@/lib/permissions/checks'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { contentDigest } from '@/server/crypto/field-cipher'
import { PERSONAL_VALUE_KEYS } from '@/server/crypto/personal-keys'
import type { Database, Executor, Tx } from '@/server/db/client'
import { draftForms, type DraftForm } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { permissionRefused } from '@/server/http/refusals'
import { canActOnBusiness } from '@/server/http/scope'
import { kycWriteTransaction, type KycEditLock } from './kyc-edit-access'
import { assertKycReadable, kycNotFound } from './kyc-record'

function toDraftAnswer(row: DraftForm): DraftFormAnswer {
  return {
    id: row.id,
    businessId: row.businessId,
    kycDetailTypeId: row.kycDetailTypeId,
    data: row.data as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Each personal value (PERSONAL_VALUE_KEYS, at any depth, text or number) passed through `visit`, with its path. */
function mapPersonal(value: unknown, visit: (v: string, path: string) => unknown, path = ''): unknown {
  if (Array.isArray(value)) return value.map((item, i) => mapPersonal(item, visit, `${path}/${i}`))
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        PERSONAL_VALUE_KEYS.has(k) && (typeof v === 'string' || typeof v === 'number')
          ? visit(String(v), `${path}/${k}`)
          : mapPersonal(v, visit, `${path}/${k}`),
      ]),
    )
  }
  return value
}

/** An identity number masked as the stored records answer it; a date of birth starred whole. */
function maskedDraftValue(value: string, path: string): string {
  return maskPersonalValue(path.slice(path.lastIndexOf('/') + 1), value)
}

/**
 * Who reads a draft in clear: the business's own KYC editors, who typed it and bring the form back from it
 * (docs/data-protection.md#who-may-see-it). Everyone else, staff included, gets identity numbers masked as the stored
 * records answer them and dates of birth starred whole; staff who need a number reveal it on the saved record.
 */
function readsDraftInClear(actor: Actor, businessId: string): boolean {
  if (actor.isStaff) return false
  const membership = actor.memberships.find((m) => m.businessId === businessId)
  return !!membership && canEditKyc(membership.permissions)
}

/** The draft as this actor may read it. */
function draftAnswerFor(actor: Actor, row: DraftForm): DraftFormAnswer {
  const answer = toDraftAnswer(row)
  if (readsDraftInClear(actor, row.businessId)) return answer
  const data = mapPersonal(answer.data, (v, path) => (isMaskedIdentityNumber(v) ? v : maskedDraftValue(v, path)))
  return { ...answer, data: data as Record<string, unknown> }
}

/**
 * What a save stores: personal values as text (so the column encrypts them: a JSON number would stay in clear), and
 * a masked value sent back where the stored draft holds the value it masks keeps that value, as a PUT of a record
 * does. A form filled from a masked draft (staff) then never replaces the numbers with their masks.
 */
function dataToStore(incoming: Record<string, unknown>, stored: DraftForm | undefined): Record<string, unknown> {
  const held = new Map<string, string>()
  if (stored) mapPersonal(stored.data, (v, path) => held.set(path, v))
  return mapPersonal(incoming, (v, path) => {
    const before = held.get(path)
    const keep = isMaskedIdentityNumber(v) && before !== undefined && maskedDraftValue(before, path) === v
    return keep ? before : v
  }) as Record<string, unknown>
}

/** 413 when the draft's JSON is over the cap. */
function assertDraftSize(data: unknown) {
  const bytes = Buffer.byteLength(JSON.stringify(data), 'utf8')
  if (bytes > DRAFT_DATA_MAX_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `A draft can hold at most ${DRAFT_DATA_MAX_BYTES / 1024} kB; this one is ${Math.ceil(bytes / 1024)} kB`,
      { field: 'data' },
    )
  }
}

/**
 * Drafts are scratch copies of a form that may hold personal data; the audit row records that the draft changed
 * (its size and a keyed hash of its content), not the content itself. The hash is keyed (contentDigest): a draft
 * holds identity numbers as typed, and a plain SHA-256 of its JSON could be matched offline by trying numbers. The
 * saved KYC records are audited in full.
 */
function auditView(row: DraftForm) {
  const json = JSON.stringify(row.data)
  return {
    id: row.id,
    businessId: row.businessId,
    kycDetailTypeId: row.kycDetailTypeId,
    sizeBytes: Buffer.byteLength(json, 'utf8'),
    hmac: contentDigest(json),
  }
}

async function draftOrNotFound(db: Executor, actor: Actor, id: string) {
  const [row] = await db.select().from(draftForms).where(eq(draftForms.id, id))
  if (!row || !canActOnBusiness(actor, row.businessId)) throw kycNotFound('Draft form')
  return row
}

/** GET /draft-forms/{id}. */
export async function getDraftForm(options: { db: Executor; actor: Actor; id: string }) {
  const row = await draftOrNotFound(options.db, options.actor, options.id)
  assertKycReadable(options.actor, row.businessId, 'Draft form')
  return draftAnswerFor(options.actor, row)
}

/** GET /draft-forms/{businessId}/{kycDetailTypeId}: 404 when the step has no draft. */
export async function getDraftFormOf(options: {
  db: Executor
  actor: Actor
  businessId: string
  kycDetailTypeId: KycDetailType
}) {
  assertKycReadable(options.actor, options.businessId, 'Draft form')
  const [row] = await options.db
    .select()
    .from(draftForms)
    .where(and(eq(draftForms.businessId, options.businessId), eq(draftForms.kycDetailTypeId, options.kycDetailTypeId)))
  // No draft is the usual answer (a step never left half done), not an error: 200 with null.
  return row ? draftAnswerFor(options.actor, row) : null
}

/**
 * POST /draft-forms: one draft per business and step. Decision: an upsert, since autosave from two tabs must not
 * fail: a new pair answers 201, an existing pair has its data replaced and answers 200. Drafts pass the KYC edit
 * check like every other KYC write.
 */
export async function saveDraftForm(options: {
  db: Database
  actor: Actor
  input: { businessId: string; kycDetailTypeId: KycDetailType; data: Record<string, unknown> }
  audit: AuditContext
}): Promise<{ draft: DraftFormAnswer; created: boolean }> {
  const { actor, input } = options
  assertDraftSize(input.data)
  return kycWriteTransaction({ ...options, changesKyc: false }, async (tx, lock) => {
    await lock({ businessId: input.businessId, what: 'Business' })
    const [before] = await tx
      .select()
      .from(draftForms)
      .where(and(eq(draftForms.businessId, input.businessId), eq(draftForms.kycDetailTypeId, input.kycDetailTypeId)))
      .for('update')
    const now = new Date()
    const data = dataToStore(input.data, before)
    const [row] = await tx
      .insert(draftForms)
      .values({
        businessId: input.businessId,
        kycDetailTypeId: input.kycDetailTypeId,
        data,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .onConflictDoUpdate({
        target: [draftForms.businessId, draftForms.kycDetailTypeId],
        set: { data, updatedBy: actor.userId, updatedAt: now },
      })
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'draft_form',
      resourceId: row!.id,
      action: before ? 'UPDATE' : 'CREATE',
      before: before ? auditView(before) : undefined,
      after: auditView(row!),
    })
    return { draft: draftAnswerFor(actor, row!), created: !before }
  })
}

/**
 * The draft, locked after the KYC edit check on its business (one lock order, docs/decisions.md#kyc-editing: the
 * business first, as the submission that discards every draft of the business does); 404 when gone meanwhile.
 */
async function lockedDraft(tx: Tx, lock: KycEditLock, actor: Actor, id: string): Promise<DraftForm> {
  const [found] = await tx.select({ businessId: draftForms.businessId }).from(draftForms).where(eq(draftForms.id, id))
  if (!found || !canActOnBusiness(actor, found.businessId)) throw kycNotFound('Draft form')
  await lock({ businessId: found.businessId, what: 'Draft form' })
  const [row] = await tx
    .select()
    .from(draftForms)
    .where(and(eq(draftForms.id, id), eq(draftForms.businessId, found.businessId)))
    .for('update')
  if (!row) throw kycNotFound('Draft form')
  return row
}

/** PUT /draft-forms/{id}: replaces the data. */
export async function updateDraftForm(options: {
  db: Database
  actor: Actor
  id: string
  data: Record<string, unknown>
  audit: AuditContext
}) {
  const { actor } = options
  assertDraftSize(options.data)
  return kycWriteTransaction({ ...options, changesKyc: false }, async (tx, lock) => {
    const before = await lockedDraft(tx, lock, actor, options.id)
    const [row] = await tx
      .update(draftForms)
      .set({ data: dataToStore(options.data, before), updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(draftForms.id, before.id))
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'draft_form',
      resourceId: before.id,
      action: 'UPDATE',
      before: auditView(before),
      after: auditView(row!),
    })
    return draftAnswerFor(actor, row!)
  })
}

/** Deleting a draft is a delete of KYC details (issue 32), except for the caller's own autosave (below). */
export const DRAFT_DELETE = PERMISSIONS.CAN_DELETE_KYC_DETAIL

/**
 * DELETE /draft-forms/{id}: needs DRAFT_DELETE, unless the caller saved the draft last: the step form discards its
 * own autosave once the step is saved, and any KYC editor may replace a draft's data anyway.
 */
export async function deleteDraftForm(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  const { actor } = options
  await kycWriteTransaction({ ...options, changesKyc: false }, async (tx, lock) => {
    const before = await lockedDraft(tx, lock, actor, options.id)
    if (before.updatedBy !== actor.userId && !canActOnBusiness(actor, before.businessId, DRAFT_DELETE))
      throw permissionRefused([DRAFT_DELETE], { scope: actor.isStaff ? 'staff' : 'business' })
    await tx.delete(draftForms).where(eq(draftForms.id, before.id))
    await appendAudit(tx, options.audit, {
      resource: 'draft_form',
      resourceId: before.id,
      action: 'DELETE',
      before: auditView(before),
    })
  })
}

/**
 * Deletes every draft of the business inside the caller's transaction, each audited. Used when the KYC is submitted:
 * what was captured is in the records now, and a form left half filled must not keep personal data as a draft.
 */
export async function discardBusinessDrafts(tx: Tx, businessId: string, audit: AuditContext) {
  const deleted = await tx.delete(draftForms).where(eq(draftForms.businessId, businessId)).returning()
  for (const row of deleted)
    await appendAudit(tx, audit, { resource: 'draft_form', resourceId: row.id, action: 'DELETE', before: auditView(row) })
  return deleted.length
}
