export const TYPES = [
  { id: '11111111-1111-4111-8111-111111111111', name: 'Private Limited Company', description: null },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Business Name', description: null },
]
export const CATEGORIES = [{ id: '33333333-3333-4333-8333-333333333333', name: 'Manufacturing', description: null }]

export const BUSINESS_ID = '44444444-4444-4444-8444-444444444444'

export function business(overrides: Record<string, unknown> = {}) {
  return {
    id: BUSINESS_ID,
    name: 'Adebayo Foods Limited',
    regNo: 'RC1234567',
    registrationClass: 'RC',
    typeId: TYPES[0]!.id,
    categoryId: CATEGORIES[0]!.id,
    email: 'info@adebayofoods.ng',
    phone: '+2348031234567',
    website: null,
    divisionId: null,
    address: { line1: '14 Broad Street', line2: null, city: 'Lagos', country: 'Nigeria', state: 'Lagos', lga: 'Lagos Island' },
    approvalStatus: 'PENDING',
    kycDetailsCompleted: false,
    archiveStatus: 'ACTIVE',
    blocked: false,
    blockedReasons: [],
    assigneeId: null,
    recertificationDate: null,
    createdBy: null,
    createdAt: '2026-01-14T10:00:00.000Z',
    approvedAt: null,
    ...overrides,
  }
}
