import { describe, expect, it } from 'vitest'
import type { ChecklistItem } from '@/lib/contracts/kyc-documents'
import { businessStatus } from '@/lib/status/business-status'
import { documentRequirementStatus, documentsProgress } from '@/lib/status/document-status'
import { kycStatus, kycStepStatus } from '@/lib/status/kyc-status'
import { productApplicationStatus } from '@/lib/status/product-status'

const base = {
  approvalStatus: 'PENDING' as const,
  kycDetailsCompleted: false,
  archiveStatus: 'ACTIVE' as const,
  blocked: false,
  blockedReasons: [],
}

const item = (code: string, state: ChecklistItem['state'], over: Partial<ChecklistItem> = {}): ChecklistItem => ({
  documentType: { id: code, code, name: code, isCac: true, description: null } as ChecklistItem['documentType'],
  required: true,
  alternativeGroup: null,
  canRequestDeferral: false,
  state,
  document: null,
  deferral: null,
  ...over,
})

describe('status presenters', () => {
  it('word the business by its phase, blocked and archived winning over the approval', () => {
    expect(businessStatus(base, { kycStarted: false })).toMatchObject({ code: 'NEW', next: { target: 'KYC' } })
    expect(businessStatus({ ...base, kycDetailsCompleted: true }).label).toBe('Awaiting review')
    expect(businessStatus({ ...base, kycDetailsCompleted: true, assigneeId: 'a' }).label).toBe('Under review')
    const decision = { decision: 'DECLINED' as const, comment: 'Wrong TIN', decidedAt: '', decidedBy: '' }
    expect(businessStatus({ ...base, kycDetailsCompleted: true, decision }).label).toBe('Resubmitted')
    expect(businessStatus({ ...base, approvalStatus: 'DECLINED', decision }).explanation).toContain('“Wrong TIN”')
    expect(
      businessStatus({ ...base, approvalStatus: 'APPROVED', blocked: true, blockedReasons: ['Recertification due'] }),
    ).toMatchObject({
      label: 'Blocked',
      explanation: expect.stringContaining('Recertification due'),
    })
    expect(businessStatus({ ...base, archiveStatus: 'ARCHIVED', blocked: true }).label).toBe('Archived')
  })

  it('say "submitted", never "completed", for the KYC', () => {
    const labels = [
      kycStatus(base, { kycStarted: false }),
      kycStatus(base),
      kycStatus({ ...base, kycDetailsCompleted: true }),
      kycStatus({ ...base, approvalStatus: 'DECLINED' }),
      kycStatus({ ...base, approvalStatus: 'APPROVED', kycDetailsCompleted: true }),
    ].map((s) => s.label)
    expect(labels).toEqual(['KYC not started', 'KYC not submitted', 'KYC submitted', 'KYC returned for changes', 'KYC approved'])
    expect(labels.join(' ')).not.toMatch(/complete/i)
    expect(kycStepStatus({ complete: false, gaps: 2 })).toMatchObject({ label: 'To do', detail: '2 things to do' })
    expect(kycStepStatus({ complete: true, gaps: 0 }).label).toBe('Done')
  })

  it('count a requirement once across its alternatives, mark the unused one not needed, and count optional ones apart', () => {
    const items = [
      item('CERT', 'UPLOADED'),
      item('CAC_7', 'MISSING', { alternativeGroup: 'G' }),
      item('STATUS_REPORT', 'APPROVED', { alternativeGroup: 'G' }),
      item('SCUML', 'MISSING', { required: false }),
    ]
    expect(documentRequirementStatus(items[1]!, items)).toMatchObject({ code: 'COVERED', label: 'Not needed' })
    expect(documentRequirementStatus(items[3]!, items)).toMatchObject({
      label: 'Not uploaded',
      tone: 'neutral',
      requirement: 'Optional',
    })
    const progress = documentsProgress({ items })
    expect(progress).toMatchObject({ required: 2, outstanding: 0, optional: 1, listed: 4 })
    expect(progress.sentence).toBe(
      'All 2 required documents (where two are marked as alternatives, either one counts) are provided or deferred. 1 more is optional.',
    )
    // Both alternatives missing: the requirement is outstanding, and neither is "not needed".
    const none = [
      item('CAC_7', 'MISSING', { alternativeGroup: 'G' }),
      item('STATUS_REPORT', 'REJECTED', { alternativeGroup: 'G' }),
    ]
    expect(documentRequirementStatus(none[0]!, none).label).toBe('Missing')
    expect(documentsProgress({ items: none })).toMatchObject({ required: 1, outstanding: 1, attention: true })
  })

  it('show an application completed as live', () => {
    expect(productApplicationStatus('COMPLETED')).toMatchObject({ label: 'Live', tone: 'success' })
    expect(productApplicationStatus('IN_REVIEW').label).toBe('In review')
  })
})
