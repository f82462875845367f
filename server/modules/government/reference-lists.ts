import { asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  Consultant,
  consultantInputSchema,
  consultantUpdateSchema,
  Parastatal,
  parastatalInputSchema,
  parastatalUpdateSchema,
  PaymentChannel,
  paymentChannelInputSchema,
  paymentChannelUpdateSchema,
} from '@/lib/contracts/government'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { uniqueViolationOf } from '@/server/db/errors'
import { governmentConsultants, governmentParastatals, paymentChannels } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { GOVERNMENT_OFFICERS } from './government-access'

/**
 * The government area's three reference lists (docs/domain.md#government): parastatals, consultants and payment
 * channels. Seeded with Nigerian values (server/seed/government.ts); government officers add entries and
 * change or deactivate them (an entry in use is never deleted: entities and products keep pointing at it).
 */
type ListOptions = { db: Executor; actor: Actor; includeInactive: boolean }
type WriteOptions<I> = { db: Database; actor: Actor; input: I; audit: AuditContext }
type UpdateOptions<I> = WriteOptions<I> & { id: string }

const toParastatal = (r: typeof governmentParastatals.$inferSelect): Parastatal => ({
  id: r.id,
  name: r.name,
  tier: r.tier,
  active: r.active,
})
const toConsultant = (r: typeof governmentConsultants.$inferSelect): Consultant => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  active: r.active,
})
const toPaymentChannel = (r: typeof paymentChannels.$inferSelect): PaymentChannel => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  active: r.active,
})

/** A unique name or code taken already: 409 on that field, never the database's 500. */
async function uniquely<T>(field: string, what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (uniqueViolationOf(error) !== null) throw new AppError('CONFLICT', `${what} with this ${field} exists already`, { field })
    throw error
  }
}

/** `GET /government/parastatals`. */
export async function findParastatals({ db, actor, includeInactive }: ListOptions) {
  assertStaffWithAny(actor, ...GOVERNMENT_OFFICERS)
  const rows = await db
    .select()
    .from(governmentParastatals)
    .where(includeInactive ? undefined : eq(governmentParastatals.active, true))
    .orderBy(asc(governmentParastatals.tier), asc(governmentParastatals.name))
  return rows.map(toParastatal)
}

/** `POST /government/parastatals`. */
export async function createParastatal(options: WriteOptions<z.output<typeof parastatalInputSchema>>) {
  assertStaffWithAny(options.actor, ...GOVERNMENT_OFFICERS)
  return uniquely('name', 'A parastatal', () =>
    options.db.transaction(async (tx) => {
      const [row] = await tx.insert(governmentParastatals).values(options.input).returning()
      await appendAudit(tx, options.audit, {
        resource: 'government_parastatal',
        resourceId: row!.id,
        action: 'CREATE',
        after: row,
      })
      return toParastatal(row!)
    }),
  )
}

/** `PUT /government/parastatals/{id}`. */
export async function updateParastatal(options: UpdateOptions<z.output<typeof parastatalUpdateSchema>>) {
  assertStaffWithAny(options.actor, ...GOVERNMENT_OFFICERS)
  return uniquely('name', 'A parastatal', () =>
    options.db.transaction(async (tx) => {
      const [before] = await tx.select().from(governmentParastatals).where(eq(governmentParastatals.id, options.id)).for('update')
      if (!before) throw notFound('Parastatal')
      const [row] = await tx
        .update(governmentParastatals)
        .set({ ...options.input, updatedAt: new Date() })
        .where(eq(governmentParastatals.id, options.id))
        .returning()
      await appendAudit(tx, options.audit, {
        resource: 'government_parastatal',
        resourceId: row!.id,
        action: 'UPDATE',
        before,
        after: row,
      })
      return toParastatal(row!)
    }),
  )
}

/** `GET /government/consultants`. */
export async function findConsultants({ db, actor, includeInactive }: ListOptions) {
  assertStaffWithAny(actor, ...GOVERNMENT_OFFICERS)
  const rows = await db
    .select()
    .from(governmentConsultants)
    .where(includeInactive ? undefined : eq(governmentConsultants.active, true))
    .orderBy(asc(governmentConsultants.name))
  return rows.map(toConsultant)
}

/** `POST /government/consultants`. */
export async function createConsultant(options: WriteOptions<z.output<typeof consultantInputSchema>>) {
  assertStaffWithAny(options.actor, ...GOVERNMENT_OFFICERS)
  return uniquely('name', 'A consultant', () =>
    options.db.transaction(async (tx) => {
      const [row] = await tx.insert(governmentConsultants).values(options.input).returning()
      await appendAudit(tx, options.audit, {
        resource: 'government_consultant',
        resourceId: row!.id,
        action: 'CREATE',
        after: row,
      })
      return toConsultant(row!)
    }),
  )
}

/** `PUT /government/consultants/{id}`. */
export async function updateConsultant(options: UpdateOptions<z.output<typeof consultantUpdateSchema>>) {
  assertStaffWithAny(options.actor, ...GOVERNMENT_OFFICERS)
  return uniquely('name', 'A consultant', () =>
    options.db.transaction(async (tx) => {
      const [before] = await tx.select().from(governmentConsultants).where(eq(governmentConsultants.id, options.id)).for('update')
      if (!before) throw notFound('Consultant')
      const [row] = await tx
        .update(governmentConsultants)
        .set({ ...options.input, updatedAt: new Date() })
        .where(eq(governmentConsultants.id, options.id))
        .returning()
      await appendAudit(tx, options.audit, {
        resource: 'government_consultant',
        resourceId: row!.id,
        action: 'UPDATE',
        before,
        after: row,
      })
      return toConsultant(row!)
    }),
  )
}

/** `GET /payment-channels`. */
export async function findPaymentChannels({ db, actor, includeInactive }: ListOptions) {
  assertStaffWithAny(actor, ...GOVERNMENT_OFFICERS)
  const rows = await db
    .select()
    .from(paymentChannels)
    .where(includeInactive ? undefined : eq(paymentChannels.active, true))
    .orderBy(asc(paymentChannels.name))
  return rows.map(toPaymentChannel)
}

/** `POST /payment-channels`. */
export async function createPaymentChannel(options: WriteOptions<z.output<typeof paymentChannelInputSchema>>) {
  assertStaffWithAny(options.actor, ...GOVERNMENT_OFFICERS)
  return uniquely('code', 'A payment channel', () =>
    options.db.transaction(async (tx) => {
      const [row] = await tx.insert(paymentChannels).values(options.input).returning()
      await appendAudit(tx, options.audit, { resource: 'payment_channel', resourceId: row!.id, action: 'CREATE', after: row })
      return toPaymentChannel(row!)
    }),
  )
}

/** `PUT /payment-channels/{id}`. */
export async function updatePaymentChannel(options: UpdateOptions<z.output<typeof paymentChannelUpdateSchema>>) {
  assertStaffWithAny(options.actor, ...GOVERNMENT_OFFICERS)
  return uniquely('code', 'A payment channel', () =>
    options.db.transaction(async (tx) => {
      const [before] = await tx.select().from(paymentChannels).where(eq(paymentChannels.id, options.id)).for('update')
      if (!before) throw notFound('Payment channel')
      const [row] = await tx
        .update(paymentChannels)
        .set({ ...options.input, updatedAt: new Date() })
        .where(eq(paymentChannels.id, options.id))
        .returning()
      await appendAudit(tx, options.audit, {
        resource: 'payment_channel',
        resourceId: row!.id,
        action: 'UPDATE',
        before,
        after: row,
      })
      return toPaymentChannel(row!)
    }),
  )
}
