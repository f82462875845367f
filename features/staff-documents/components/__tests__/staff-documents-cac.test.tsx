import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CacQueue } from '@/features/staff-documents/components/cac-queue'
import { CacReviewDetails } from '@/features/staff-documents/components/cac-review-details'
import { mockApi, page, renderWithClient, route, STAFF_ID, type Call } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { mockRouter } from '@/tests/components/router-mock'
import { cacRow, roleOf } from '@/tests/components/staff-documents-fixtures'

const router = mockRouter({
  pathname: '/s/admin/approvals/cac-doc',
  query: {} as Record<string, string>,
  isReady: true,
  replace: vi.fn(async () => true),
  push: vi.fn(),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))
polyfillDialog()

let api: ReturnType<typeof mockApi>
afterEach(() => {
  api?.restore()
  router.query = {}
  router.replace.mockClear()
})

const queueCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/kyc/cac-documents-for-reviews')

describe('CAC documents queue', () => {
  it('lists the records with their CAC documents and offers the status words, REJECTED shown as Declined', async () => {
    const pending = cacRow()
    const base = cacRow({ status: 'REJECTED', pendingCount: 0 })
    // A set decided with one document declined: the queue says which.
    const declined = {
      ...base,
      documents: [
        { ...base.documents[0]!, status: 'APPROVED' as const },
        { ...base.documents[1]!, status: 'REJECTED' as const },
      ],
    }
    router.query = { status: 'REJECTED', businessName: 'kano' }
    api = mockApi(route('GET', '/kyc/cac-documents-for-reviews', { data: page([pending, declined]) }))
    renderWithClient(<CacQueue permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />)

    expect(await screen.findByRole('link', { name: pending.business.name })).toHaveAttribute(
      'href',
      `/s/admin/approvals/cac-doc/details?id=${pending.kycDetailsId}`,
    )
    expect(screen.getAllByText('Certificate of incorporation, CAC 2 – Statement of share capital')).toHaveLength(1)
    const row = screen.getByRole('row', { name: new RegExp(declined.business.name) })
    expect(within(row).getByText('Declined')).toBeInTheDocument()
    expect(within(row).getByText('Declined: CAC 2 – Statement of share capital')).toBeInTheDocument()
    expect(
      within(row).getByText('Certificate of incorporation (approved), CAC 2 – Statement of share capital'),
    ).toBeInTheDocument()
    const status = screen.getByRole('combobox', { name: 'Status' })
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Pending', 'Approved', 'Declined'])
    const [call] = queueCalls(api.calls)
    expect(call!.query.get('status')).toBe('REJECTED')
    expect(call!.query.get('businessName')).toBe('kano')
  })

  it('decides the selected pending records together with one reason, and lists those not decided', async () => {
    const first = cacRow()
    const second = cacRow()
    const own = cacRow({ business: { ...cacRow().business, createdBy: STAFF_ID } })
    const approved = cacRow({ status: 'APPROVED', pendingCount: 0 })
    api = mockApi(
      route('GET', '/kyc/cac-documents-for-reviews', { data: page([first, second, own, approved]) }),
      route('PUT', '/kyc/cac-documents-approval', {
        data: {
          succeeded: 1,
          failed: 1,
          results: [
            { id: first.kycDetailsId, status: 200 },
            { id: second.kycDetailsId, status: 409, code: 'INVALID_STATE', message: 'The CAC documents are APPROVED' },
          ],
        },
      }),
    )
    renderWithClient(<CacQueue permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />)

    await screen.findByRole('link', { name: first.business.name })
    // Four-eyes and decided records cannot be selected.
    expect(screen.queryByRole('checkbox', { name: `Select ${own.business.name}` })).not.toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: `Select ${approved.business.name}` })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every pending record on this page' }))
    expect(screen.getByRole('checkbox', { name: `Select ${first.business.name}` })).toBeChecked()
    expect(screen.getByText('CAC documents of 2 businesses selected')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Decline selected' }))
    const dialog = screen.getByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline all' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write the reason')
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false)
    fireEvent.change(within(dialog).getByLabelText('Shared reason for declining'), { target: { value: 'Scans are unreadable.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline all' }))

    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        ids: [first.kycDetailsId, second.kycDetailsId],
        decision: 'REJECTED',
        comment: 'Scans are unreadable.',
      }),
    )
    const failures = await screen.findByText('These were not decided:')
    expect(failures.parentElement).toHaveTextContent(`${second.business.name}: The CAC documents are APPROVED`)
    // The decided one is unselected, the refused one stays selected.
    expect(screen.getByText('CAC documents of 1 business selected')).toBeInTheDocument()
  })

  it('without CAN_APPROVE_CAC_DOCUMENT: no selection and no bulk decisions; empty and error states', async () => {
    api = mockApi(route('GET', '/kyc/cac-documents-for-reviews', { data: page([cacRow()]) }))
    const { unmount } = renderWithClient(<CacQueue permissions={roleOf('AUDITOR')} currentUserId={STAFF_ID} memberOf={[]} />)
    expect(await screen.findByRole('link', { name: /^Review the CAC documents of/ })).toHaveTextContent('View')
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    unmount()
    api.restore()

    api = mockApi(route('GET', '/kyc/cac-documents-for-reviews', { data: page([]) }))
    const { unmount: unmount2 } = renderWithClient(
      <CacQueue permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )
    expect(await screen.findByText('No CAC documents to review')).toBeInTheDocument()
    unmount2()
    api.restore()

    api = mockApi(
      route('GET', '/kyc/cac-documents-for-reviews', { status: 500, data: { errors: [{ code: 'INTERNAL', message: 'Down' }] } }),
    )
    renderWithClient(<CacQueue permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />)
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})

