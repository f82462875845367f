import { PERMISSIONS } from '@/lib/permissions/names'

/** Who reads screening results, the queue, the lists and the search. */
export const SCREENING_READERS = [PERMISSIONS.CAN_READ_SCREENING, PERMISSIONS.CAN_ADJUDICATE_SCREENING] as const
/** Who may ask a business's screening: readers of the business see only how far it is, screening readers all of it. */
export const SCREENING_STATE_READERS = [PERMISSIONS.CAN_READ_BUSINESS, ...SCREENING_READERS] as const
/** Who adjudicates a candidate. */
export const SCREENING_ADJUDICATORS = [PERMISSIONS.CAN_ADJUDICATE_SCREENING] as const
/** Who loads a list, adds a designation, or proposes a new threshold (each through four-eyes). */
export const SCREENING_LIST_MANAGERS = [PERMISSIONS.CAN_MANAGE_SCREENING_LISTS] as const
