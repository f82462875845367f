import { describe, expect, it } from 'vitest'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { BUSINESS_LISTS, businessListRights, rowActions } from '../../model/business-list-variants'

const approved = { approvalStatus: 'APPROVED' as const, archiveStatus: 'ACTIVE' as const }
const all = { canArchive: true, canRecertify: true }

describe('businessListRights', () => {
  it('archives with CAN_UPDATE_BUSINESS, recertifies with the post-approval or the approval permission, registers with CAN_CREATE_BUSINESS', () => {
    expect(businessListRights([P.CAN_READ_BUSINESS])).toEqual({ canArchive: false, canRecertify: false, canCreate: false })
    expect(businessListRights([P.CAN_UPDATE_BUSINESS, P.CAN_CREATE_BUSINESS])).toEqual({
      canArchive: true,
      canRecertify: false,
      canCreate: true,
    })
    expect(businessListRights([P.CAN_UPDATE_APPROVED_BUSINESS_INFO]).canRecertify).toBe(true)
    expect(businessListRights([P.CAN_APPROVE_BUSINESS]).canRecertify).toBe(true)
  })
})

describe('rowActions', () => {
  it('offers the recertification date of an approved business on the registered and blocked lists, not on the list of all', () => {
    expect(rowActions(approved, 'registered', all)).toEqual(['recertify', 'archive'])
    expect(rowActions(approved, 'blocked', all)).toEqual(['recertify', 'archive'])
    expect(rowActions(approved, 'all', all)).toEqual(['archive'])
    expect(rowActions({ ...approved, approvalStatus: 'PENDING' }, 'blocked', all)).toEqual(['archive'])
  })

  it('offers unarchive for an archived business, and only what the permissions allow', () => {
    expect(rowActions({ ...approved, archiveStatus: 'ARCHIVED' }, 'all', all)).toEqual(['unarchive'])
    expect(rowActions(approved, 'registered', { canArchive: false, canRecertify: true })).toEqual(['recertify'])
    expect(rowActions(approved, 'registered', { canArchive: false, canRecertify: false })).toEqual([])
  })
})

describe('BUSINESS_LISTS', () => {
  it('fixes APPROVED on the registered list (and stops offering that filter) and blocked=true on the blocked list', () => {
    expect(BUSINESS_LISTS.all).toMatchObject({ fixed: {}, hidden: [] })
    expect(BUSINESS_LISTS.registered).toMatchObject({ fixed: { approvalStatus: 'APPROVED' }, hidden: ['approvalStatus'] })
    expect(BUSINESS_LISTS.blocked).toMatchObject({ fixed: { blocked: 'true' }, hidden: [] })
  })
})
