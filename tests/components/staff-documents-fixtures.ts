import type { CacReviewRow } from '@/lib/contracts/cac-review'
import type { DeferralDetail, StaffDeferral } from '@/lib/contracts/deferral-review'
import type { KycDocument } from '@/lib/contracts/kyc-documents'
import { SYSTEM_ROLES } from '@/lib/permissions/roles'
import { OTHER_STAFF_ID } from './admin-api-mock'

export const roleOf = (name: string) => [...SYSTEM_ROLES.find((r) => r.name === name)!.permissions] as string[]

export const OWNER_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc'
const KYC_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd'

let n = 0
/** A fresh UUID-shaped id starting with the 8 hex digits of `prefix`. */
const uuid = (prefix: string) => `${prefix}-0000-4000-8000-${String(++n).padStart(12, '0')}`

export function kycDocument(
  overrides: Partial<KycDocument> & { code?: string; name?: string; isCac?: boolean } = {},
): KycDocument {
  const { code = 'TIN_CERTIFICATE', name = 'TIN certificate', isCac = false, ...rest } = overrides
  const id = uuid('e0000000')
  return {
    id,
    kycDetailsId: KYC_ID,
    businessId: '44444444-4444-4444-8444-444444444444',
    documentType: { id: uuid('f0000000'), code, name, isCac, typeOwner: 'COMPANY' },
    shareholderId: null,
    shareholderName: null,
    file: {
      id: uuid('a1000000'),
      fileName: `${code.toLowerCase()}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: 2048,
      url: `/api/v1/files/${id}`,
    },
    status: 'PENDING',
    reviewComment: null,
    reviewedBy: null,
    reviewedAt: null,
    reuploadReason: null,
    reuploadRequestedBy: null,
    reuploadRequestedAt: null,
    reuploadResolvedAt: null,
    uploadedBy: OWNER_ID,
    createdAt: '2026-03-02T09:00:00.000Z',
    ...rest,
  }
}

export function cacRow(overrides: Partial<CacReviewRow> = {}): CacReviewRow {
  const kycDetailsId = uuid('b2000000')
  const businessId = uuid('c3000000')
  return {
    dueAt: null,
    dueStatus: null,
    kycDetailsId,
    business: {
      id: businessId,
      name: `Kano Textiles ${n} Limited`,
      regNo: `RC20000${n}`,
      registrationClass: 'RC',
      approvalStatus: 'PENDING',
      createdBy: OTHER_STAFF_ID,
    },
    status: 'PENDING',
    pendingCount: 2,
    documents: [
      kycDocument({
        kycDetailsId,
        businessId,
        code: 'CERTIFICATE_OF_INCORPORATION',
        name: 'Certificate of incorporation',
        isCac: true,
      }),
      kycDocument({ kycDetailsId, businessId, code: 'CAC_2', name: 'CAC 2 – Statement of share capital', isCac: true }),
    ],
    submittedAt: '2026-03-02T09:00:00.000Z',
    reviewedAt: null,
    ...overrides,
  }
}

export function staffDeferral(overrides: Partial<StaffDeferral> = {}): StaffDeferral {
  const businessId = uuid('c3000000')
  return {
    id: uuid('d4000000'),
    businessId,
    documentType: { id: uuid('f0000000'), code: 'TIN_CERTIFICATE', name: 'TIN certificate', isCac: false },
    days: 14,
    reason: 'The tax office is reissuing it; we expect it within two weeks.',
    status: 'PENDING',
    displayStatus: 'PENDING',
    isOverdue: false,
    requestedBy: OWNER_ID,
    requestedAt: '2026-03-03T10:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    decisionComment: null,
    dueDate: null,
    fulfilledAt: null,
    business: {
      id: businessId,
      name: `Abuja Logistics ${n} Limited`,
      regNo: `RC30000${n}`,
      registrationClass: 'RC',
      approvalStatus: 'PENDING',
      createdBy: null,
    },
    requestedByName: 'Ngozi Okafor',
    decidedByName: null,
    ...overrides,
  }
}

export const deferralDetail = (overrides: Partial<DeferralDetail> = {}): DeferralDetail => ({
  ...staffDeferral(),
  history: [],
  ...overrides,
})
