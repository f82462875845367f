import { describe, expect, it } from 'vitest'
import { permissionArea, permissionScope, UNGROUPED_PERMISSIONS } from '@/lib/permissions/areas'
import { ALL_PERMISSIONS } from '@/lib/permissions/names'

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
