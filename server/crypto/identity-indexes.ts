import { normaliseIdNumber } from '@/lib/contracts/kyc-values'
import { blindIndex, configuredKeyRing, type KeyRing } from './field-cipher'

/** Blind index of a BVN (digits only), for finding the same person across shareholders and means of ID. */
export function bvnIndexOf(bvn: string | null | undefined, ring?: KeyRing): string | null {
  const digits = bvn?.replace(/\D/g, '')
  return digits ? blindIndex('bvn', digits, ring) : null
}

/** Blind index of an ID number (upper case, no spaces or hyphens), whatever the kind of ID. */
export function idNumberIndexOf(idNumber: string | null | undefined, ring?: KeyRing): string | null {
  const normalised = idNumber ? normaliseIdNumber(idNumber) : ''
  return normalised ? blindIndex('id_number', normalised, ring) : null
}

/**
 * The indexes a search by a number must match: under the index key, and, while an index key rotation runs
 * (DATA_INDEX_KEY_PREVIOUS), under the previous one too, so records not recomputed yet are still found.
 */
export function searchIndexesOf(
  indexOf: (value: string | null | undefined, ring?: KeyRing) => string | null,
  value: string | null | undefined,
  ring: KeyRing = configuredKeyRing(),
): string[] {
  const previous = ring.previousIndexKey ? indexOf(value, { ...ring, indexKey: ring.previousIndexKey }) : null
  return [indexOf(value, ring), previous].filter((i): i is string => !!i)
}
