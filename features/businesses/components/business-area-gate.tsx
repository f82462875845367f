import type { ReactNode } from 'react'
import { RequirePermission } from '@/components/layouts/require-permission'
import { paths } from '@/lib/navigation/paths'
import { isRestrictedFromBusinessArea } from '@/lib/permissions'

export interface BusinessAreaGateProps {
  iswStaff: boolean
  /** Permission names of the signed-in user. */
  permissions: readonly string[]
  /** Staff must also hold this to use the page (e.g. CAN_CREATE_BUSINESS to register a business on someone's behalf). */
  staffNeeds?: string
  isStaff?: boolean
  children: ReactNode
}

/**
 * domain.md, staff-restriction rule: a payment-group staff user holding a deciding permission may not use the
 * business self-service area (an approver must not also be an applicant). They, and staff lacking `staffNeeds`, get
 * the 403 content with a way back to the admin area; the API refuses them anyway.
 */
export function BusinessAreaGate({ iswStaff, permissions, staffNeeds, isStaff = false, children }: BusinessAreaGateProps) {
  return (
    <RequirePermission
      permissions={permissions}
      check={(held) =>
        !isRestrictedFromBusinessArea({ iswStaff, permissions: held }) && (!isStaff || !staffNeeds || held.has(staffNeeds))
      }
      homeHref={isStaff ? paths.admin.businesses() : paths.business.list()}
    >
      {children}
    </RequirePermission>
  )
}
