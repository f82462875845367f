import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Holiday, ServiceLevel } from '@/lib/contracts/service-levels'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { ServiceLevelsScreen } from '../service-levels-screen'

polyfillDialog()

const level = (queue: ServiceLevel['queue'], label: string, targetBusinessDays: number, autoAssign = false): ServiceLevel => ({
  queue,
  label,
  targetBusinessDays,
  autoAssign,
  decidingPermission: 'CAN_APPROVE_BUSINESS',
  updatedAt: null,
  pending: null,
})

const LEVELS = [level('BUSINESS_REVIEW', 'Business review', 3), level('DEFERRALS', 'Deferral requests', 2, true)]
const HOLIDAYS: Holiday[] = [
  { day: '2026-10-01', name: 'Independence Day', source: 'PUBLIC', addedBy: null },
  { day: '2026-10-02', name: 'Declared for the census', source: 'ADDED', addedBy: 'Olumide Adekunle' },
]

const reads = (levels: ServiceLevel[] = LEVELS) => [
  route('GET', '/service-levels', { data: levels }),
  route('GET', /^\/service-levels\/holidays\?year=\d{4}$/, { data: HOLIDAYS }),
  route('GET', '/authorizations/pending?resource=setting', { data: [] }),
]

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

describe('the service levels screen', () => {
  it("edits a queue's level with the API's schema: errors name their field, the API's too; 200 says Saved", async () => {
    let sent: unknown
    let tries = 0
    api = mockApi(
      route('PUT', '/service-levels/BUSINESS_REVIEW', (call) => {
        tries += 1
        sent = call.body
        if (tries === 1) return apiError(400, 'VALIDATION_FAILED', 'must be between 1 and 60 business days', 'targetBusinessDays')
        return { status: 200, data: [level('BUSINESS_REVIEW', 'Business review', 5, true), LEVELS[1]] }
      }),
      ...reads(),
    )
    renderWithClient(<ServiceLevelsScreen canEdit />)
    const table = await screen.findByRole('table', { name: 'Service level of each queue' })
    const row = (await within(table).findByRole('rowheader', { name: 'Business review' })).closest('tr')!
    expect(within(row).getByText('3 business days')).toBeInTheDocument()
    fireEvent.click(within(row).getByRole('button', { name: 'Edit Business review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change the service level of Business review' })
    const target = within(dialog).getByLabelText(/Target in business days/)

    fireEvent.change(target, { target: { value: '61' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the change' }))
    expect(await within(dialog).findByText('The target must be between 1 and 60 business days')).toBeInTheDocument()
    expect(within(dialog).getByText('Give a reason (at least 3 characters)')).toBeInTheDocument()
    expect(sent).toBeUndefined()

    fireEvent.change(target, { target: { value: '5' } })
    fireEvent.click(within(dialog).getByLabelText(/Assign new items automatically/))
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'More reviewers on leave' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the change' }))
    // The API's refusal, under the field it names.
    await waitFor(() => expect(sent).toEqual({ targetBusinessDays: 5, autoAssign: true, reason: 'More reviewers on leave' }))
    expect(await within(dialog).findByText('The target must be between 1 and 60 business days')).toBeInTheDocument()
    expect(await within(dialog).findByRole('button', { name: 'Send the change' })).toBeEnabled()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the change' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText('Saved: Business review now has 5 business days, auto-assignment on.')).toBeInTheDocument()
  })

  it('shows a waiting change on its row instead of Edit, with the request to follow', async () => {
    const waiting: ServiceLevel = {
      ...LEVELS[0]!,
      pending: {
        authorizationId: '55555555-5555-4555-8555-555555555555',
        targetBusinessDays: 4,
        autoAssign: false,
        requestedBy: 'Olumide Adekunle',
        requestedAt: '2026-11-30T10:00:00.000Z',
      },
    }
    api = mockApi(...reads([waiting, LEVELS[1]!]))
    renderWithClient(<ServiceLevelsScreen canEdit />)
    const table = await screen.findByRole('table', { name: 'Service level of each queue' })
    const row = (await within(table).findByRole('rowheader', { name: 'Business review' })).closest('tr')!
    expect(within(row).getByText('Waiting for approval')).toBeInTheDocument()
    expect(within(row).getByText(/4 business days, auto-assignment off, asked by Olumide Adekunle/)).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: 'Edit Business review' })).toBeNull()
    expect(within(row).getByRole('link', { name: 'See the request for Business review' })).toHaveAttribute(
      'href',
      '/s/admin/authorizations/details?id=55555555-5555-4555-8555-555555555555',
    )
  })

  it('withdraws an added holiday after a confirmation; public ones cannot be', async () => {
    let withdrawn = ''
    api = mockApi(
      route('DELETE', '/service-levels/holidays/2026-10-02', (call) => {
        withdrawn = call.path
        return { data: HOLIDAYS.slice(0, 1) }
      }),
      ...reads(),
    )
    renderWithClient(<ServiceLevelsScreen canEdit />)
    const holidays = await screen.findByRole('table', { name: /^Holidays in \d{4}$/ })
    await within(holidays).findByText('Declared for the census')
    expect(within(holidays).getAllByRole('button', { name: /^Withdraw / })).toHaveLength(1)
    fireEvent.click(within(holidays).getByRole('button', { name: 'Withdraw Declared for the census (02-Oct-2026)' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Withdraw Declared for the census?' })
    expect(confirm).toHaveTextContent('Friday 02-Oct-2026 becomes a business day again')
    expect(withdrawn).toBe('')
    fireEvent.click(within(confirm).getByRole('button', { name: 'Withdraw holiday' }))
    await waitFor(() => expect(withdrawn).toBe('/service-levels/holidays/2026-10-02'))
    expect(await screen.findByText(/was withdrawn: it is a business day again/)).toBeInTheDocument()
  })

  it('other staff read the levels and holidays without the means to change them', async () => {
    api = mockApi(...reads())
    renderWithClient(<ServiceLevelsScreen canEdit={false} />)
    await screen.findByRole('table', { name: 'Service level of each queue' })
    await screen.findByText('Declared for the census')
    expect(screen.queryByRole('button', { name: /^(Edit|Withdraw) / })).toBeNull()
    expect(screen.queryByRole('form', { name: 'Add a declared holiday' })).toBeNull()
    expect(api.calls.some((c) => c.path === '/authorizations/pending')).toBe(false)
  })
})
