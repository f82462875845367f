import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ShareholderRecord } from '@/lib/contracts/kyc'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { GROUP_GRAPH, OWNED_BUSINESS_ID } from '@/tests/components/ownership-fixtures'
import { PscExplanation } from '../psc-explanation'

const PATH = `/businesses/${OWNED_BUSINESS_ID}/ownership`

const holder = (id: string, firstName: string, lastName: string, extra: Partial<ShareholderRecord>) =>
  ({
    id,
    type: 'INDIVIDUAL',
    firstName,
    lastName,
    hasDateOfBirth: true,
    pep: { status: 'NOT_PEP' },
    needsMeansOfId: false,
    ...extra,
  }) as unknown as ShareholderRecord

// Ada Obi lacks a means of ID and a PEP declaration; Tunde Bakare a date of birth; Bola Ade nothing.
const SHAREHOLDERS = [
  holder('p1', 'Ada', 'Obi', { needsMeansOfId: true, pep: null }),
  holder('p3', 'Tunde', 'Bakare', { hasDateOfBirth: false }),
  holder('p2', 'Bola', 'Ade', {}),
]

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

describe('PscExplanation', () => {
  it('explains the rules, why each person counts, and what each still needs because of it', async () => {
    api = mockApi(route('GET', PATH, { data: GROUP_GRAPH }))
    renderWithClient(<PscExplanation businessId={OWNED_BUSINESS_ID} shareholders={SHAREHOLDERS} />)
    const section = screen.getByRole('region', { name: 'Who has significant control' })
    expect(section).toHaveTextContent('hold 5% or more of the shares, or 5% or more of the votes')
    expect(section).toHaveTextContent('the right to appoint or remove most of the directors')
    expect(section).toHaveTextContent('significant influence or control')
    expect(section).toHaveTextContent('the person the nominee acts for')
    const list = await screen.findByRole('list', { name: 'Persons with significant control in this business' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(4)
    const item = (name: string) => items.find((i) => i.textContent?.startsWith(name))!
    expect(item('Tunde Bakare')).toHaveTextContent(
      '(5% or more of the votes): Tunde Bakare holds only 2% of the shares but 30% of the votes',
    )
    expect(item('Tunde Bakare')).toHaveTextContent('still needed from Tunde Bakare: a date of birth.')
    expect(item('Ada Obi')).toHaveTextContent('still needed from Ada Obi: a means of ID linked to them, a PEP declaration.')
    expect(item('Bola Ade')).toHaveTextContent('Nothing more is needed from Bola Ade for this.')
  })

  it('keeps the rules when the persons cannot be worked out', async () => {
    api = mockApi(route('GET', PATH, apiError(500, 'INTERNAL', 'Something went wrong')))
    renderWithClient(<PscExplanation businessId={OWNED_BUSINESS_ID} shareholders={SHAREHOLDERS} />)
    expect(await screen.findByText(/Something went wrong|couldn't work out who has significant control/)).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Who has significant control' })).toHaveTextContent('appoint or remove')
  })
})
