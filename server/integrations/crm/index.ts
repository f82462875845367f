import { getConfig } from '@/lib/config/env'
import type { Database } from '@/server/db/client'
import { databaseCrm } from './database-crm'
import { salesforceCrm } from './salesforce-crm'
import type { CrmDirectory } from './types'

export type { CrmDirectory } from './types'

let salesforce: { key: string; directory: CrmDirectory } | null = null

/**
 * The configured CRM (`CRM_PROVIDER`): the built-in directory on this database, or Salesforce (one adapter per
 * configuration, so its token is reused between requests).
 */
export function getCrm(db: Database): CrmDirectory {
  const crm = getConfig().crm
  if (crm.provider === 'database') return databaseCrm(db)
  const key = `${crm.url}\n${crm.clientId}\n${crm.clientSecret}`
  if (salesforce?.key !== key) salesforce = { key, directory: salesforceCrm(crm) }
  return salesforce.directory
}
