import type { ApprovalCheck } from '@/lib/contracts/reviews'
import type { Executor } from '@/server/db/client'
import { assertStaffWithAny } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { getBusinessRowOrThrow } from '@/server/records/business-record'
import { findApprovalChecks } from './approval-checks'
import { REVIEW_READERS } from './review-access'

/** `GET /businesses/{id}/approval-checklist`: what the decision form shows before a reviewer approves. */
export async function findApprovalChecklist(options: {
  db: Executor
  actor: Actor
  businessId: string
}): Promise<ApprovalCheck[]> {
  assertStaffWithAny(options.actor, ...REVIEW_READERS)
  const business = await getBusinessRowOrThrow({ db: options.db, actor: options.actor, id: options.businessId })
  return findApprovalChecks(options.db, business)
}
