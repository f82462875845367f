import { and, eq } from 'drizzle-orm'
import type { DraftForm as DraftFormAnswer, KycDetailType } from '@/lib/contracts/kyc'
import { DRAFT_DATA_MAX_BYTES } from '@/lib/contracts/kyc-values'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { contentDigest } from '@/server/crypto/field-cipher'
import type { Database, Executor, Tx } from '@/server/db/client'
import { draftForms, type DraftForm } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { canActOnBusiness } from '@/server/http/scope'
import { kycWriteTransaction } from './kyc-edit-access'
import { assertKycReadable, kycNotFound } from './kyc-record'

export function toDraftAnswer(row: DraftForm): DraftFormAnswer {
  return {
    id: row.id,
    businessId: row.businessId,
    kycDetailTypeId: row.kycDetailTypeId,
    data: row.data as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
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
  return toDraftAnswer(row)
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
  if (!row) throw kycNotFound('Draft form')
  return toDraftAnswer(row)
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
  return kycWriteTransaction(options, async (tx, lock) => {
    await lock({ businessId: input.businessId, what: 'Business' })
    const [before] = await tx
      .select()
      .from(draftForms)
      .where(and(eq(draftForms.businessId, input.businessId), eq(draftForms.kycDetailTypeId, input.kycDetailTypeId)))
      .for('update')
    const now = new Date()
    const [row] = await tx
      .insert(draftForms)
      .values({
        businessId: input.businessId,
        kycDetailTypeId: input.kycDetailTypeId,
        data: input.data,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .onConflictDoUpdate({
        target: [draftForms.businessId, draftForms.kycDetailTypeId],
        set: { data: input.data, updatedBy: actor.userId, updatedAt: now },
      })
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'draft_form',
      resourceId: row!.id,
      action: before ? 'UPDATE' : 'CREATE',
      before: before ? auditView(before) : undefined,
      after: auditView(row!),
    })
    return { draft: toDraftAnswer(row!), created: !before }
  })
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
  return kycWriteTransaction(options, async (tx, lock) => {
    const [before] = await tx.select().from(draftForms).where(eq(draftForms.id, options.id)).for('update')
    if (!before || !canActOnBusiness(actor, before.businessId)) throw kycNotFound('Draft form')
    await lock({ businessId: before.businessId, what: 'Draft form' })
    const [row] = await tx
      .update(draftForms)
      .set({ data: options.data, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(draftForms.id, before.id))
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'draft_form',
      resourceId: before.id,
      action: 'UPDATE',
      before: auditView(before),
      after: auditView(row!),
    })
    return toDraftAnswer(row!)
  })
}

/** DELETE /draft-forms/{id}. */
export async function deleteDraftForm(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  const { actor } = options
  await kycWriteTransaction(options, async (tx, lock) => {
    const [before] = await tx.select().from(draftForms).where(eq(draftForms.id, options.id)).for('update')
    if (!before || !canActOnBusiness(actor, before.businessId)) throw kycNotFound('Draft form')
    await lock({ businessId: before.businessId, what: 'Draft form' })
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
