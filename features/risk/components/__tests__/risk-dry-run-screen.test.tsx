import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { mockApi, page, renderWithClient, route, type Call } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { ACTIVE, ACTIVE_ID, PROPOSED, PROPOSED_ID, summary } from '@/tests/components/risk-fixtures'
import { RiskDryRunScreen } from '../risk-dry-run-screen'

polyfillDialog()

const AUTHORIZATION = '55555555-5555-4555-8555-555555555555'
const biz = (n: number) => `88888888-8888-4888-8888-88888888888${n}`
const row = (n: number, fromTier: string | null, toTier: string, fromScore: number | null, toScore: number) => ({
  businessId: biz(n),
  businessName: `Business ${n}`,
  fromTier,
  toTier,
  fromScore,
  toScore,
})

/** The dry run of PROPOSED: two businesses move (one Medium → High, one not assessed → Low), a third stays. */
function dryRun(call: Call) {
  const changedOnly = call.query.get('changedOnly') === 'true'
  const moved = [row(1, 'MEDIUM', 'HIGH', 30, 50), row(3, null, 'LOW', null, 5)]
  const all = [moved[0]!, row(2, 'LOW', 'LOW', 5, 5), moved[1]!]
  const rows = changedOnly ? moved : all
  const pageSize = Number(call.query.get('pageSize'))
  const after = call.query.get('after')
  const start = after ? rows.findIndex((r) => r.businessId === after) + 1 : 0
  const content = rows.slice(start, start + pageSize)
  const next = start + pageSize < rows.length ? content.at(-1)!.businessId : null
  return { data: { modelVersion: 2, activeVersion: 1, content, next } }
}

function reads(pending: unknown[] = []) {
  return [
    route('GET', `/risk/models/${PROPOSED_ID}`, { data: PROPOSED }),
    route('GET', `/risk/models/${ACTIVE_ID}`, { data: ACTIVE }),
    route('GET', /^\/risk\/models\?/, { data: page([summary(PROPOSED), summary(ACTIVE)]) }),
    route('GET', /^\/risk\/models\/[^/]+\/dry-run/, dryRun),
    route('GET', '/authorizations/pending?resource=risk_model', { data: pending }),
  ]
}

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

describe('RiskDryRunScreen', () => {
  it('shows what changes in words, the moves between tiers and the businesses that move, each linked to its review', async () => {
    api = mockApi(...reads())
    renderWithClient(<RiskDryRunScreen id={PROPOSED_ID} canManage={false} />)
    expect(await screen.findByRole('heading', { name: 'Version 2' })).toBeInTheDocument()
    expect(await screen.findByText(/^Sector Oil and Gas: 30 points/)).toBeInTheDocument()
    expect(screen.getByText(/^Sector Oil and Gas: 10 points/)).toBeInTheDocument()

    const moves = await screen.findByRole('list', { name: 'Businesses moving between tiers' })
    expect(
      within(moves)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Not assessed → Low: 1 business', 'Medium → High: 1 business'])

    const table = await screen.findByRole('table', { name: 'Businesses whose tier would move' })
    expect(within(table).getByRole('link', { name: 'Business 1' })).toHaveAttribute(
      'href',
      `/s/admin/approvals/business/business-preview?id=${biz(1)}`,
    )
    expect(within(table).getByRole('row', { name: /Business 1/ })).toHaveTextContent(/Medium \(30\).*High \(50\)/)
    expect(within(table).queryByText('Business 2')).toBeNull()
    // Only a manager asks for the activation.
    expect(screen.queryByRole('button', { name: 'Request activation' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Show every business' }))
    const every = await screen.findByRole('table', { name: 'Every business the model applies to' })
    expect(await within(every).findByText('Business 2')).toBeInTheDocument()
    expect(api.calls.some((c) => c.path.endsWith('/dry-run') && c.query.get('changedOnly') === 'false')).toBe(true)
  })

  it('says when no business would move', async () => {
    api = mockApi(
      route('GET', /^\/risk\/models\/[^/]+\/dry-run/, {
        data: { modelVersion: 2, activeVersion: 1, content: [], next: null },
      }),
      ...reads(),
    )
    renderWithClient(<RiskDryRunScreen id={PROPOSED_ID} canManage />)
    expect(await screen.findByText('No business would change tier.')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'No business would change tier' })).toBeInTheDocument()
  })

  it('asks a reason before requesting the activation, then says it waits for a second person', async () => {
    let reason: unknown
    api = mockApi(
      route('POST', `/risk/models/${PROPOSED_ID}/activate`, (call) => {
        reason = call.body
        return { status: 202, data: { id: AUTHORIZATION, type: 'RISK_MODEL_VERSION', status: 'PENDING' } }
      }),
      ...reads(),
    )
    renderWithClient(<RiskDryRunScreen id={PROPOSED_ID} canManage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Request activation' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Put version 2 in force?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request activation' }))
    expect(await within(dialog).findByText(/Give a reason/)).toBeInTheDocument()
    expect(reason).toBeUndefined()
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Dry run reviewed: no business moves' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request activation' }))
    await waitFor(() => expect(reason).toEqual({ reason: 'Dry run reviewed: no business moves' }))
    expect(await screen.findByText(/Sent for approval: another person must approve/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See the request' })).toHaveAttribute(
      'href',
      `/s/admin/authorizations/details?id=${AUTHORIZATION}`,
    )
    expect(screen.queryByRole('button', { name: 'Request activation' })).toBeNull()
  })

  it('pages through the businesses with the keyset cursor', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...row(0, 'LOW', 'LOW', 5, 5),
      businessId: `88888888-8888-4888-8888-${String(i).padStart(12, '0')}`,
      businessName: `Shop ${i + 1}`,
    }))
    api = mockApi(
      route('GET', /^\/risk\/models\/[^/]+\/dry-run\?.*changedOnly=false/, (call) => {
        const after = call.query.get('after')
        const start = after ? many.findIndex((r) => r.businessId === after) + 1 : 0
        const content = many.slice(start, start + 25)
        return {
          data: {
            modelVersion: 2,
            activeVersion: 1,
            content,
            next: start + 25 < many.length ? content.at(-1)!.businessId : null,
          },
        }
      }),
      ...reads(),
    )
    renderWithClient(<RiskDryRunScreen id={PROPOSED_ID} canManage={false} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Show every business' }))
    const table = await screen.findByRole('table', { name: 'Every business the model applies to' })
    expect(await within(table).findByText('Shop 25')).toBeInTheDocument()
    const pager = screen.getByRole('navigation', { name: 'Dry run pages' })
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled()
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }))
    expect(await within(table).findByText('Shop 26')).toBeInTheDocument()
    expect(within(table).queryByText('Shop 25')).toBeNull()
    expect(api.calls.some((c) => c.query.get('after') === many[24]!.businessId)).toBe(true)
    expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled()
    fireEvent.click(within(pager).getByRole('button', { name: 'Previous page' }))
    expect(await within(table).findByText('Shop 1')).toBeInTheDocument()
  })
})
