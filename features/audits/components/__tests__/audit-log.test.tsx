import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuditRecord } from '@/lib/contracts/audits'
import { mockApi, page, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { mockRouter } from '@/tests/components/router-mock'
import { AuditLog } from '../audit-log'

const router = mockRouter({
  pathname: '/s/admin/reports',
  query: { tab: 'audits', resource: 'business', action: 'APPROVE' } as Record<string, string>,
  isReady: true,
  replace: vi.fn(async () => true),
  push: vi.fn(),
  events: { on: vi.fn(), off: vi.fn() },
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

const APPROVAL: AuditRecord = {
  id: '11111111-1111-4111-8111-111111111111',
  seq: 42,
  actorId: '22222222-2222-4222-8222-222222222222',
  actorEmail: 'approver@example.com',
  resource: 'business',
  resourceId: '33333333-3333-4333-8333-333333333333',
  action: 'APPROVE',
  before: { approvalStatus: 'PENDING' },
  after: { approvalStatus: 'APPROVED', decisionComment: 'Registry checked' },
  requestId: null,
  ip: null,
  createdAt: '2026-11-25T10:00:00.000Z',
}

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

describe('Audit log', () => {
  it('reads the filters from the URL, shows before and after side by side, and says what the chain check found', async () => {
    api = mockApi(
      route('GET', '/audits', { data: page([APPROVAL]) }),
      route('GET', '/audits/resources', { data: ['business', 'fee'] }),
      route('GET', '/audits/actors', { data: [] }),
      route('GET', '/audits/verify', { data: { ok: false, checked: 1200, firstBrokenId: APPROVAL.id } }),
    )
    renderWithClient(<AuditLog />)
    const row = await screen.findByRole('row', { name: /APPROVE/ })
    const list = api.calls.find((c) => c.path === '/audits')!
    expect(Object.fromEntries(list.query)).toMatchObject({ resource: 'business', action: 'APPROVE', pageNumber: '1' })

    fireEvent.click(within(row).getByRole('button', { name: 'Show the changes of APPROVE on business' }))
    expect(screen.getByRole('region', { name: 'Before' })).toHaveTextContent('"approvalStatus": "PENDING"')
    expect(screen.getByRole('region', { name: 'After' })).toHaveTextContent('"decisionComment": "Registry checked"')

    fireEvent.click(screen.getByRole('button', { name: 'Verify chain' }))
    expect(await screen.findByText(`Chain broken at row ${APPROVAL.id} (1,200 rows checked).`)).toBeInTheDocument()
  })

  it('exports what the filters show, as CSV or NDJSON, only for staff who may export', async () => {
    api = mockApi(
      route('GET', '/audits', { data: page([APPROVAL]) }),
      route('GET', '/audits/resources', { data: ['business'] }),
      route('GET', '/audits/actors', { data: [] }),
      route('GET', '/audits/export', { data: new Blob(['{"record":"proof"}\n'], { type: 'application/x-ndjson' }) }),
    )
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() })
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.href} ${this.download}`)
    })
    const { unmount } = renderWithClient(<AuditLog canExport />)
    await screen.findByRole('row', { name: /APPROVE/ })
    fireEvent.click(screen.getByRole('button', { name: 'Export NDJSON' }))
    await waitFor(() => expect(saved).toEqual(['blob:audit audit-log.ndjson']))
    const call = api.calls.find((c) => c.path === '/audits/export')!
    expect(Object.fromEntries(call.query)).toEqual({ resource: 'business', action: 'APPROVE', format: 'ndjson' })
    expect(await screen.findByText(/Saved audit-log.ndjson: the rows shown by the filters/)).toBeInTheDocument()
    unmount()

    renderWithClient(<AuditLog />)
    await screen.findByRole('row', { name: /APPROVE/ })
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument()
  })

  it('sorts on the server from its headings, in the URL, with aria-sort: newest first until one is chosen', async () => {
    router.replace.mockClear()
    api = mockApi(
      route('GET', '/audits', { data: page([APPROVAL]) }),
      route('GET', '/audits/resources', { data: [] }),
      route('GET', '/audits/actors', { data: [] }),
    )
    const view = renderWithClient(<AuditLog />)
    await screen.findByRole('row', { name: /APPROVE/ })
    expect(screen.getByRole('table', { name: 'Audit rows, newest first' })).toBeInTheDocument()
    expect(api.calls.find((c) => c.path === '/audits')!.query.get('sort')).toBeNull()
    const resource = screen.getByRole('columnheader', { name: 'Resource' })
    expect(resource).not.toHaveAttribute('aria-sort')

    fireEvent.click(within(resource).getByRole('button', { name: 'Resource' }))
    expect(router.replace).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: expect.objectContaining({ sort: 'resource,asc' }) }),
      undefined,
      expect.anything(),
    )

    router.query = { ...router.query, sort: 'action,desc' }
    view.unmount()
    renderWithClient(<AuditLog />)
    await screen.findByRole('row', { name: /APPROVE/ })
    expect(screen.getByRole('columnheader', { name: 'Action' })).toHaveAttribute('aria-sort', 'descending')
    expect(
      api.calls
        .filter((c) => c.path === '/audits')
        .at(-1)!
        .query.get('sort'),
    ).toBe('action,desc')
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Action' })).getByRole('button', { name: 'Action' }))
    expect(router.replace).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: expect.not.objectContaining({ sort: expect.anything() }) }),
      undefined,
      expect.anything(),
    )
  })

  it('pages in the URL (pageNumber), 20 rows a page: page 2 asks the API for page 2 and shows it', async () => {
    router.replace.mockClear()
    router.query = { tab: 'audits' }
    const second = { ...APPROVAL, id: '44444444-4444-4444-8444-444444444444', action: 'DECLINE' }
    api = mockApi(
      route('GET', '/audits', (call) =>
        call.query.get('pageNumber') === '2'
          ? { data: { ...page([second]), pageNumber: 2, pageSize: 20, totalElements: 21, totalPages: 2 } }
          : { data: { ...page([APPROVAL]), pageSize: 20, totalElements: 21, totalPages: 2 } },
      ),
      route('GET', '/audits/resources', { data: [] }),
      route('GET', '/audits/actors', { data: [] }),
    )
    const view = renderWithClient(<AuditLog />)
    await screen.findByRole('row', { name: /APPROVE/ })
    const pages = screen.getByRole('navigation', { name: 'Audit log pages' })
    expect(pages).toHaveTextContent('Showing 1–20 of 21')
    expect(within(pages).queryByRole('combobox')).not.toBeInTheDocument()
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }))
    expect(router.replace).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: { tab: 'audits', pageNumber: '2' } }),
      undefined,
      expect.anything(),
    )

    router.query = { tab: 'audits', pageNumber: '2' }
    view.unmount()
    renderWithClient(<AuditLog />)
    await screen.findByRole('row', { name: /DECLINE/ })
    const list = api.calls.filter((c) => c.path === '/audits').at(-1)!
    expect(Object.fromEntries(list.query)).toMatchObject({ pageNumber: '2', pageSize: '20' })
  })
})
