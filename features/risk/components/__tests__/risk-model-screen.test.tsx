import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, page, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { ACTIVE, ACTIVE_ID, PROPOSED, PROPOSED_ID, summary } from '@/tests/components/risk-fixtures'
import { mockRouter } from '@/tests/components/router-mock'
import { RiskModelScreen } from '../risk-model-screen'

vi.mock('next/router', () => import('@/tests/components/router-mock'))
mockRouter({ pathname: '/s/admin/risk-model', asPath: '/s/admin/risk-model', query: {}, isReady: true })

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

describe('RiskModelScreen', () => {
  it('shows the version in force in words and every version, and opens the editor with focus on it', async () => {
    api = mockApi(
      route('GET', `/risk/models/${ACTIVE_ID}`, { data: ACTIVE }),
      route('GET', /^\/risk\/models\?/, { data: page([summary(PROPOSED), summary(ACTIVE)]) }),
      route('GET', '/authorizations/pending?resource=risk_model', { data: [] }),
      route('GET', '/business-categories', { data: [] }),
    )
    renderWithClient(<RiskModelScreen />)
    expect(await screen.findByRole('heading', { name: 'Version 1 in force' })).toBeInTheDocument()
    expect(screen.getByText(/Low below 20 points; Medium from 20; High from 40/)).toBeInTheDocument()
    const sectors = screen.getByRole('table', { name: 'Higher-risk sectors (business categories)' })
    expect(within(sectors).getByRole('row', { name: /^Oil and Gas/ })).toHaveTextContent('10Large cash flows and state contracts')
    expect(screen.getByRole('table', { name: 'Jurisdictions (list updated on 2026-10-24)' })).toBeInTheDocument()
    expect(screen.getByText('Iran (IR)')).toBeInTheDocument()
    expect(screen.getByText('Kenya (KE)')).toBeInTheDocument()

    const versions = await screen.findByRole('table', { name: 'Versions, newest first' })
    const proposed = within(versions).getByRole('row', { name: /^2 Proposed/ })
    expect(proposed).toHaveTextContent('Olumide Adekunle')
    expect(proposed).toHaveTextContent('Oil and gas weighs more')
    expect(within(proposed).getByRole('link', { name: 'Dry run of version 2' })).toHaveAttribute(
      'href',
      `/s/admin/risk-model/dry-run?id=${PROPOSED_ID}`,
    )
    expect(within(versions).getByRole('row', { name: /^1 In force/ })).toHaveTextContent('The shipped model')

    fireEvent.click(screen.getByRole('button', { name: 'Propose a new version' }))
    const heading = await screen.findByRole('heading', { name: 'New version' })
    await waitFor(() => expect(heading).toHaveFocus())
    const form = await screen.findByRole('form', { name: 'New version of the risk model' })
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Propose a new version' })).toHaveFocus())
  })
})
