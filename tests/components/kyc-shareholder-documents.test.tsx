import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { KycSections } from '@/features/approvals/components/kyc-sections'
import { DocumentsChecklist } from '@/features/kyc/components/documents/documents-checklist'
import { DocumentsSummary } from '@/features/kyc/components/documents/documents-summary'
import { ShareholderDocuments } from '@/features/kyc/components/documents/shareholder-documents'
import { ShareholderEditor } from '@/features/kyc/components/shareholder-editor'
import type { ShareholderRecord } from '@/lib/contracts/kyc'
import type { ChecklistItem, DocumentChecklist, KycDocument, ShareholderChecklist } from '@/lib/contracts/kyc-documents'
import { ONBOARDING_GROUP } from '@/lib/permissions/checks'
import { PERMISSIONS } from '@/lib/permissions/names'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'

vi.mock('next/router', () => import('@/tests/components/router-mock'))
mockRouter({
  pathname: '/s/businesses/dashboard-details/kyc',
  query: {},
  isReady: true,
  push: vi.fn(),
  replace: vi.fn(),
})
polyfillDialog()

const BUSINESS_ID = '44444444-4444-4444-8444-444444444444'
const KYC_ID = '55555555-5555-4555-8555-555555555555'
const SAVANNAH = '66666666-6666-4666-8666-666666666661'
const DELTA = '66666666-6666-4666-8666-666666666662'
const CERTIFICATE = 'Corporate shareholder’s certificate of incorporation'
const CERTIFICATE_TYPE = {
  id: '77777777-7777-4777-8777-777777777777',
  code: 'CORPORATE_SHAREHOLDER_CERTIFICATE',
  name: CERTIFICATE,
  description: null,
  isCac: true,
  typeOwner: 'CORPORATE_SHAREHOLDER' as const,
}
const FILE_ID = 'ffffffff-ffff-4fff-8fff-ffffffffffff'
const OWNER = new Set<string>([...ONBOARDING_GROUP, PERMISSIONS.CAN_CREATE_DEFERRAL, PERMISSIONS.CAN_READ_BUSINESS])
let n = 0
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`

function document(overrides: Partial<KycDocument> = {}): KycDocument {
  return {
    id: uuid(),
    kycDetailsId: KYC_ID,
    businessId: BUSINESS_ID,
    documentType: {
      id: CERTIFICATE_TYPE.id,
      code: CERTIFICATE_TYPE.code,
      name: CERTIFICATE,
      isCac: true,
      typeOwner: 'CORPORATE_SHAREHOLDER',
    },
    shareholderId: SAVANNAH,
    shareholderName: 'Savannah Holdings Limited',
    file: {
      id: uuid(),
      fileName: 'savannah-certificate.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1200,
      url: '/api/v1/files/x',
    },
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

function certificate(state: ChecklistItem['state'], doc: KycDocument | null = null): ChecklistItem {
  return {
    documentType: CERTIFICATE_TYPE,
    required: true,
    alternativeGroup: null,
    canRequestDeferral: false,
    state,
    document: doc,
    deferral: null,
  }
}

const tin = (state: ChecklistItem['state']): ChecklistItem => ({
  documentType: {
    id: uuid(),
    code: 'TIN_CERTIFICATE',
    name: 'TIN certificate',
    description: null,
    isCac: false,
    typeOwner: 'COMPANY',
  },
  required: true,
  alternativeGroup: null,
  canRequestDeferral: false,
  state,
  document: null,
  deferral: null,
})

const group = (id: string, name: string, depth: number, items: ChecklistItem[]): ShareholderChecklist => ({
  shareholder: { id, type: 'CORPORATE', name, parentShareholderId: depth ? SAVANNAH : null, depth },
  items,
})

function checklist(overrides: Partial<DocumentChecklist> = {}): DocumentChecklist {
  return {
    businessId: BUSINESS_ID,
    registrationClass: 'RC',
    kycDetailsId: KYC_ID,
    kycDetailsCompleted: false,
    approvalStatus: 'PENDING',
    items: [tin('UPLOADED')],
    shareholders: [
      group(SAVANNAH, 'Savannah Holdings Limited', 0, [certificate('MISSING')]),
      group(DELTA, 'Delta Family Trust Holdings', 1, [certificate('MISSING')]),
    ],
    otherDocuments: [],
    uploadsScanned: true,
    ...overrides,
  }
}

let api: ReturnType<typeof mockApi> | undefined
afterEach(() => api?.restore())

function serve(data: DocumentChecklist, ...more: Parameters<typeof mockApi>) {
  api = mockApi(
    route('GET', `/kyc/document-checklist/${BUSINESS_ID}`, { data }),
    route('GET', '/deferrals/deferrable-max-days', { data: { maxDays: 30 } }),
    route('GET', '/files/upload-limits', { data: { maxBytes: 5 * 1024 * 1024, allowedTypes: ['application/pdf'] } }),
    ...more,
  )
  return api
}

const fakeUpload = async () => ({ id: FILE_ID, fileName: 'certificate.pdf', contentType: 'application/pdf', sizeBytes: 10 })

async function uploadThrough(label: string, calls: { method: string; url: string }[]) {
  const input = await screen.findByLabelText(label)
  await waitFor(() => expect(input).toBeEnabled())
  fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'certificate.pdf', { type: 'application/pdf' })] } })
  await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/kyc/documents')).toBe(true))
}

describe('documents step: shareholders’ documents', () => {
  it('lists each shareholder’s documents under its name, counts them per shareholder, and uploads one for that shareholder', async () => {
    const calls = serve(checklist(), route('POST', '/kyc/documents', { status: 201, data: document() })).calls
    renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={OWNER} upload={fakeUpload} />)

    // The business's own list no longer carries the shareholder type.
    const own = await screen.findByRole('list', { name: 'Documents' })
    expect(within(own).queryByText(CERTIFICATE)).not.toBeInTheDocument()
    // TIN uploaded; each corporate's certificate missing: two of three requirements open.
    expect(screen.getByText('2 of 3 required documents still need your attention.')).toBeInTheDocument()
    const savannah = screen.getByRole('list', { name: 'Documents of Savannah Holdings Limited' })
    const delta = screen.getByRole('list', { name: 'Documents of Delta Family Trust Holdings' })
    expect(within(savannah).getByRole('listitem', { name: CERTIFICATE })).toHaveTextContent('Missing')
    expect(within(delta).getByRole('listitem', { name: CERTIFICATE })).toBeInTheDocument()

    fireEvent.click(within(delta).getByRole('button', { name: `Upload ${CERTIFICATE} for Delta Family Trust Holdings` }))
    await uploadThrough(`Choose the ${CERTIFICATE} for Delta Family Trust Holdings file`, calls)
    expect(calls.find((c) => c.url === '/kyc/documents')!.body).toEqual({
      kycDetailsId: KYC_ID,
      documentTypeId: CERTIFICATE_TYPE.id,
      fileId: FILE_ID,
      shareholderId: DELTA,
    })
    await waitFor(() =>
      expect(calls.filter((c) => c.url === `/kyc/document-checklist/${BUSINESS_ID}`).length).toBeGreaterThanOrEqual(2),
    )
  })

  it('says every requirement is met only when each shareholder has its own', async () => {
    serve(checklist({ shareholders: [group(SAVANNAH, 'Savannah Holdings Limited', 0, [certificate('UPLOADED', document())])] }))
    renderWithClient(<DocumentsChecklist businessId={BUSINESS_ID} permissions={OWNER} />)
    expect(await screen.findByText(/^All \d+ required documents? are provided or deferred\./)).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: `View ${CERTIFICATE} for Savannah Holdings Limited (opens in a new tab)` }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Request a deferral/ })).not.toBeInTheDocument()
  })
})

describe('shareholders step: documents under each shareholder', () => {
  const holder = (id: string, overrides: Partial<ShareholderRecord>): ShareholderRecord => ({
    id,
    kycDetailsId: KYC_ID,
    businessId: BUSINESS_ID,
    parentShareholderId: null,
    type: 'CORPORATE',
    firstName: null,
    lastName: null,
    nationality: null,
    bvn: null,
    dateOfBirth: null,
    hasDateOfBirth: false,
    pep: null,
    companyName: 'Savannah Holdings Limited',
    registrationNumber: 'RC700031',
    percentage: 45,
    role: null,
    votingPercentage: 45,
    votesFollowShares: true,
    appointsMajority: false,
    significantInfluence: false,
    influenceDescription: null,
    controlReasons: [],
    depth: 0,
    effectiveStake: 45,
    effectiveOwnership: null,
    isBeneficialOwner: false,
    needsMeansOfId: false,
    childrenTotalPercentage: 100,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  })

  it('shows a corporate’s certificate in its own card and uploads it for that corporate', async () => {
    const calls = serve(checklist(), route('POST', '/kyc/documents', { status: 201, data: document() })).calls
    const ada = holder(uuid(), {
      type: 'INDIVIDUAL',
      firstName: 'Ada',
      lastName: 'Obi',
      companyName: null,
      registrationNumber: null,
      percentage: 55,
      effectiveStake: 55,
      effectiveOwnership: 55,
      childrenTotalPercentage: null,
    })
    const savannah = holder(SAVANNAH, {})
    renderWithClient(
      <ShareholderEditor
        kycDetailsId={KYC_ID}
        shareholders={[ada, savannah]}
        readOnly={false}
        renderExtra={(h) => (
          <ShareholderDocuments businessId={BUSINESS_ID} shareholderId={h.id} readOnly={false} upload={fakeUpload} />
        )}
      />,
    )
    const documents = await screen.findByRole('list', { name: 'Documents of Savannah Holdings Limited' })
    // Inside Savannah's own card, not Ada's.
    expect(documents.closest('li[data-shareholder]')).toHaveAttribute('data-shareholder', SAVANNAH)
    expect(screen.queryByRole('list', { name: 'Documents of Ada Obi' })).not.toBeInTheDocument()

    fireEvent.click(within(documents).getByRole('button', { name: `Upload ${CERTIFICATE} for Savannah Holdings Limited` }))
    await uploadThrough(`Choose the ${CERTIFICATE} for Savannah Holdings Limited file`, calls)
    expect(calls.find((c) => c.url === '/kyc/documents')!.body).toMatchObject({
      shareholderId: SAVANNAH,
      documentTypeId: CERTIFICATE_TYPE.id,
    })
  })

  it('only shows them when the step is read-only', async () => {
    serve(
      checklist({ shareholders: [group(SAVANNAH, 'Savannah Holdings Limited', 0, [certificate('UNDER_REVIEW', document())])] }),
    )
    renderWithClient(<ShareholderDocuments businessId={BUSINESS_ID} shareholderId={SAVANNAH} readOnly />)
    const documents = await screen.findByRole('list', { name: 'Documents of Savannah Holdings Limited' })
    expect(within(documents).getByText('Under review')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Upload|Replace/ })).not.toBeInTheDocument()
  })
})

describe('read-only lists', () => {
  it('the KYC preview shows each shareholder’s documents under it', async () => {
    serve(
      checklist({
        shareholders: [
          group(SAVANNAH, 'Savannah Holdings Limited', 0, [certificate('UPLOADED', document())]),
          group(DELTA, 'Delta Family Trust Holdings', 1, [certificate('MISSING')]),
        ],
      }),
    )
    renderWithClient(<DocumentsSummary businessId={BUSINESS_ID} kycDetailsId={KYC_ID} />)
    const savannah = await screen.findByRole('list', { name: 'Documents of Savannah Holdings Limited' })
    expect(within(savannah).getByText('Uploaded')).toBeInTheDocument()
    expect(
      within(savannah).getByRole('button', { name: `View ${CERTIFICATE} for Savannah Holdings Limited (opens in a new tab)` }),
    ).toBeInTheDocument()
    expect(
      within(screen.getByRole('list', { name: 'Documents of Delta Family Trust Holdings' })).getByText('Missing'),
    ).toBeInTheDocument()
  })

  it('staff review shows the documents under their shareholder, with review actions naming it', async () => {
    const tied = document()
    api = mockApi(
      route('GET', `/kyc/details-first-entity/${BUSINESS_ID}`, apiError(404, 'NOT_FOUND', 'KYC record not found')),
      route('GET', `/kyc/document-checklist/${BUSINESS_ID}`, {
        data: checklist({ shareholders: [group(SAVANNAH, 'Savannah Holdings Limited', 0, [certificate('UPLOADED', tied)])] }),
      }),
    )
    renderWithClient(
      <KycSections
        businessId={BUSINESS_ID}
        documentReviewSlot={(d) => <button type="button">Approve {d.shareholderName}</button>}
      />,
    )
    const section = await screen.findByRole('region', { name: 'Savannah Holdings Limited (corporate shareholder)' })
    const list = within(section).getByRole('list', { name: 'Documents of Savannah Holdings Limited' })
    expect(within(list).getByText(CERTIFICATE)).toBeInTheDocument()
    expect(
      within(list).getByRole('button', { name: `View ${CERTIFICATE} for Savannah Holdings Limited (savannah-certificate.pdf)` }),
    ).toBeInTheDocument()
    expect(within(list).getByRole('button', { name: 'Approve Savannah Holdings Limited' })).toBeInTheDocument()
    expect(
      within(screen.getByRole('list', { name: 'Documents of the business' })).queryByText(CERTIFICATE),
    ).not.toBeInTheDocument()
  })
})
