import { and, asc, count, eq } from 'drizzle-orm'
import type { FeeClient } from '@/lib/contracts/fees'
import type { Database } from '@/server/db/client'
import { businessDivisions, businesses, fees } from '@/server/db/schema'
import { notFound } from '@/server/http/app-error'

const clientColumns = {
  id: businessDivisions.id,
  name: businessDivisions.name,
  code: businessDivisions.code,
  description: businessDivisions.description,
  isActive: businessDivisions.isActive,
}

/** `GET /fees/clients`: fee clients are the business divisions. */
export async function findFeeClients(options: { db: Database }): Promise<FeeClient[]> {
  return options.db.select(clientColumns).from(businessDivisions).orderBy(asc(businessDivisions.name))
}

/** `GET /fees/clients/{divisionId}/business-division`: one client with how many businesses and active fees it has. */
export async function getFeeClientDivision(options: { db: Database; divisionId: string }) {
  const { db, divisionId } = options
  const [division] = await db.select(clientColumns).from(businessDivisions).where(eq(businessDivisions.id, divisionId))
  if (!division) throw notFound('Business division')
  const [[businessCount], [feeCount]] = await Promise.all([
    db.select({ value: count() }).from(businesses).where(eq(businesses.divisionId, divisionId)),
    db
      .select({ value: count() })
      .from(fees)
      .where(and(eq(fees.divisionId, divisionId), eq(fees.active, true))),
  ])
  return { ...division, businessCount: businessCount?.value ?? 0, activeFeeCount: feeCount?.value ?? 0 }
}
