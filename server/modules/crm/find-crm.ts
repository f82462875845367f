import { PERMISSIONS as P } from '@/lib/permissions/names'
import type { Database } from '@/server/db/client'
import { assertStaffWithAll } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { getCrm } from '@/server/integrations/crm'

/** Who may look the CRM up: staff who register businesses (the CRM flow starts the create-business form). */
export const CRM_READERS = [P.CAN_CREATE_BUSINESS] as const

/** `GET /crm/search-accounts`: accounts of the configured CRM whose name contains `accountName`, at most `sizeLimit`. */
export async function searchCrmAccounts(options: { db: Database; actor: Actor; accountName: string; sizeLimit: number }) {
  assertStaffWithAll(options.actor, ...CRM_READERS)
  return getCrm(options.db).searchAccounts(options.accountName, options.sizeLimit)
}

/** `GET /crm/opportunities/{id}`: one opportunity of the configured CRM (404 when it has none). */
export async function getCrmOpportunity(options: { db: Database; actor: Actor; id: string }) {
  assertStaffWithAll(options.actor, ...CRM_READERS)
  return getCrm(options.db).getOpportunity(options.id)
}
