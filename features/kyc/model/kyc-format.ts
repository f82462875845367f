import type { KycAddress } from '../api/types'

/** `3 Marina, Lagos Island, Lagos, Nigeria`: an address on one line, without repeats. */
export function formatAddress(a: Pick<KycAddress, 'line1' | 'line2' | 'city' | 'lga' | 'state' | 'country'>): string {
  return [...new Set([a.line1, a.line2, a.city, a.lga, a.state, a.country].filter(Boolean))].join(', ')
}
