import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BusinessPreview } from '@/features/approvals/components/business-preview'
import { BusinessQueue, waitingText } from '@/features/approvals/components/business-queue'
import { SYSTEM_ROLES } from '@/lib/permissions/roles'
import {
  business,
  CATEGORY,
  mockApi,
  OTHER_STAFF_ID,
  page,
  renderWithClient,
  route,
  STAFF_ID,
  TYPE,
  type Route,
} from '@/tests/components/admin-api-mock'
import { mockRouter } from '@/tests/components/router-mock'
import { kycDocument } from '@/tests/components/staff-documents-fixtures'

const router = mockRouter({
  pathname: '/s/admin/approvals/business',
  query: {} as Record<string, string>,
  isReady: true,
  replace: vi.fn(async () => true),
  push: vi.fn(),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

const roleOf = (name: string) => [...SYSTEM_ROLES.find((r) => r.name === name)!.permissions] as string[]
const CHECKS = (met: boolean) => [
  { code: 'PENDING_STATE', label: 'The business is waiting for a decision', met: true, details: [] },
  { code: 'NOT_ARCHIVED', label: 'The business is not archived', met: true, details: [] },
  { code: 'KYC_COMPLETE', label: 'KYC is marked complete', met: true, details: [] },
  {
    code: 'REQUIRED_DOCUMENTS',
    label: 'Every required document is present',
    met,
    details: met ? [] : ['Upload the Certificate of Incorporation.'],
  },
  { code: 'CAC_DOCUMENTS', label: 'CAC documents are approved', met: true, details: [] },
]

let api: ReturnType<typeof mockApi>
afterEach(() => {
  api?.restore()
  router.query = {}
})

function previewRoutes(
  b: ReturnType<typeof business>,
  options: { met?: boolean; otherDocuments?: unknown[]; uploadsScanned?: boolean } = {},
): Route[] {
  return [
    route('GET', `/businesses/${b.id}`, { data: b }),
    route('GET', `/businesses/${b.id}/approval-checklist`, { data: CHECKS(options.met ?? true) }),
    route('GET', `/businesses/attachment/${b.id}`, {
      data: [
        {
          id: 'c1',
          businessId: b.id,
          author: { id: OTHER_STAFF_ID, name: 'Tunde Bakare' },
          comment: 'Address verified by site visit.',
          decision: null,
          createdAt: '2026-03-02T10:00:00.000Z',
        },
      ],
    }),
    route('GET', `/kyc/details-first-entity/${b.id}`, {
      status: 404,
      data: { errors: [{ code: 'NOT_FOUND', message: 'No KYC yet' }] },
    }),
    route('GET', `/kyc/document-checklist/${b.id}`, {
      data: {
        businessId: b.id,
        registrationClass: 'RC',
        kycDetailsId: null,
        kycDetailsCompleted: true,
        approvalStatus: 'PENDING',
        items: [],
        shareholders: [],
        otherDocuments: options.otherDocuments ?? [],
        uploadsScanned: options.uploadsScanned ?? true,
      },
    }),
    route('GET', '/business-types', { data: [TYPE] }),
    route('GET', '/business-categories', { data: [CATEGORY] }),
    route('GET', '/businesses/reviewers', { data: [{ id: STAFF_ID, name: 'Chinedu Eze', email: 'approver2@example.com' }] }),
  ]
}

describe('BusinessPreview', () => {
  it('lets a reviewer approve once every precondition is met, and shows the comment thread', async () => {
    const b = business({ name: 'Lagos Spices Limited' })
    api = mockApi(
      ...previewRoutes(b),
      route('PUT', `/businesses/${b.id}/approve`, { data: { ...b, approvalStatus: 'APPROVED' } }),
    )
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )

    expect(await screen.findByRole('heading', { name: 'Lagos Spices Limited' })).toBeInTheDocument()
    expect(await screen.findByText('Address verified by site visit.')).toBeInTheDocument()
    expect(await screen.findByText('The business has not filled in its company details yet.')).toBeInTheDocument()
    const checks = await screen.findByRole('list', { name: 'Approval preconditions' })
    expect(
      within(checks)
        .getAllByRole('listitem')
        .filter((li) => li.getAttribute('data-met') === 'true'),
    ).toHaveLength(5)

    const approve = screen.getByRole('button', { name: 'Approve business' })
    await waitFor(() => expect(approve).toBeEnabled())
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'All verified.' } })
    fireEvent.click(approve)
    // The decision is confirmed first.
    const confirm = await screen.findByRole('alertdialog', { name: 'Approve Lagos Spices Limited?' })
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false)
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve business' }))
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ decision: 'APPROVED', comment: 'All verified.' }),
    )
  })

  it('says in the documents section that files are not scanned when the portal has no virus scanner', async () => {
    const b = business()
    api = mockApi(...previewRoutes(b, { otherDocuments: [kycDocument({ businessId: b.id })], uploadsScanned: false }))
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )

    const documents = await screen.findByRole('region', { name: 'Documents' })
    expect(
      await within(documents).findByText('Files on this portal are not scanned for viruses: open them with care.'),
    ).toBeInTheDocument()
  })

  it('says nothing of scanning when the portal scans uploads', async () => {
    const b = business()
    api = mockApi(...previewRoutes(b, { otherDocuments: [kycDocument({ businessId: b.id })] }))
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )

    const documents = await screen.findByRole('region', { name: 'Documents' })
    expect(await within(documents).findByRole('list', { name: 'Documents of the business' })).toBeInTheDocument()
    expect(within(documents).queryByText(/not scanned for viruses/)).not.toBeInTheDocument()
  })

  it('offers the per-document review actions on each document, and sends the re-upload request', async () => {
    const b = business()
    const document = kycDocument({ businessId: b.id })
    api = mockApi(
      ...previewRoutes(b, { otherDocuments: [document] }),
      route('POST', `/kyc/documents/${document.id}/reupload-request`, {
        data: { ...document, reuploadReason: 'The stamp is unreadable.' },
      }),
    )
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )

    fireEvent.click(await screen.findByRole('button', { name: 'Request a new upload of TIN certificate' }))
    fireEvent.change(screen.getByLabelText('What is wrong with the document'), { target: { value: 'The stamp is unreadable.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Request re-upload' }))
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'The stamp is unreadable.' }))
  })

  it('keeps approval closed while a precondition is unmet, and a decline needs its reason', async () => {
    const b = business()
    api = mockApi(
      ...previewRoutes(b, { met: false }),
      route('PUT', `/businesses/${b.id}/approve`, { data: { ...b, approvalStatus: 'DECLINED' } }),
    )
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )

    expect(await screen.findByText('Upload the Certificate of Incorporation.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Approve business' })).toBeDisabled()
    fireEvent.click(screen.getByRole('radio', { name: 'Decline' }))
    fireEvent.click(screen.getByRole('button', { name: 'Decline business' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the reason for declining')
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false)
    fireEvent.change(screen.getByLabelText(/Reason for declining/), { target: { value: 'The CAC 2 is missing.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Decline business' }))
    const confirm = await screen.findByRole('alertdialog', { name: /^Decline / })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Decline business' }))
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ decision: 'DECLINED', comment: 'The CAC 2 is missing.' }),
    )
  })

  it('four-eyes: the creator of the record sees why they cannot decide, and no decision buttons', async () => {
    const b = business({ createdBy: STAFF_ID })
    api = mockApi(...previewRoutes(b))
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('SUPER_ADMIN')} currentUserId={STAFF_ID} memberOf={[]} />,
    )
    expect(await screen.findByText(/another reviewer must decide it/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Approve business' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument()
  })

  it('shows a decided business its decision, not a checklist of preconditions marked unmet', async () => {
    const b = business({
      approvalStatus: 'APPROVED',
      decision: { decision: 'APPROVED', comment: null, decidedAt: '2026-03-05T09:00:00.000Z', decidedBy: 'Chinedu Eze' },
    })
    api = mockApi(
      // What the API answers for it (first match wins): the state is no longer "waiting for a decision".
      route('GET', `/businesses/${b.id}/approval-checklist`, {
        data: [
          {
            code: 'PENDING_STATE',
            label: 'Submitted and waiting for a decision',
            met: false,
            details: ['It is approved already'],
          },
        ],
      }),
      ...previewRoutes(b),
    )
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )
    const decision = await screen.findByRole('region', { name: 'Decision' })
    expect(within(decision).getByText('This business is approved: there is nothing left to decide.')).toBeInTheDocument()
    expect(within(decision).getByText(/by Chinedu Eze/)).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Approval preconditions' })).not.toBeInTheDocument()
    expect(within(decision).queryByText('✗')).not.toBeInTheDocument()
    expect(screen.queryByText(/waiting for a decision/)).not.toBeInTheDocument()
  })

  it('shows no decision or comment form to staff without those permissions (auditor)', async () => {
    const b = business()
    api = mockApi(...previewRoutes(b))
    renderWithClient(<BusinessPreview businessId={b.id} permissions={roleOf('AUDITOR')} currentUserId={STAFF_ID} memberOf={[]} />)
    expect(await screen.findByText('Reviewers who may approve businesses decide here.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /business$/ })).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Add a comment')).not.toBeInTheDocument()
  })

  it('leads back to the list it was opened from, with its filters; to the queue otherwise', async () => {
    const b = business({ name: 'Kaduna Cotton' })
    router.query = { id: b.id, from: '/s/admin/businesses?businessName=cotton&approvalStatus=PENDING' }
    api = mockApi(...previewRoutes(b))
    const { unmount } = renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('AUDITOR')} currentUserId={STAFF_ID} memberOf={[]} />,
    )
    const back = await screen.findByRole('link', { name: '← All businesses' })
    expect(back).toHaveAttribute('href', '/s/admin/businesses?businessName=cotton&approvalStatus=PENDING')
    expect(screen.queryByRole('link', { name: '← Business approvals' })).not.toBeInTheDocument()
    unmount()

    // Another site, or a page that is not a list: the queue.
    for (const from of ['//evil.example/s/admin/businesses', 'https://evil.example/', '/s/admin/webhooks']) {
      router.query = { id: b.id, from }
      const view = renderWithClient(
        <BusinessPreview businessId={b.id} permissions={roleOf('AUDITOR')} currentUserId={STAFF_ID} memberOf={[]} />,
      )
      expect(await screen.findByRole('link', { name: '← Business approvals' })).toHaveAttribute(
        'href',
        '/s/admin/approvals/business',
      )
      view.unmount()
    }
  })
})

