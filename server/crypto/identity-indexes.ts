import { normaliseIdNumber } from '@/lib/contracts/kyc-values'
import { blindIndex, type KeyRing } from './field-cipher'

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
