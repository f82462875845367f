export { apiError, mockApi, renderWithClient, route, type Answer, type Call, type Route } from './mock-api'

export const page = <T,>(content: T[]) => ({ content, pageNumber: 1, pageSize: 10, totalElements: content.length, totalPages: 1 })

export const STAFF_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'
export const OTHER_STAFF_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'
export const TYPE = { id: '11111111-1111-4111-8111-111111111111', name: 'Private Limited Company', description: null }
export const CATEGORY = { id: '33333333-3333-4333-8333-333333333333', name: 'Manufacturing', description: null }

let n = 0
export function business(overrides: Record<string, unknown> = {}) {
  n += 1
  return {
    id: `4444444${n}-4444-4444-8444-444444444444`.slice(0, 36),
    name: `Adebayo Foods ${n} Limited`,
    regNo: `RC100000${n}`,
    registrationClass: 'RC',
    typeId: TYPE.id,
    categoryId: CATEGORY.id,
    email: 'info@adebayofoods.ng',
    phone: '+2348031234567',
    website: null,
    divisionId: null,
    address: { line1: '14 Broad Street', line2: null, city: 'Lagos', country: 'Nigeria', state: 'Lagos', lga: 'Lagos Island' },
    approvalStatus: 'PENDING',
    kycDetailsCompleted: true,
    archiveStatus: 'ACTIVE',
    blocked: false,
    blockedReasons: [],
    assigneeId: null,
    recertificationDate: null,
    createdBy: OTHER_STAFF_ID,
    createdAt: '2026-03-01T09:00:00.000Z',
    approvedAt: null,
    ...overrides,
  }
}
