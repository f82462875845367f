import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DocumentsChecklist } from '@/features/kyc/components/documents/documents-checklist'
import { DocumentsSummary } from '@/features/kyc/components/documents/documents-summary'
import type { ChecklistItem, DocumentChecklist, KycDocument } from '@/lib/contracts/kyc-documents'
import { ONBOARDING_GROUP, POST_APPROVAL_GROUP } from '@/lib/permissions/checks'
import { PERMISSIONS } from '@/lib/permissions/names'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/mock-api'

polyfillDialog()

const BUSINESS_ID = '44444444-4444-4444-8444-444444444444'
const KYC_ID = '55555555-5555-4555-8555-555555555555'
let n = 0
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`

function document(overrides: Partial<KycDocument> = {}): KycDocument {
  return {
    id: uuid(),
    kycDetailsId: KYC_ID,
    businessId: BUSINESS_ID,
    documentType: { id: uuid(), code: 'X', name: 'X', isCac: true, typeOwner: 'COMPANY' },
    shareholderId: null,
    shareholderName: null,
    file: { id: uuid(), fileName: 'scan.pdf', contentType: 'application/pdf', sizeBytes: 1200, url: '/api/v1/files/x' },
    status: 'PENDING',
    reviewComment: null,
    reviewedBy: null,
    reviewedAt: null,
    reuploadReason: null,
    reuploadRequestedBy: null,
    reuploadRequestedAt: null,
    reuploadResolvedAt: null,
    uploadedBy: null,
    createdAt: '2026-10-02T10:00:00.000Z',
    ...overrides,
  }
}

function item(name: string, state: ChecklistItem['state'], overrides: Partial<ChecklistItem> = {}): ChecklistItem {
  return {
    documentType: {
      id: uuid(),
      code: name.toUpperCase().replace(/\W+/g, '_'),
      name,
      description: null,
      isCac: true,
      typeOwner: 'COMPANY',
    },
    required: true,
    alternativeGroup: null,
    canRequestDeferral: false,
    state,
    document: null,
    deferral: null,
    ...overrides,
  }
}

const deferral = (overrides: Partial<NonNullable<ChecklistItem['deferral']>> = {}) => ({
  id: uuid(),
  status: 'PENDING' as const,
  isOverdue: false,
  days: 14,
  reason: 'Being reissued',
  dueDate: null,
  decisionComment: null,
  ...overrides,
})

function checklist(items: ChecklistItem[], overrides: Partial<DocumentChecklist> = {}): DocumentChecklist {
  return {
    businessId: BUSINESS_ID,
    registrationClass: 'RC',
    kycDetailsId: KYC_ID,
    kycDetailsCompleted: false,
    approvalStatus: 'PENDING',
    items,
    shareholders: [],
    otherDocuments: [],
    uploadsScanned: true,
    ...overrides,
  }
}

const OWNER = new Set<string>([...ONBOARDING_GROUP, PERMISSIONS.CAN_CREATE_DEFERRAL, PERMISSIONS.CAN_READ_BUSINESS])

let api: ReturnType<typeof mockApi> | undefined
afterEach(() => api?.restore())

function serve(data: DocumentChecklist, ...more: Parameters<typeof mockApi>) {
  api = mockApi(
    route('GET', `/kyc/document-checklist/${BUSINESS_ID}`, { data }),
    route('GET', '/deferrals/deferrable-max-days', { data: { maxDays: 30 } }),
    ...more,
  )
  return api
}

const card = (name: string) => screen.getByRole('listitem', { name })
const click = (element: HTMLElement) => fireEvent.click(element)
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } })

describe('DocumentsChecklist', () => {
  it('shows each document with its status and the reason, date or next step', async () => {
    serve(
      checklist([
        item('Certificate of Incorporation', 'MISSING'),
        item('CAC 2', 'UPLOADED', {
          document: document({
            file: { id: uuid(), fileName: 'cac2.pdf', contentType: 'application/pdf', sizeBytes: 10, url: '' },
          }),
        }),
        item('Memorandum', 'APPROVED', { document: document({ status: 'APPROVED', reviewedAt: '2026-10-05T10:00:00Z' }) }),
        item('CAC 7', 'REJECTED', {
          document: document({ status: 'REJECTED', reviewComment: 'The seal is missing' }),
          alternativeGroup: 'RC_DIRECTORS',
        }),
        item('CAC status report', 'MISSING', {
          alternativeGroup: 'RC_DIRECTORS',
          deferral: deferral({ status: 'REJECTED', decisionComment: 'Provide it now' }),
        }),
        item('Board resolution', 'REUPLOAD_REQUESTED', {
          document: document({ reuploadReason: 'Page 2 is missing', reuploadRequestedAt: '2026-10-06T00:00:00Z' }),
        }),
        item('TIN certificate', 'DEFERRED', { deferral: deferral({ status: 'APPROVED', dueDate: '2026-12-01T09:00:00Z' }) }),
        item('SCUML certificate', 'DEFERRAL_PENDING', { required: false, deferral: deferral({ days: 21 }) }),
        item('Status letter', 'DEFERRAL_OVERDUE', {
          deferral: deferral({ status: 'APPROVED', isOverdue: true, dueDate: '2026-11-01T09:00:00Z' }),
        }),
      ]),
    )
    renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={OWNER} />)

    expect(await screen.findByRole('list', { name: 'Documents' })).toBeInTheDocument()
    expect(within(card('Certificate of Incorporation')).getByText('Missing')).toBeInTheDocument()
    expect(within(card('CAC 2')).getByText('Uploaded')).toBeInTheDocument()
    expect(within(card('CAC 2')).getByText(/cac2\.pdf uploaded on 02-Oct-2026/)).toBeInTheDocument()
    expect(within(card('Memorandum')).getByText('Approved')).toBeInTheDocument()
    expect(within(card('CAC 7')).getByText('Rejected')).toBeInTheDocument()
    expect(within(card('CAC 7')).getByText(/Rejected: The seal is missing/)).toBeInTheDocument()
    expect(within(card('CAC 7')).getByText('Or instead: CAC status report.')).toBeInTheDocument()
    expect(within(card('CAC status report')).getByText(/deferral request was declined: Provide it now/)).toBeInTheDocument()
    expect(within(card('Board resolution')).getByText('Re-upload requested')).toBeInTheDocument()
    expect(within(card('Board resolution')).getByText(/Page 2 is missing/)).toBeInTheDocument()
    expect(within(card('TIN certificate')).getByText('Deferred until 01-Dec-2026')).toBeInTheDocument()
    expect(within(card('SCUML certificate')).getByText('Deferral pending')).toBeInTheDocument()
    expect(within(card('SCUML certificate')).getByText('Optional')).toBeInTheDocument()
    expect(within(card('SCUML certificate')).getByText(/within 21 days/)).toBeInTheDocument()
    expect(within(card('Status letter')).getByText('Deferral overdue')).toBeInTheDocument()
    expect(within(card('Status letter')).getByText(/ended on 01-Nov-2026.*blocked/)).toBeInTheDocument()
    // 7 requirements (CAC 7 or the status report count once); missing, rejected, re-upload and overdue need attention.
    // The optional one is counted apart, and the line says how alternatives count.
    expect(screen.getByTestId('documents-progress')).toHaveTextContent(
      '4 of 7 required documents (where two are marked as alternatives, either one counts) still need your attention. 1 more is optional.',
    )
    // Uploads are offered; replacing is what an uploaded document offers.
    expect(
      within(card('Certificate of Incorporation')).getByRole('button', { name: 'Upload Certificate of Incorporation' }),
    ).toBeInTheDocument()
    expect(within(card('CAC 2')).getByRole('button', { name: 'Replace CAC 2' })).toBeInTheDocument()
    expect(within(card('CAC 2')).getByRole('button', { name: /View CAC 2/ })).toBeInTheDocument()
  })

  it('offers neither an upload nor a deferral for a document its alternative stands in for', async () => {
    serve(
      checklist([
        item('CAC 7', 'MISSING', { alternativeGroup: 'RC_DIRECTORS', canRequestDeferral: true }),
        item('CAC status report', 'UPLOADED', {
          alternativeGroup: 'RC_DIRECTORS',
          canRequestDeferral: true,
          document: document(),
        }),
        item('Memorandum', 'MISSING', { canRequestDeferral: true }),
      ]),
    )
    renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={OWNER} />)
    await screen.findByRole('list', { name: 'Documents' })
    expect(within(card('CAC 7')).getByText('Not needed')).toBeInTheDocument()
    expect(within(card('CAC 7')).queryByRole('button')).not.toBeInTheDocument()
    // The others still offer what they need.
    expect(within(card('Memorandum')).getByRole('button', { name: 'Upload Memorandum' })).toBeInTheDocument()
    expect(within(card('Memorandum')).getByRole('button', { name: 'Request a deferral for Memorandum' })).toBeInTheDocument()
    expect(within(card('CAC status report')).getByRole('button', { name: 'Replace CAC status report' })).toBeInTheDocument()
  })

  it('offers uploads only to those who may edit: an approved business is changed by staff', async () => {
    serve(
      checklist(
        [
          item('CAC 2', 'APPROVED', { document: document({ status: 'APPROVED' }) }),
          item('TIN certificate', 'MISSING', { canRequestDeferral: true }),
        ],
        { approvalStatus: 'APPROVED' },
      ),
    )
    const { unmount } = renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={OWNER} />)
    expect(await screen.findByText(/changes to its documents are made by our staff/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^(Upload|Replace) / })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Request a deferral for TIN certificate' })).toBeInTheDocument()
    unmount()

    renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={new Set([...POST_APPROVAL_GROUP])} />)
    expect(await screen.findByRole('button', { name: 'Upload TIN certificate' })).toBeInTheDocument()
    // Staff do not request deferrals.
    expect(screen.queryByRole('button', { name: /Request a deferral/ })).not.toBeInTheDocument()
  })

  it('says when the company details must come first, and shows the error state with a retry', async () => {
    serve(checklist([item('CAC 2', 'MISSING')], { kycDetailsId: null }))
    const { unmount } = renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={OWNER} />)
    expect(await screen.findByText(/Fill in and save the company details first/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Upload CAC 2' })).not.toBeInTheDocument()
    unmount()
    api!.restore()

    let fail = true
    api = mockApi(
      route('GET', `/kyc/document-checklist/${BUSINESS_ID}`, () =>
        fail ? apiError(500, 'INTERNAL', 'Something broke') : { data: checklist([item('CAC 2', 'MISSING')]) },
      ),
      route('GET', '/deferrals/deferrable-max-days', { data: { maxDays: 30 } }),
    )
    renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={OWNER} />)
    expect(await screen.findByText("Couldn't load the documents")).toBeInTheDocument()
    fail = false
    click(screen.getByRole('button', { name: /try again|retry/i }))
    expect(await screen.findByRole('listitem', { name: 'CAC 2' })).toBeInTheDocument()
  })

  it('attaches an uploaded file as the document type and refreshes the list', async () => {
    const type = item('CAC 2', 'MISSING')
    const calls = serve(
      checklist([type]),
      route('POST', '/kyc/documents', { status: 201, data: document() }),
      route('GET', '/files/upload-limits', { data: { maxBytes: 5 * 1024 * 1024, allowedTypes: ['application/pdf'] } }),
    ).calls
    const upload = async () => ({
      id: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
      fileName: 'cac2.pdf',
      contentType: 'application/pdf',
      sizeBytes: 10,
    })
    renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={OWNER} upload={upload} />)
    click(await screen.findByRole('button', { name: 'Upload CAC 2' }))
    const input = await screen.findByLabelText('Choose the CAC 2 file')
    await waitFor(() => expect(input).toBeEnabled())
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'cac2.pdf', { type: 'application/pdf' })] } })
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/kyc/documents')).toBe(true))
    expect(calls.find((c) => c.url === '/kyc/documents')!.body).toEqual({
      kycDetailsId: KYC_ID,
      documentTypeId: type.documentType.id,
      fileId: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
    })
    // The checklist is fetched again after the attach.
    await waitFor(() =>
      expect(calls.filter((c) => c.url === `/kyc/document-checklist/${BUSINESS_ID}`).length).toBeGreaterThanOrEqual(2),
    )
  })
  it('deletes a document after confirmation; cancelling keeps it', async () => {
    const current = document({
      file: { id: uuid(), fileName: 'cac2.pdf', contentType: 'application/pdf', sizeBytes: 10, url: '/api/v1/files/y' },
    })
    const calls = serve(
      checklist([item('CAC 2', 'UPLOADED', { document: current }), item('TIN certificate', 'MISSING')]),
      route('DELETE', `/kyc/documents/${current.id}`, { status: 204 }),
    ).calls
    renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={OWNER} />)
    expect(
      within(await screen.findByRole('listitem', { name: 'TIN certificate' })).queryByRole('button', { name: /^Delete/ }),
    ).not.toBeInTheDocument()

    click(within(card('CAC 2')).getByRole('button', { name: 'Delete CAC 2' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete CAC 2?' })
    expect(dialog).toHaveTextContent('cac2.pdf is removed')
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)

    click(within(card('CAC 2')).getByRole('button', { name: 'Delete CAC 2' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Delete CAC 2?' })
    click(within(dialog).getByRole('button', { name: 'Delete document' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/kyc/documents/${current.id}`])
    await waitFor(() =>
      expect(calls.filter((c) => c.url === `/kyc/document-checklist/${BUSINESS_ID}`).length).toBeGreaterThanOrEqual(2),
    )
  })

  it('offers no delete to those who may not edit', async () => {
    serve(checklist([item('CAC 2', 'APPROVED', { document: document({ status: 'APPROVED' }) })], { approvalStatus: 'APPROVED' }))
    renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={OWNER} />)
    expect(await screen.findByRole('button', { name: /View CAC 2/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete CAC 2' })).not.toBeInTheDocument()
  })
})

