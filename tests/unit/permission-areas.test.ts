import { describe, expect, it } from 'vitest'
import { ALL_PERMISSIONS, permissionArea, permissionScope, UNGROUPED_PERMISSIONS } from '@/lib/permissions'

describe('permission areas', () => {
  it('puts every permission in exactly one named area', () => {
    expect(UNGROUPED_PERMISSIONS).toEqual([])
    for (const p of ALL_PERMISSIONS) expect(permissionArea(p)).not.toBe('Other')
  })

  it('scopes a permission to business only when business roles may hold it', () => {
    expect(permissionScope('CAN_CREATE_KYC_DETAIL')).toBe('business')
    expect(permissionScope('CAN_APPROVE_BUSINESS')).toBe('staff')
    expect(permissionScope('CAN_UPDATE_AUTHORIZATION')).toBe('staff')
  })
})
