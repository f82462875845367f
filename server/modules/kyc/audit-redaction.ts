import { maskIdNumber } from '@/lib/contracts/kyc-values'

/** Identity numbers a KYC row may carry; the audit log keeps them masked (it is read by every auditor). */
const PERSONAL_NUMBER_KEYS = ['idNumber', 'bvn', 'nin'] as const

/**
 * The row as the audit log stores it: identity numbers masked (`A*****678`), everything else as is, so a change of
 * number still shows as a change without the log becoming a copy of people's IDs.
 */
export function redactPersonalNumbers<T extends object>(row: T): T
export function redactPersonalNumbers<T extends object>(row: T | null | undefined): T | null | undefined
export function redactPersonalNumbers<T extends object>(row: T | null | undefined): T | null | undefined {
  if (!row) return row
  const copy = { ...row } as Record<string, unknown>
  for (const key of PERSONAL_NUMBER_KEYS) {
    if (typeof copy[key] === 'string') copy[key] = maskIdNumber(copy[key])
  }
  return copy as T
}