describe('CAC document details', () => {
  it('shows the documents with a viewer and approves the pending ones after confirming', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:cac'), revokeObjectURL: vi.fn() })
    const row = cacRow()
    const [certificate, cac2] = row.documents
    api = mockApi(
      route('GET', `/kyc/cac-documents-for-reviews/${row.kycDetailsId}`, { data: row }),
      route('GET', `/files/${certificate!.file.id}`, { data: new Blob(['%PDF'], { type: 'application/pdf' }) }),
      route('GET', `/files/${cac2!.file.id}`, { data: new Blob(['%PDF'], { type: 'application/pdf' }) }),
      route('PUT', `/kyc/cac-documents-approval/${row.kycDetailsId}`, { data: { ...row, status: 'APPROVED', pendingCount: 0 } }),
    )
    renderWithClient(
      <CacReviewDetails
        kycDetailsId={row.kycDetailsId}
        permissions={roleOf('APPROVER')}
        currentUserId={STAFF_ID}
        memberOf={[]}
      />,
    )

    expect(await screen.findByTitle(`Certificate of incorporation of ${row.business.name}`)).toHaveAttribute('src', 'blob:cac')
    // Only the first document is downloaded until asked.
    expect(api.calls.filter((c) => c.path.startsWith('/files/')).map((c) => c.path)).toEqual([`/files/${certificate!.file.id}`])
    fireEvent.click(screen.getAllByRole('button', { name: 'Show the document' })[0]!)
    expect(await screen.findByTitle(`CAC 2 – Statement of share capital of ${row.business.name}`)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Request a new upload of Certificate of incorporation' })).toBeInTheDocument()

    const decision = screen.getByRole('region', { name: 'Decision' })
    expect(decision).toHaveTextContent('Waiting: Certificate of incorporation, CAC 2 – Statement of share capital.')
    fireEvent.click(within(decision).getByRole('button', { name: 'Approve' }))
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ decision: 'APPROVED' }))
  })

  it('four-eyes: whoever registered the business gets no decision buttons; an unknown record says so', async () => {
    const row = cacRow({ business: { ...cacRow().business, createdBy: STAFF_ID } })
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:cac'), revokeObjectURL: vi.fn() })
    api = mockApi(
      route('GET', `/kyc/cac-documents-for-reviews/${row.kycDetailsId}`, { data: row }),
      route('GET', `/files/${row.documents[0]!.file.id}`, { data: new Blob(['%PDF']) }),
    )
    const { unmount } = renderWithClient(
      <CacReviewDetails
        kycDetailsId={row.kycDetailsId}
        permissions={roleOf('APPROVER')}
        currentUserId={STAFF_ID}
        memberOf={[]}
      />,
    )
    const decision = await screen.findByRole('region', { name: 'Decision' })
    expect(within(decision).getByRole('note')).toHaveTextContent('four-eyes')
    expect(within(decision).queryByRole('button')).not.toBeInTheDocument()
    unmount()
    api.restore()

    api = mockApi(
      route('GET', '/kyc/cac-documents-for-reviews/unknown', {
        status: 404,
        data: { errors: [{ code: 'NOT_FOUND', message: 'No CAC documents' }] },
      }),
    )
    renderWithClient(
      <CacReviewDetails kycDetailsId="unknown" permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )
    expect(await screen.findByText('No CAC documents here')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the queue' })).toHaveAttribute('href', '/s/admin/approvals/cac-doc')
  })
})
