import { eq } from 'drizzle-orm'
import { hasAllPermissions, ONBOARDING_GROUP, POST_APPROVAL_GROUP } from '@/lib/permissions'
import type { Executor } from '@/server/db/client'
import { businesses, type Business } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'

/**
 * Every KYC write needs the whole onboarding group in the business (or as staff), plus the write's own permission;
 * the whole post-approval group passes too, and is the only way once the business is approved.
 */
export const KYC_EDITORS = ONBOARDING_GROUP

/** The permissions the actor holds over this business: staff globally, a member inside it; null when neither. */
function permissionsOver(actor: Actor, businessId: string): ReadonlySet<string> | null {
  if (actor.isStaff) return actor.staffPermissions
  return actor.memberships.find((m) => m.businessId === businessId)?.permissions ?? null
}

/**
 * The KYC edit check of domain.md, for every KYC write (details, addresses, means of ID, shareholders, documents,
 * drafts). Before approval the whole onboarding group (or the whole post-approval group) passes; once the business
 * is approved only the whole post-approval group does, so approved KYC changes go through staff. Another business
 * answers 404; an archived business cannot change. Returns the business row so callers need not load it again.
 * Pass `lockForWrite` with the write's transaction as `db` to re-check under a row lock.
 */
export async function assertKycEditable(options: { db: Executor; actor: Actor; businessId: string; lockForWrite?: boolean }): Promise<Business> {
  const held = permissionsOver(options.actor, options.businessId)
  if (!held) throw new AppError('NOT_FOUND', 'Business not found')
  const query = options.db.select().from(businesses).where(eq(businesses.id, options.businessId))
  // Inside a write's transaction: hold the business row so an approval or archive waits for this write to finish.
  const [business] = options.lockForWrite ? await query.for('share') : await query
  if (!business) throw new AppError('NOT_FOUND', 'Business not found')

  if (business.archiveStatus === 'ARCHIVED') {
    throw new AppError('INVALID_STATE', 'This business is archived; its KYC cannot change until it is unarchived')
  }
  const postApproval = hasAllPermissions(held, POST_APPROVAL_GROUP)
  if (business.approvalStatus === 'APPROVED') {
    if (!postApproval) {
      throw new AppError('FORBIDDEN', 'This business is approved; changes to its KYC are made by our staff. Contact support to request one.')
    }
    return business
  }
  if (!postApproval && !hasAllPermissions(held, KYC_EDITORS)) {
    throw new AppError('FORBIDDEN', 'You need the KYC onboarding permissions of this business to change its KYC')
  }
  return business
}
