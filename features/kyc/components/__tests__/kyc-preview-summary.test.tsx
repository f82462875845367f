import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Business } from '../../api/types'
import { KycPreviewSummary, type KycPreviewSummaryProps } from '../kyc-preview-summary'

const business = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Acme Ltd',
  regNo: 'RC1234567',
  approvalStatus: 'DECLINED',
  kycDetailsCompleted: true,
} as Business

const props = (over: Partial<KycPreviewSummaryProps> = {}): KycPreviewSummaryProps => ({
  business,
  state: { readOnly: false, underReview: false, canSubmit: true, submitLabel: 'Submit again for review' },
  problems: [],
  missing: null,
  missingId: 'missing',
  submitting: false,
  onSubmit: vi.fn(),
  pdfBusy: false,
  onDownloadPdf: vi.fn(),
  stepsHref: '/s/businesses/dashboard-details/kyc',
  ...over,
})

describe('KycPreviewSummary', () => {
  it('offers the submission, the PDF and the way back to the steps, and lists what the steps still lack', () => {
    render(<KycPreviewSummary {...props({ problems: ['Add a registered address.'] })} />)
    expect(screen.getByRole('heading', { name: 'Acme Ltd' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Submit again for review' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the KYC steps' })).toHaveAttribute(
      'href',
      '/s/businesses/dashboard-details/kyc',
    )
    expect(screen.getByText('Before you submit:')).toBeInTheDocument()
    expect(screen.getByText('Add a registered address.')).toBeInTheDocument()
  })

  it('shows what the completion call said is missing instead of its own list, as an alert', () => {
    render(
      <KycPreviewSummary
        {...props({
          problems: ['Add a registered address.'],
          missing: [{ code: 'PRECONDITION_FAILED', message: 'The CAC certificate.' }],
        })}
      />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('The KYC cannot be submitted yet. Still missing:The CAC certificate.')
    expect(screen.queryByText('Before you submit:')).not.toBeInTheDocument()
  })

  it('says a KYC under review is waiting for the decision, and offers a read-only user only the PDF', () => {
    render(
      <KycPreviewSummary
        {...props({
          business: { ...business, approvalStatus: 'PENDING' },
          state: { readOnly: true, underReview: true, canSubmit: false, submitLabel: 'Submit for review' },
          stepsHref: null,
        })}
      />,
    )
    expect(screen.getByText('Awaiting review')).toBeInTheDocument()
    expect(screen.getByText('KYC submitted')).toBeInTheDocument()
    expect(screen.getByText(/waits for a reviewer/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Submit/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Back to the KYC steps' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument()
  })

  it('does not ask the owner of an approved business to fix what only staff may change', () => {
    render(
      <KycPreviewSummary
        {...props({
          business: { ...business, approvalStatus: 'APPROVED' },
          state: { readOnly: true, underReview: false, canSubmit: false, submitLabel: 'Submit for review' },
          problems: ['Ada Obi owns 40% of the business and is a beneficial owner: add a current means of ID for them (step 3).'],
          stepsHref: null,
        })}
      />,
    )
    expect(screen.queryByText('Before you submit:')).not.toBeInTheDocument()
    expect(screen.getByText('Still open. The business is approved, so our staff make these changes:')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Submit/ })).not.toBeInTheDocument()
  })
})
