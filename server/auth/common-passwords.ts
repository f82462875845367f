import list from './common-passwords.json'

const COMMON = new Set<string>(list)

/** One of the 3,000 most common passwords (compared case-insensitively); server-only, to keep it out of bundles. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase())
}
