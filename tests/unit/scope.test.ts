import { describe, expect, it } from 'vitest'
import { PERMISSIONS as P, type Permission } from '@/lib/permissions/names'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertBusinessAccess, canActOnBusiness } from '@/server/http/scope'

function actor(overrides: Partial<Actor>): Actor {
  return {
    userId: 'u',
    sessionId: 's',
    email: 'u@example.com',
    firstName: 'U',
    lastName: 'Ser',
    permissions: new Set(),
    staffPermissions: new Set(),
    memberships: [],
    isStaff: false,
    iswStaff: false,
    tokenExpiresAt: 0,
    proof: { factorVerifiedAt: null, passwordVerifiedAt: null, hasFactor: false, enrolmentOnly: false },
    ...overrides,
  }
}

const codeOf = (fn: () => void) => {
  try {
    fn()
    return 'ok'
  } catch (error) {
    return (error as AppError).code
  }
}

describe('object-level access', () => {
  const owner = actor({
    memberships: [{ businessId: 'mine', role: 'BUSINESS_OWNER', permissions: new Set<Permission>([P.CAN_READ_BUSINESS]) }],
  })

  it('lets a member act on their own business with a permission they hold there', () => {
    expect(codeOf(() => assertBusinessAccess(owner, 'mine', P.CAN_READ_BUSINESS))).toBe('ok')
  })
  it('answers NOT_FOUND for another business, never revealing it', () => {
    expect(codeOf(() => assertBusinessAccess(owner, 'theirs', P.CAN_READ_BUSINESS))).toBe('NOT_FOUND')
    expect(codeOf(() => assertBusinessAccess(owner, 'theirs'))).toBe('NOT_FOUND')
  })
  it('answers FORBIDDEN inside their own business when the role lacks the permission', () => {
    expect(codeOf(() => assertBusinessAccess(owner, 'mine', P.CAN_UPDATE_BUSINESS))).toBe('FORBIDDEN')
  })
  it('lets staff act on every business with their staff permissions only', () => {
    const staff = actor({ isStaff: true, staffPermissions: new Set<Permission>([P.CAN_READ_BUSINESS, P.CAN_APPROVE_BUSINESS]) })
    expect(canActOnBusiness(staff, 'any', P.CAN_APPROVE_BUSINESS)).toBe(true)
    expect(codeOf(() => assertBusinessAccess(staff, 'any', P.CAN_UPDATE_BUSINESS))).toBe('FORBIDDEN')
  })
})
