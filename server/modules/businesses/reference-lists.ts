import { asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { divisionInputSchema } from '@/lib/contracts/businesses'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { businessCategories, businessDivisions, businessTypes } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'

export const findBusinessTypes = ({ db }: { db: Executor }) => db.select().from(businessTypes).orderBy(asc(businessTypes.name))
export const findBusinessCategories = ({ db }: { db: Executor }) =>
  db.select().from(businessCategories).orderBy(asc(businessCategories.name))

const toDivision = (d: typeof businessDivisions.$inferSelect) => ({
  id: d.id,
  name: d.name,
  code: d.code,
  description: d.description,
  isActive: d.isActive,
})

export async function findDivisions({ db }: { db: Executor }) {
  return (await db.select().from(businessDivisions).orderBy(asc(businessDivisions.name))).map(toDivision)
}

export async function getDivision(db: Executor, id: string) {
  const [row] = await db.select().from(businessDivisions).where(eq(businessDivisions.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Division not found')
  return toDivision(row)
}

async function assertDivisionUnique(db: Executor, input: { name?: string; code?: string }, exceptId?: string) {
  for (const [field, column, value] of [
    ['name', businessDivisions.name, input.name],
    ['code', businessDivisions.code, input.code],
  ] as const) {
    if (!value) continue
    const [taken] = await db.select({ id: businessDivisions.id }).from(businessDivisions).where(eq(column, value))
    if (taken && taken.id !== exceptId) throw new AppError('CONFLICT', `A division with this ${field} already exists`, { field })
  }
}

type DivisionInput = z.output<typeof divisionInputSchema>

export async function createDivision(options: { db: Database; input: DivisionInput; audit: AuditContext }) {
  await assertDivisionUnique(options.db, options.input)
  return options.db.transaction(async (tx) => {
    const [row] = await tx.insert(businessDivisions).values(options.input).returning()
    await appendAudit(tx, options.audit, {
      resource: 'business_division',
      resourceId: row!.id,
      action: 'CREATE',
      after: toDivision(row!),
    })
    return toDivision(row!)
  })
}

export async function updateDivision(options: { db: Database; id: string; input: DivisionInput; audit: AuditContext }) {
  const before = await getDivision(options.db, options.id)
  await assertDivisionUnique(options.db, options.input, options.id)
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .update(businessDivisions)
      .set({ ...options.input, updatedAt: new Date() })
      .where(eq(businessDivisions.id, options.id))
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'business_division',
      resourceId: options.id,
      action: 'UPDATE',
      before,
      after: toDivision(row!),
    })
    return toDivision(row!)
  })
}
