import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { DeferrableMappingAnswer, DeferrableMappingInput } from '@/lib/contracts/deferral-review'
import { DEFERRAL_MAX_DAYS_SETTING } from '@/lib/contracts/deferral-values'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import { appSettings, deferrableMappings, kycDocumentTypes } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { getMaxDeferralDays } from '@/server/modules/deferrals/deferral-settings'

/** Any constant: only the writers of the mapping share it. */
const MAPPING_LOCK = 7340611

/** Serialises writers of the deferrable mapping (this replace, and document type edits that keep it in step). */
export async function lockDeferrableMapping(tx: Tx) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${MAPPING_LOCK})`)
}

type Actors = Record<string, string>

/** Sets the most days a deferral may ask for, in the caller's transaction, audited with the value before and after. */
export async function writeMaxDeferralDays(
  tx: Tx,
  audit: AuditContext,
  options: { days: number; actorId: string; actors?: Actors },
) {
  const { days, actorId } = options
  // Locks the row; when it does not exist yet, concurrent inserts meet on the primary key, which the upsert settles.
  const [stored] = await tx.select().from(appSettings).where(eq(appSettings.key, DEFERRAL_MAX_DAYS_SETTING)).for('update')
  const before = await getMaxDeferralDays(tx)
  await tx
    .insert(appSettings)
    .values({ key: DEFERRAL_MAX_DAYS_SETTING, value: days, updatedBy: actorId, updatedAt: new Date() })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: days, updatedBy: actorId, updatedAt: new Date() } })
  await appendAudit(tx, audit, {
    resource: 'setting',
    resourceId: null,
    action: 'UPDATE',
    before: { key: DEFERRAL_MAX_DAYS_SETTING, value: stored ? stored.value : null, effective: before },
    after: { key: DEFERRAL_MAX_DAYS_SETTING, value: days, ...options.actors },
  })
}

/** Changing the deferral settings (the most days, the deferrable mapping), directly or through four-eyes. */
export const DEFERRAL_CONFIGURE = PERMISSIONS.CAN_UPDATE_DEFERRABLE

/**
 * `PUT /deferrals/deferrable-days/{days}` with four-eyes off: the most days a deferral may ask for (1–365, checked by
 * the route), staff holding CAN_UPDATE_DEFERRABLE. Deferrals already requested keep their days.
 */
export async function setMaxDeferralDays(options: { db: Database; actor: Actor; days: number; audit: AuditContext }) {
  const { db, actor, days } = options
  assertStaffWithAny(actor, DEFERRAL_CONFIGURE)
  await db.transaction((tx) => writeMaxDeferralDays(tx, options.audit, { days, actorId: actor.userId }))
  return { maxDays: await getMaxDeferralDays(db) }
}

async function loadMapping(db: Executor): Promise<DeferrableMappingAnswer> {
  const rows = await db
    .select({
      registrationClass: deferrableMappings.registrationClass,
      documentTypeId: deferrableMappings.documentTypeId,
      documentType: {
        id: kycDocumentTypes.id,
        code: kycDocumentTypes.code,
        name: kycDocumentTypes.name,
        isCac: kycDocumentTypes.isCac,
        isActive: kycDocumentTypes.isActive,
      },
    })
    .from(deferrableMappings)
    .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, deferrableMappings.documentTypeId))
    .orderBy(asc(deferrableMappings.registrationClass), asc(kycDocumentTypes.name))
  return { items: rows }
}

/** `GET /deferrals/deferrable-mapping`: every (class, document type) pair that may be deferred, inactive types included. */
export async function getDeferrableMapping(options: { db: Executor }) {
  return loadMapping(options.db)
}

/** Every document type of the mapping must exist: 400 naming `items.N.documentTypeId` otherwise. */
export async function validateDeferrableMapping(db: Executor, input: DeferrableMappingInput) {
  const ids = [...new Set(input.items.map((i) => i.documentTypeId))]
  const known = new Set(
    ids.length
      ? (await db.select({ id: kycDocumentTypes.id }).from(kycDocumentTypes).where(inArray(kycDocumentTypes.id, ids))).map(
          (t) => t.id,
        )
      : [],
  )
  const unknown = input.items.flatMap((item, index) =>
    known.has(item.documentTypeId)
      ? []
      : [{ code: 'VALIDATION_FAILED' as const, field: `items.${index}.documentTypeId`, message: 'No such document type' }],
  )
  if (unknown.length) throw new AppError('VALIDATION_FAILED', unknown[0]!.message, { details: unknown })
}

/** Replaces the whole mapping in the caller's transaction, serialised against other writers, audited before and after. */
export async function writeDeferrableMapping(
  tx: Tx,
  audit: AuditContext,
  options: { input: DeferrableMappingInput; actorId: string; actors?: Actors },
) {
  const { input } = options
  const pairs = (answer: DeferrableMappingAnswer) =>
    answer.items.map((i) => ({ registrationClass: i.registrationClass, documentType: i.documentType.code }))
  await lockDeferrableMapping(tx)
  const before = await loadMapping(tx)
  await tx.delete(deferrableMappings).where(sql`true`)
  if (input.items.length) {
    await tx.insert(deferrableMappings).values(
      input.items.map((i) => ({
        registrationClass: i.registrationClass,
        documentTypeId: i.documentTypeId,
        createdBy: options.actorId,
      })),
    )
  }
  const after = await loadMapping(tx)
  await appendAudit(tx, audit, {
    resource: 'deferrable_mapping',
    resourceId: null,
    action: 'REPLACE',
    before: pairs(before),
    after: options.actors ? { pairs: pairs(after), ...options.actors } : pairs(after),
  })
}

/**
 * `PUT /deferrals/deferrable-mapping` with four-eyes off: replaces the whole mapping (staff holding
 * CAN_UPDATE_DEFERRABLE). Deferrals already requested or approved are not touched.
 */
export async function replaceDeferrableMapping(options: {
  db: Database
  actor: Actor
  input: DeferrableMappingInput
  audit: AuditContext
}) {
  const { db, actor, input } = options
  assertStaffWithAny(actor, DEFERRAL_CONFIGURE)
  await validateDeferrableMapping(db, input)
  await db.transaction((tx) => writeDeferrableMapping(tx, options.audit, { input, actorId: actor.userId }))
  return loadMapping(db)
}