describe('BusinessPreview: the comment and assignee forms', () => {
  it('refuses a blank comment, naming the box, and sends a written one', async () => {
    const b = business()
    api = mockApi(
      ...previewRoutes(b),
      route('PUT', `/businesses/attachment/${b.id}`, {
        data: {
          id: 'c2',
          businessId: b.id,
          author: { id: STAFF_ID, name: 'Chinedu Eze' },
          comment: 'Checked the CAC 2.',
          decision: null,
          createdAt: '2026-03-03T10:00:00.000Z',
          mentions: { notified: [], notNotified: [] },
        },
      }),
    )
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )
    const box = await screen.findByLabelText('Add a comment')
    fireEvent.change(box, { target: { value: '   ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Write a comment')
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(box).toHaveFocus()
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false)

    fireEvent.change(box, { target: { value: ' Checked the CAC 2. ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }))
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT' && c.path === `/businesses/attachment/${b.id}`)?.body).toEqual({
        comment: 'Checked the CAC 2.',
      }),
    )
    await waitFor(() => expect(box).toHaveValue(''))
  })

  it('saves the chosen assignee, and Nobody as null', async () => {
    const b = business({ assigneeId: STAFF_ID })
    api = mockApi(
      ...previewRoutes(b),
      route('PUT', `/businesses/${b.id}/assignee`, { data: { ...b, assigneeId: null, assigneeName: null } }),
    )
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )
    const select = await screen.findByRole('combobox', { name: 'Assigned to' })
    await waitFor(() => expect(select).toHaveValue(STAFF_ID))
    const save = screen.getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()
    fireEvent.change(select, { target: { value: '' } })
    fireEvent.click(save)
    await waitFor(() => expect(api.calls.find((c) => c.path === `/businesses/${b.id}/assignee`)?.body).toEqual({ userId: null }))
  })
})

