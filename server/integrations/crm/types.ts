import type { CrmAccount, CrmOpportunity } from '@/lib/contracts/crm'

/**
 * The CRM behind `/crm/*`: one interface, two adapters (docs/architecture.md#runtime-parts). `database` is the
 * built-in directory (`crm_accounts`, imported from CSV by staff); `salesforce` calls a Salesforce org's REST API.
 * Adapters throw AppError: UPSTREAM_FAILED (502) when the CRM fails, NOT_FOUND for an unknown opportunity.
 */
export interface CrmDirectory {
  readonly name: 'database' | 'salesforce'
  /** Accounts whose name contains `name` (ignoring case), at most `limit`, by name. */
  searchAccounts(name: string, limit: number): Promise<CrmAccount[]>
  /** The opportunity with this CRM id; NOT_FOUND when the CRM has none. */
  getOpportunity(id: string): Promise<CrmOpportunity>
}
