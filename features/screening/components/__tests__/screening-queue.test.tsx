import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ScreeningQueue } from '@/features/screening/components/screening-queue'
import { apiError, mockApi, page, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { mockRouter } from '@/tests/components/router-mock'

const router = mockRouter({ pathname: '/s/admin/screening', query: {} as Record<string, string>, isReady: true })
vi.mock('next/router', () => import('@/tests/components/router-mock'))

const BUSINESS_ID = '44444444-4444-4444-8444-444444444444'
const LISTS = {
  matchThreshold: 0.85,
  runs: [],
  lists: [
    { code: 'UN_CONSOLIDATED', name: 'UN Security Council Consolidated List', kind: 'SANCTIONS' },
    { code: 'OFAC_SDN', name: 'OFAC Specially Designated Nationals', kind: 'SANCTIONS' },
  ].map((l) => ({ ...l, format: 'UN_XML', entries: 1, current: null, waiting: null })),
}
const item = {
  id: '55555555-5555-4555-8555-555555555555',
  business: { id: BUSINESS_ID, name: 'Asaba Creative Studios', approvalStatus: 'PENDING' },
  subjectName: 'Abubakar Muhammad Shekau',
  subjectKind: 'PERSON',
  matchedName: 'ABUBAKAR MOHAMMED SHEKAU',
  list: { code: 'UN_CONSOLIDATED', name: 'UN Security Council Consolidated List', kind: 'SANCTIONS' },
  score: 0.9312,
  status: 'OPEN',
  createdAt: '2026-11-30T08:00:00.000Z',
}

let api: ReturnType<typeof mockApi>
afterEach(() => {
  api?.restore()
  router.query = {}
})

describe('ScreeningQueue', () => {
  it('lists the open candidates by default, each opening the business review at its screening section', async () => {
    api = mockApi(route('GET', '/screening/hits', { data: page([item]) }), route('GET', '/screening/lists', { data: LISTS }))
    renderWithClient(<ScreeningQueue />)
    const row = await screen.findByRole('row', { name: /Abubakar Muhammad Shekau/ })
    expect(row).toHaveTextContent('ABUBAKAR MOHAMMED SHEKAU')
    expect(row).toHaveTextContent('UN Security Council Consolidated List')
    expect(row).toHaveTextContent('0.93')
    expect(row).toHaveTextContent('Asaba Creative Studios')
    expect(row).toHaveTextContent('Waiting for adjudication')
    expect(
      within(row).getByRole('link', {
        name: 'Compare Abubakar Muhammad Shekau with ABUBAKAR MOHAMMED SHEKAU (Asaba Creative Studios)',
      }),
    ).toHaveAttribute('href', `/s/admin/approvals/business/business-preview?id=${BUSINESS_ID}#screening`)
    const call = api.calls.find((c) => c.path === '/screening/hits')!
    expect(call.query.get('status')).toBe('OPEN')
    expect(call.query.get('pageNumber')).toBe('1')
    // The lists and the search, from the queue.
    expect(screen.getByRole('link', { name: 'Lists and their versions' })).toHaveAttribute('href', '/s/admin/screening/lists')
    expect(screen.getByRole('link', { name: 'Search the lists' })).toHaveAttribute('href', '/s/admin/screening/search')
  })

  it('sends the filters in the URL and says when nothing matches them', async () => {
    router.query = { status: 'TRUE_MATCH', list: 'OFAC_SDN', q: 'shekau' }
    api = mockApi(route('GET', '/screening/hits', { data: page([]) }), route('GET', '/screening/lists', { data: LISTS }))
    renderWithClient(<ScreeningQueue />)
    expect(await screen.findByText('No results match your filters')).toBeInTheDocument()
    const call = api.calls.find((c) => c.path === '/screening/hits')!
    expect([call.query.get('status'), call.query.get('list'), call.query.get('q')]).toEqual(['TRUE_MATCH', 'OFAC_SDN', 'shekau'])
    await waitFor(() => expect(screen.getByLabelText('List')).toHaveValue('OFAC_SDN'))
    expect(screen.getByLabelText('Status')).toHaveValue('TRUE_MATCH')
  })

  it('says when nothing waits, and shows an error the user can retry', async () => {
    api = mockApi(route('GET', '/screening/hits', { data: page([]) }), route('GET', '/screening/lists', { data: LISTS }))
    const { unmount } = renderWithClient(<ScreeningQueue />)
    expect(await screen.findByText('Nothing waits for adjudication')).toBeInTheDocument()
    unmount()
    api.restore()
    api = mockApi(
      route('GET', '/screening/hits', apiError(500, 'INTERNAL_ERROR', 'The queue is unavailable')),
      route('GET', '/screening/lists', { data: LISTS }),
    )
    renderWithClient(<ScreeningQueue />)
    expect(await screen.findByText("Couldn't load the list")).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