describe('BusinessQueue', () => {
  it('says how long each case waited, with the time waiting on the business apart', () => {
    expect(waitingText({ waitingDays: 0, waitingOnBusinessDays: 0 })).toBe('Since today')
    expect(waitingText({ waitingDays: 1, waitingOnBusinessDays: 0 })).toBe('1 day')
    expect(waitingText({ waitingDays: 12, waitingOnBusinessDays: 3 })).toBe('12 days (3 days waiting on the business)')
  })

  it('lists the queue with the URL’s filters; a reviewer takes a case or lets it go', async () => {
    const mine = {
      ...business({ name: 'Abuja Logistics', assigneeId: STAFF_ID }),
      assigneeName: 'Chinedu Eze',
      waitingSince: '2026-03-01T09:00:00.000Z',
      waitingDays: 9,
      waitingOnBusinessDays: 2,
    }
    const free = {
      ...business({ name: 'Enugu Coal' }),
      assigneeName: null,
      waitingSince: '2026-03-05T09:00:00.000Z',
      waitingDays: 5,
      waitingOnBusinessDays: 0,
    }
    router.query = { assigneeId: 'none', businessName: 'a' }
    api = mockApi(
      route('GET', '/businesses/for-approval', { data: page([mine, free]) }),
      route('GET', '/businesses/reviewers', { data: [] }),
      route('GET', '/business-types', { data: [TYPE] }),
      route('GET', '/business-categories', { data: [CATEGORY] }),
      route('PUT', `/businesses/${free.id}/assignee`, { data: { ...free, assigneeId: STAFF_ID } }),
      route('PUT', `/businesses/${mine.id}/assignee`, { data: { ...mine, assigneeId: null } }),
    )
    renderWithClient(<BusinessQueue permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} />)
    expect(await screen.findByText('9 days (2 days waiting on the business)')).toBeInTheDocument()
    const sent = api.calls.find((c) => c.path === '/businesses/for-approval')!.query
    expect(sent.get('assigneeId')).toBe('none')
    expect(sent.get('businessName')).toBe('a')

    expect(screen.queryByRole('button', { name: 'Assign Abuja Logistics to me' })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Assign Enugu Coal to me' }))
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === `/businesses/${free.id}/assignee`)?.body).toEqual({ userId: STAFF_ID }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Unassign Abuja Logistics' }))
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === `/businesses/${mine.id}/assignee`)?.body).toEqual({ userId: null }),
    )
  })

  it('shows the risk tier of each business and filters the queue by tier through the URL', async () => {
    const row = (name: string, riskTier: string | null) => ({
      ...business({ name, riskTier }),
      assigneeName: null,
      waitingSince: '2026-03-05T09:00:00.000Z',
      waitingDays: 5,
      waitingOnBusinessDays: 0,
    })
    router.query = { riskTier: 'NOT_ASSESSED' }
    api = mockApi(
      route('GET', '/businesses/for-approval', { data: page([row('Kaduna Cotton', 'PROHIBITED'), row('Owerri Palm', null)]) }),
      route('GET', '/businesses/reviewers', { data: [] }),
      route('GET', '/business-types', { data: [TYPE] }),
      route('GET', '/business-categories', { data: [CATEGORY] }),
    )
    renderWithClient(<BusinessQueue permissions={roleOf('AUDITOR')} currentUserId={STAFF_ID} />)
    const kaduna = (await screen.findByRole('link', { name: 'Kaduna Cotton' })).closest('tr')!
    expect(within(kaduna).getByText('Prohibited risk')).toBeInTheDocument()
    expect(within(screen.getByRole('link', { name: 'Owerri Palm' }).closest('tr')!).getByText('Not assessed')).toBeInTheDocument()
    expect(api.calls.find((c) => c.path === '/businesses/for-approval')!.query.getAll('riskTier')).toEqual(['NOT_ASSESSED'])
    expect(screen.getByLabelText('Risk tier')).toHaveValue('NOT_ASSESSED')
  })

  it('offers no assignment to staff who do not review (auditor)', async () => {
    const row = {
      ...business({ name: 'Jos Tin' }),
      assigneeName: null,
      waitingSince: '2026-03-05T09:00:00.000Z',
      waitingDays: 5,
      waitingOnBusinessDays: 0,
    }
    api = mockApi(
      route('GET', '/businesses/for-approval', { data: page([row]) }),
      route('GET', '/businesses/reviewers', { data: [] }),
    )
    renderWithClient(<BusinessQueue permissions={roleOf('AUDITOR')} currentUserId={STAFF_ID} />)
    expect(await screen.findByRole('link', { name: 'Jos Tin' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /to me/ })).not.toBeInTheDocument()
  })
})
