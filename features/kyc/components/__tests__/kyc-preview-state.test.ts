import { describe, expect, it } from 'vitest'
import { ONBOARDING_GROUP } from '@/lib/permissions/checks'
import { kycPreviewState } from '../../model/kyc-preview-state'

const owner = new Set<string>(ONBOARDING_GROUP)
const viewer = new Set<string>(['CAN_READ_BUSINESS'])
const business = (over: Partial<Parameters<typeof kycPreviewState>[0]> = {}) => ({
  approvalStatus: 'PENDING' as const,
  archiveStatus: 'ACTIVE' as const,
  kycDetailsCompleted: false,
  ...over,
})

describe('kycPreviewState', () => {
  it('offers the submission of a KYC still being captured to whoever may change it', () => {
    expect(kycPreviewState(business(), owner)).toEqual({
      readOnly: false,
      underReview: false,
      canSubmit: true,
      submitLabel: 'Submit for review',
    })
    expect(kycPreviewState(business(), viewer)).toMatchObject({ readOnly: true, canSubmit: false })
  })

  it('says a submitted, pending KYC is under review and offers no second submission', () => {
    expect(kycPreviewState(business({ kycDetailsCompleted: true }), owner)).toMatchObject({
      underReview: true,
      canSubmit: false,
    })
  })

  it('offers a declined KYC again, and nothing for an approved or archived business', () => {
    expect(kycPreviewState(business({ approvalStatus: 'DECLINED', kycDetailsCompleted: true }), owner)).toMatchObject({
      underReview: false,
      canSubmit: true,
      submitLabel: 'Submit again for review',
    })
    expect(kycPreviewState(business({ approvalStatus: 'APPROVED', kycDetailsCompleted: true }), owner).canSubmit).toBe(false)
    expect(kycPreviewState(business({ archiveStatus: 'ARCHIVED' }), owner)).toMatchObject({ readOnly: true, canSubmit: false })
  })
})
