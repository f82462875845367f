import { canEditKyc, hasAllPermissions, POST_APPROVAL_GROUP } from '@/lib/permissions/checks'
import type { Business } from '../api/types'

/**
 * Whether these screens offer KYC changes (the API's KYC edit check decides anyway): before approval the onboarding
 * group (or the post-approval group); after approval only the post-approval group; never for an archived business.
 */
export function kycEditState(
  business: Pick<Business, 'approvalStatus' | 'archiveStatus'>,
  held: ReadonlySet<string>,
): { readOnly: boolean; reason: string | null } {
  if (business.archiveStatus === 'ARCHIVED')
    return { readOnly: true, reason: 'This business is archived, so its KYC cannot change.' }
  if (business.approvalStatus === 'APPROVED') {
    return hasAllPermissions(held, POST_APPROVAL_GROUP)
      ? { readOnly: false, reason: null }
      : {
          readOnly: true,
          reason: 'This business is approved. Changes to its KYC are made by our staff: contact support to request one.',
        }
  }
  return canEditKyc(held)
    ? { readOnly: false, reason: null }
    : { readOnly: true, reason: 'You can view this KYC, but your role in this business does not let you change it.' }
}

/**
 * What the signed-in user may do inside one business: staff permissions hold everywhere, a business user's are
 * those of their role in that business (docs/domain.md#actors).
 */
export function permissionsInBusiness(
  account: { isStaff: boolean; businesses: readonly { businessId: string; permissions: readonly string[] }[] },
  permissions: readonly string[],
  businessId: string,
): ReadonlySet<string> {
  if (account.isStaff) return new Set(permissions)
  return new Set(account.businesses.find((b) => b.businessId === businessId)?.permissions ?? [])
}
