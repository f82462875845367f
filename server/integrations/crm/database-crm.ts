import { asc, eq } from 'drizzle-orm'
import type { CrmAccount } from '@/lib/contracts/crm'
import type { Database } from '@/server/db/client'
import { crmAccounts, crmOpportunities } from '@/server/db/schema'
import { containsIgnoringCase } from '@/server/db/text-search'
import { AppError } from '@/server/http/app-error'
import type { CrmDirectory } from './types'

export function toCrmAccount(row: typeof crmAccounts.$inferSelect): CrmAccount {
  return {
    id: row.externalRef,
    name: row.name,
    regNo: row.regNo,
    typeHint: row.typeHint,
    categoryHint: row.categoryHint,
    address: { line1: row.addressLine1, city: row.city, state: row.state, country: row.country },
    email: row.contactEmail,
    phone: row.contactPhone,
  }
}

/** The built-in CRM: the `crm_accounts` and `crm_opportunities` tables (search as every other search box). */
export function databaseCrm(db: Database): CrmDirectory {
  return {
    name: 'database',
    async searchAccounts(name, limit) {
      const rows = await db
        .select()
        .from(crmAccounts)
        .where(containsIgnoringCase(crmAccounts.name, name))
        .orderBy(asc(crmAccounts.name), asc(crmAccounts.id))
        .limit(limit)
      return rows.map(toCrmAccount)
    },
    async getOpportunity(id) {
      const [row] = await db
        .select({ opportunity: crmOpportunities, accountRef: crmAccounts.externalRef })
        .from(crmOpportunities)
        .innerJoin(crmAccounts, eq(crmAccounts.id, crmOpportunities.accountId))
        .where(eq(crmOpportunities.externalRef, id))
      if (!row) throw new AppError('NOT_FOUND', `The CRM has no opportunity ${id}`)
      const o = row.opportunity
      return {
        id: o.externalRef,
        accountId: row.accountRef,
        name: o.name,
        stage: o.stage,
        amountKobo: o.amountKobo,
        productCode: o.productCode,
        closeDate: o.closeDate,
      }
    },
  }
}
