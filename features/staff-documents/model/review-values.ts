import type { SelectOption } from '@/components/ui/select-field'

/**
 * Status words (docs/domain.md#status-words): filters offer all (no filter) plus the states; REJECTED is displayed
 * "Declined". No zod here: this ships to the browser.
 */
export const CAC_STATUS_OPTIONS: readonly SelectOption[] = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Declined' },
]

export const DEFERRAL_STATUS_OPTIONS: readonly SelectOption[] = [
  ...CAC_STATUS_OPTIONS,
  { value: 'OVERDUE', label: 'Overdue' },
  { value: 'FULFILLED', label: 'Fulfilled' },
]

export const ORDER_OPTIONS: readonly SelectOption[] = [{ value: 'false', label: 'Oldest first' }]
