import { PERMISSIONS } from '@/lib/permissions/names'
import type { Business } from '../api/types'
import type { BusinessFilterKey } from './business-list-filters'

/** Which staff list: every business, the approved ones (registered), the blocked ones, or the archived ones. */
export type BusinessListVariant = 'all' | 'registered' | 'blocked' | 'archived'

export interface BusinessListSettings {
  /** Filters the screen sets itself, on top of the URL's. */
  fixed: Partial<Record<string, string>>
  /** Filters not offered, because `fixed` sets them. */
  hidden: BusinessFilterKey[]
  caption: string
  emptyTitle: string
}

export const BUSINESS_LISTS: Record<BusinessListVariant, BusinessListSettings> = {
  all: { fixed: {}, hidden: [], caption: 'Businesses', emptyTitle: 'No business matches' },
  registered: {
    fixed: { approvalStatus: 'APPROVED' },
    hidden: ['approvalStatus'],
    caption: 'Registered (approved) businesses',
    emptyTitle: 'No approved business matches',
  },
  blocked: { fixed: { blocked: 'true' }, hidden: [], caption: 'Blocked businesses', emptyTitle: 'No business is blocked' },
  archived: {
    fixed: { archiveStatus: 'ARCHIVED' },
    hidden: ['archiveStatus'],
    caption: 'Archived businesses',
    emptyTitle: 'No business is archived',
  },
}

/** What the staff member's permissions let them do from a business list. */
export interface BusinessListRights {
  /** Archive and unarchive (CAN_UPDATE_BUSINESS). */
  canArchive: boolean
  /** Set the recertification date of an approved business. */
  canRecertify: boolean
  /** Register a business for a customer. */
  canCreate: boolean
}

export function businessListRights(permissions: readonly string[]): BusinessListRights {
  const held = new Set(permissions)
  return {
    canArchive: held.has(PERMISSIONS.CAN_UPDATE_BUSINESS),
    canRecertify: held.has(PERMISSIONS.CAN_UPDATE_APPROVED_BUSINESS_INFO) || held.has(PERMISSIONS.CAN_APPROVE_BUSINESS),
    canCreate: held.has(PERMISSIONS.CAN_CREATE_BUSINESS),
  }
}

export type BusinessAction = 'archive' | 'unarchive' | 'recertify'

/**
 * The actions offered on a row: the recertification date of an approved business (on the registered and blocked
 * lists), then archive or unarchive by its archive status.
 */
export function rowActions(
  business: Pick<Business, 'approvalStatus' | 'archiveStatus'>,
  variant: BusinessListVariant,
  rights: Pick<BusinessListRights, 'canArchive' | 'canRecertify'>,
): BusinessAction[] {
  const actions: BusinessAction[] = []
  if (rights.canRecertify && business.approvalStatus === 'APPROVED' && variant !== 'all') actions.push('recertify')
  if (rights.canArchive) actions.push(business.archiveStatus === 'ARCHIVED' ? 'unarchive' : 'archive')
  return actions
}