describe('the deferral request dialog', () => {
  async function openDialog() {
    click(await screen.findByRole('button', { name: 'Request a deferral for CAC 2' }))
    return screen.findByRole('dialog', { name: 'Request a deferral: CAC 2' })
  }

  it('validates days (1 to the maximum, whole) and the reason before asking for confirmation', async () => {
    const calls = serve(checklist([item('CAC 2', 'MISSING', { canRequestDeferral: true })])).calls
    renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={OWNER} />)
    const dialog = await openDialog()
    expect(within(dialog).getByText(/at most 30/)).toBeInTheDocument()

    click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(await within(dialog).findByText('Enter the number of days')).toBeInTheDocument()
    expect(within(dialog).getByText(/Say why the document cannot be provided yet/)).toBeInTheDocument()

    const days = within(dialog).getByLabelText(/Days needed/)
    type(days, '31')
    type(within(dialog).getByLabelText(/Reason/), 'short')
    click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(await within(dialog).findByText('A deferral is at most 30 days')).toBeInTheDocument()
    expect(within(dialog).getByText(/at least 10 characters/)).toBeInTheDocument()

    type(days, '0')
    click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(await within(dialog).findByText('A deferral is at least 1 day')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('confirms exactly what is asked, sends it and closes; Back returns to the form', async () => {
    let requested = false
    const calls = serve(
      checklist([item('CAC 2', 'MISSING', { canRequestDeferral: true })]),
      route('POST', '/deferrals', () => {
        requested = true
        return { status: 201, data: { id: uuid(), status: 'PENDING' } }
      }),
    ).calls
    renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={OWNER} />)
    const dialog = await openDialog()
    type(within(dialog).getByLabelText(/Days needed/), '14')
    type(within(dialog).getByLabelText(/Reason/), '  The CAC is reissuing it this month.  ')
    click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(await within(dialog).findByText(/within/)).toHaveTextContent(
      'You are asking to provide the CAC 2 within 14 days of approval, because: “The CAC is reissuing it this month.”.',
    )
    click(within(dialog).getByRole('button', { name: 'Back' }))
    expect(within(dialog).getByLabelText(/Days needed/)).toHaveValue(14)
    click(within(dialog).getByRole('button', { name: 'Continue' }))
    click(await within(dialog).findByRole('button', { name: 'Confirm request' }))
    await waitFor(() => expect(requested).toBe(true))
    const sent = calls.find((c) => c.url === '/deferrals')!.body as Record<string, unknown>
    expect(sent).toMatchObject({ businessId: BUSINESS_ID, days: 14, reason: 'The CAC is reissuing it this month.' })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("shows the API's refusal next to the field it names", async () => {
    serve(
      checklist([item('CAC 2', 'MISSING', { canRequestDeferral: true })]),
      route('POST', '/deferrals', apiError(400, 'VALIDATION_FAILED', 'A deferral is at most 20 days', 'days')),
    )
    renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={OWNER} />)
    const dialog = await openDialog()
    type(within(dialog).getByLabelText(/Days needed/), '25')
    type(within(dialog).getByLabelText(/Reason/), 'Awaiting the registry')
    click(within(dialog).getByRole('button', { name: 'Continue' }))
    click(await within(dialog).findByRole('button', { name: 'Confirm request' }))
    expect(await within(dialog).findByText('A deferral is at most 20 days')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/Days needed/)).toHaveAttribute('aria-invalid', 'true')
  })

  it('is not offered without CAN_CREATE_DEFERRAL or where the type cannot be deferred', async () => {
    serve(checklist([item('CAC 2', 'MISSING', { canRequestDeferral: true }), item('Certificate', 'MISSING')]))
    renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={new Set([...ONBOARDING_GROUP])} />)
    expect(await screen.findByRole('button', { name: 'Upload CAC 2' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Request a deferral/ })).not.toBeInTheDocument()
  })
})

describe('DocumentsSummary', () => {
  it('lists the documents read-only with their status', async () => {
    serve(
      checklist([
        item('CAC 2', 'UNDER_REVIEW', { document: document() }),
        item('TIN certificate', 'DEFERRED', { deferral: deferral({ status: 'APPROVED', dueDate: '2026-12-01T00:00:00Z' }) }),
        item('SCUML certificate', 'MISSING', { required: false }),
      ]),
    )
    renderWithClient(<DocumentsSummary businessId={BUSINESS_ID} kycDetailsId={KYC_ID} />)
    const list = await screen.findByRole('list', { name: 'Documents' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(within(list).getByText('Under review')).toBeInTheDocument()
    expect(within(list).getByText('Deferred until 01-Dec-2026')).toBeInTheDocument()
    expect(within(list).getByRole('button', { name: /View CAC 2/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Upload|Replace|deferral/ })).not.toBeInTheDocument()
  })
})
