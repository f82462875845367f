import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { EddStep } from '@/features/kyc/components/edd-step'
import type { EddItemView, EnhancedDueDiligence } from '@/lib/contracts/risk-edd'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/mock-api'

const BUSINESS_ID = '44444444-4444-4444-8444-444444444444'
const KYC_ID = '55555555-5555-4555-8555-555555555555'
const ADA = '66666666-6666-4666-8666-666666666666'
const PATH = `/kyc/${KYC_ID}/enhanced-due-diligence`

function item(overrides: Partial<EddItemView> & Pick<EddItemView, 'item' | 'label'>): EddItemView {
  return {
    shareholderId: null,
    personName: null,
    answer: null,
    answeredAt: null,
    documentTypeId: null,
    documentTypeName: null,
    document: null,
    complete: false,
    missing: ['Answer the question'],
    ...overrides,
  }
}

const OPEN: EnhancedDueDiligence = {
  required: true,
  reasons: ['Because your business is in a sector regulators treat as higher risk'],
  kycDetailsId: KYC_ID,
  outstanding: 4,
  items: [
    item({
      item: 'SOURCE_OF_FUNDS',
      label: 'Source of funds',
      documentTypeId: '77777777-7777-4777-8777-777777777777',
      documentTypeName: 'Evidence of source of funds',
      missing: ['Answer the question', 'Upload the evidence of source of funds'],
    }),
    item({ item: 'SOURCE_OF_WEALTH', label: 'Source of wealth of Ada Obi', shareholderId: ADA, personName: 'Ada Obi' }),
    item({ item: 'PURPOSE_OF_RELATIONSHIP', label: 'Purpose of the relationship' }),
  ],
}

let api: ReturnType<typeof mockApi> | undefined
afterEach(() => api?.restore())

const limits = route('GET', '/files/upload-limits', { data: { maxBytes: 5 * 1024 * 1024, allowedTypes: ['application/pdf'] } })

describe('EddStep', () => {
  it('says why it applies in plain words, never a score, and lists every item', async () => {
    api = mockApi(route('GET', PATH, { data: OPEN }), limits)
    renderWithClient(<EddStep businessId={BUSINESS_ID} kycDetailsId={KYC_ID} readOnly={false} />)
    const reasons = await screen.findByTestId('edd-reasons')
    expect(within(reasons).getByText('Because your business is in a sector regulators treat as higher risk.')).toBeTruthy()
    expect(screen.getByTestId('edd-step').textContent!.toLowerCase()).not.toMatch(/score|points/)
    expect(screen.getByRole('heading', { name: 'Source of wealth of Ada Obi' })).toBeTruthy()
    expect(screen.getByText('4 things are still missing.')).toBeTruthy()
  })

  it('checks the answer with the API’s schema, then saves it and shows the API’s field error', async () => {
    let sent: unknown
    api = mockApi(
      route('GET', PATH, { data: OPEN }),
      route('PUT', PATH, (call) => {
        sent = call.body
        return apiError(400, 'VALIDATION_FAILED', 'Say it in at least 20 characters', 'purpose')
      }),
      limits,
    )
    renderWithClient(<EddStep businessId={BUSINESS_ID} kycDetailsId={KYC_ID} readOnly={false} />)
    const form = await screen.findByRole('form', { name: 'Purpose of the relationship' })
    const field = within(form).getByLabelText(/Purpose of the relationship/)
    fireEvent.change(field, { target: { value: 'Too short' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save the answer' }))
    expect(await within(form).findByText('Say it in at least 20 characters')).toBeTruthy()
    expect(sent).toBeUndefined()

    fireEvent.change(field, { target: { value: 'Collecting premiums and paying claims' } })
    // The schema's message goes once the answer is long enough, so the one found below can only be the API's.
    await waitFor(() => expect(within(form).queryByText('Say it in at least 20 characters')).not.toBeInTheDocument())
    fireEvent.click(within(form).getByRole('button', { name: 'Save the answer' }))
    await waitFor(() =>
      expect(sent).toEqual({ item: 'PURPOSE_OF_RELATIONSHIP', purpose: 'Collecting premiums and paying claims' }),
    )
    expect(await within(form).findByText('Say it in at least 20 characters')).toBeTruthy()
  })

  it('read-only (an approved business): the answers without forms', async () => {
    const answered: EnhancedDueDiligence = {
      ...OPEN,
      outstanding: 0,
      items: [
        item({
          item: 'PURPOSE_OF_RELATIONSHIP',
          label: 'Purpose of the relationship',
          answer: { purpose: 'Collecting premiums and paying claims' },
          complete: true,
          missing: [],
        }),
      ],
    }
    api = mockApi(route('GET', PATH, { data: answered }), limits)
    renderWithClient(<EddStep businessId={BUSINESS_ID} kycDetailsId={KYC_ID} readOnly />)
    expect(await screen.findByText('Collecting premiums and paying claims')).toBeTruthy()
    expect(screen.queryByRole('form')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Change the answer' })).toBeNull()
  })

  it('a business not rated high-risk has nothing to answer', async () => {
    api = mockApi(route('GET', PATH, { data: { ...OPEN, required: false, reasons: [], outstanding: 0 } }), limits)
    renderWithClient(<EddStep businessId={BUSINESS_ID} kycDetailsId={KYC_ID} readOnly={false} />)
    expect(await screen.findByText(/No enhanced due diligence is asked of your business/)).toBeTruthy()
  })
})
