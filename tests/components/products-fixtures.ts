/** Shared sample data for the products-* and onboarding-* component tests. */
export const BUSINESS_ID = '44444444-4444-4444-8444-444444444444'
export const PRODUCT_ID = '55555555-5555-4555-8555-555555555555'
export const ONBOARDING_ID = '77777777-7777-4777-8777-777777777777'
export const FILE_ID = '88888888-8888-4888-8888-888888888888'

export function product(overrides: Record<string, unknown> = {}) {
  return {
    id: PRODUCT_ID,
    code: 'POS-ACQUIRING',
    name: 'POS terminal acquiring',
    description: 'Accept cards in your shops.',
    categoryId: '11111111-1111-4111-8111-111111111111',
    category: { id: '11111111-1111-4111-8111-111111111111', name: 'Payments and Collections' },
    divisionId: '22222222-2222-4222-8222-222222222222',
    division: { id: '22222222-2222-4222-8222-222222222222', code: 'PAY', name: 'Payments' },
    active: true,
    live: true,
    kycDocumentTypeIds: [],
    requirements: [
      { key: 'settlement_account', label: 'Settlement account number', type: 'Text Input', required: true, help: '10 digits' },
      { key: 'shop_front_photo', label: 'Photo of the shop front', type: 'Upload Document', required: true, help: null },
    ],
    requirementsVersion: 1,
    wentLiveAt: '2026-01-02T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  }
}

export function page<T>(content: T[]) {
  return { content, pageNumber: 1, pageSize: 24, totalElements: content.length, totalPages: 1 }
}

export function onboarding(overrides: Record<string, unknown> = {}) {
  const p = product()
  return {
    id: ONBOARDING_ID,
    status: 'PENDING',
    businessId: BUSINESS_ID,
    business: {
      id: BUSINESS_ID,
      name: 'Adebayo Foods Limited',
      regNo: 'RC1234567',
      approvalStatus: 'APPROVED',
      archiveStatus: 'ACTIVE',
      kycDetailsCompleted: true,
      blocked: false,
      blockedReasons: [],
    },
    productId: PRODUCT_ID,
    product: { id: PRODUCT_ID, code: p.code, name: p.name, category: p.category.name, live: true, active: true },
    requirementsVersion: 1,
    submittedAt: null,
    decidedAt: null,
    decisionComment: null,
    completedAt: null,
    removedAt: null,
    createdAt: '2026-02-01T09:00:00.000Z',
    updatedAt: '2026-02-01T09:00:00.000Z',
    editable: true,
    requirements: p.requirements,
    answers: [],
    missingRequired: ['settlement_account', 'shop_front_photo'],
    ...overrides,
  }
}
