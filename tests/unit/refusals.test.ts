import { describe, expect, it } from 'vitest'
import { ALL_PERMISSIONS, PERMISSIONS as P } from '@/lib/permissions/names'
import { PERMISSION_WORDS, permissionRefused, refusalMessage, rolesHolding } from '@/server/http/refusals'

describe('refusals in words', () => {
  it('has words for every permission, none of them a code', () => {
    for (const permission of ALL_PERMISSIONS) {
      expect(PERMISSION_WORDS[permission], permission).toBeTruthy()
      expect(PERMISSION_WORDS[permission]).not.toMatch(/CAN_/)
    }
  })

  it('says what the caller cannot do and which roles can', () => {
    expect(refusalMessage([P.CAN_APPROVE_ONBOARD_PRODUCT], { scope: 'staff' })).toBe(
      'You cannot approve or decline product applications: super admins and approvers can.',
    )
    expect(refusalMessage([P.CAN_CREATE_DEFERRAL], { scope: 'business' })).toBe(
      "You cannot ask to provide a document later: the business's owners can.",
    )
    // Every one needed: only the roles holding them all are named.
    expect(rolesHolding([P.CAN_UPDATE_PRODUCT, P.CAN_APPROVE_BUSINESS], { match: 'all' })).toEqual(['super admins'])
    expect(refusalMessage([P.CAN_UPDATE_PRODUCT, P.CAN_APPROVE_BUSINESS], { match: 'all', scope: 'staff' })).toBe(
      'You cannot configure products and approve or decline businesses: super admins can.',
    )
  })

  it('keeps the codes in the machine field of the 403', () => {
    const error = permissionRefused([P.CAN_VERIFY_ADDRESS], { scope: 'staff' })
    expect(error.code).toBe('FORBIDDEN')
    expect(error.details).toEqual([
      {
        code: 'FORBIDDEN',
        message: 'You cannot verify addresses: super admins and KYC analysts can.',
        permissions: ['CAN_VERIFY_ADDRESS'],
      },
    ])
  })
})
