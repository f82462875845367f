/**
 * What the signed-in user may do inside one business. Business users' permissions hold per membership (their role
 * there); staff permissions hold in every business (docs/domain.md#actors). The API decides anyway: this only keeps
 * screens from offering what would be refused.
 */
export function permissionsInBusiness(input: {
  membership: { permissions: readonly string[] } | undefined
  isStaff: boolean
  permissions: readonly string[]
}): ReadonlySet<string> {
  if (input.isStaff) return new Set(input.permissions)
  return new Set<string>(input.membership?.permissions ?? [])
}

/** `BUSINESS_OWNER` → "Owner", `BUSINESS_MEMBER` → "Member"; anything else humanised. */
export function businessRoleLabel(role: string): string {
  if (role === 'BUSINESS_OWNER') return 'Owner'
  if (role === 'BUSINESS_MEMBER') return 'Member'
  const words = role
    .replace(/^BUSINESS_/, '')
    .replace(/_+/g, ' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
