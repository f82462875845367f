import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ScreeningSearchResult } from '@/lib/contracts/screening'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'
import { ScreeningSearchScreen } from '../screening-search-screen'

mockRouter({ pathname: '/s/admin/screening/search', query: {}, isReady: true })
vi.mock('next/router', () => import('@/tests/components/router-mock'))

const FOUND: ScreeningSearchResult = {
  threshold: 0.86,
  candidates: [
    {
      entry: {
        id: '3f2e1d0c-0000-4000-8000-000000000003',
        list: { code: 'UN_CONSOLIDATED', name: 'UN Security Council Consolidated List', kind: 'SANCTIONS' },
        sourceId: 'QDi.322',
        subjectKind: 'PERSON',
        primaryName: 'ABUBAKAR MOHAMMED SHEKAU',
        names: [
          { name: 'ABUBAKAR MOHAMMED SHEKAU', kind: 'PRIMARY', quality: 'STRONG' },
          { name: 'Abu Mohammed', kind: 'ALIAS', quality: 'WEAK' },
        ],
        datesOfBirth: [{ kind: 'RANGE', fromYear: 1968, toYear: 1970 }],
        nationalities: ['NG'],
        countries: [],
        programmes: ['QD'],
        listedOn: '2014-06-26',
        remarks: null,
      },
      score: 0.93,
      matchedName: 'ABUBAKAR MOHAMMED SHEKAU',
      factors: [
        { factor: 'name', effect: 0.88, detail: 'Every name part matches: abubakar, shekau' },
        { factor: 'date-of-birth', effect: 0.05, detail: '1969 is within the listed range 1968 to 1970' },
        { factor: 'nationality', effect: -0.04, detail: 'GH is not a listed nationality' },
      ],
    },
  ],
}

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

const searches = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/screening/search')

describe('ScreeningSearchScreen', () => {
  it('shows each candidate with its list, source id, matched name, score, factors and the threshold used', async () => {
    api = mockApi(route('POST', '/screening/search', { data: FOUND }))
    renderWithClient(<ScreeningSearchScreen />)
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Abubakar Shekau' } })
    fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: '1969-04-12' } })
    fireEvent.change(screen.getByLabelText(/Nationality/), { target: { value: 'ng' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))

    const heading = await screen.findByRole('heading', { name: '1 candidate for “Abubakar Shekau”' })
    // Focus moves in an effect, which React may run a task after the commit that showed the heading.
    await waitFor(() => expect(heading).toHaveFocus())
    expect(screen.getByRole('status')).toHaveTextContent('at or above the threshold of 0.86')
    const card = screen.getByRole('article', { name: 'ABUBAKAR MOHAMMED SHEKAU · score 0.93' })
    expect(within(card).getByText('List', { selector: 'dt' }).nextSibling).toHaveTextContent(
      'UN Security Council Consolidated List (Sanctions)',
    )
    expect(within(card).getByText('Source id').nextSibling).toHaveTextContent('QDi.322')
    expect(within(card).getByText('Matched name').nextSibling).toHaveTextContent('ABUBAKAR MOHAMMED SHEKAU')
    expect(within(card).getByText('Date of birth', { selector: 'dt' }).nextSibling).toHaveTextContent('1968 to 1970')
    expect(within(card).getByText('Other names').nextSibling).toHaveTextContent('Abu Mohammed (weak)')
    const factors = within(card).getByRole('table')
    const rows = within(factors).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual([
      'Name+0.88Every name part matches: abubakar, shekau',
      'Date of birth+0.051969 is within the listed range 1968 to 1970',
      'Nationality−0.04GH is not a listed nationality',
    ])
    expect(searches()[0]!.body).toEqual({ name: 'Abubakar Shekau', type: 'PERSON', dateOfBirth: '1969-04-12', nationality: 'NG' })
  })

  it('says so when no listed name reaches the threshold, leaving blank optional fields out as null', async () => {
    api = mockApi(route('POST', '/screening/search', { data: { threshold: 0.86, candidates: [] } }))
    renderWithClient(<ScreeningSearchScreen />)
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Sahel Freight' } })
    fireEvent.change(screen.getByLabelText(/Person or entity/), { target: { value: 'ENTITY' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByRole('heading', { name: 'No candidate for “Sahel Freight”' })).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('No listed name scores at or above the threshold of 0.86.')
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
    expect(searches()[0]!.body).toEqual({ name: 'Sahel Freight', type: 'ENTITY', dateOfBirth: null, nationality: null })
  })

  it('checks the name before asking, and shows the API refusal at its field', async () => {
    api = mockApi(
      route('POST', '/screening/search', apiError(400, 'VALIDATION_FAILED', 'must not be in the future', 'dateOfBirth')),
    )
    renderWithClient(<ScreeningSearchScreen />)
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    const name = screen.getByLabelText(/^Name/)
    await waitFor(() => expect(name).toHaveAccessibleDescription(/Give a name/))
    expect(searches()).toHaveLength(0)

    fireEvent.change(name, { target: { value: 'Ifeoma Quadri' } })
    fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: '1990-01-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(screen.getByLabelText(/Date of birth/)).toHaveAccessibleDescription(/must not be in the future/))
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument()
  })
})
