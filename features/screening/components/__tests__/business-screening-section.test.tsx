import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BusinessScreeningSection } from '@/features/screening/components/business-screening-section'
import type { BusinessScreening } from '@/lib/contracts/screening'
import { SYSTEM_ROLES } from '@/lib/permissions/roles'
import { apiError, mockApi, OTHER_STAFF_ID, renderWithClient, route, STAFF_ID } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'

polyfillDialog()

const roleOf = (name: string) => [...SYSTEM_ROLES.find((r) => r.name === name)!.permissions] as string[]
const BUSINESS_ID = '44444444-4444-4444-8444-444444444444'
const HIT_ID = '55555555-5555-4555-8555-555555555555'

function hit(overrides: Partial<BusinessScreening['checks'][number]['hits'][number]> = {}) {
  return {
    id: HIT_ID,
    status: 'OPEN' as const,
    score: 0.9312,
    matchedName: 'ABUBAKAR MOHAMMED SHEKAU',
    factors: [
      { factor: 'name', effect: 0.8812, detail: 'every word matches: Muhammad ~ MOHAMMED (spelling)' },
      { factor: 'date-of-birth', effect: 0.03, detail: 'born in 1969, the listed year' },
      { factor: 'nationality', effect: 0.02, detail: 'nationality NG is a listed nationality' },
    ],
    entry: {
      id: '66666666-6666-4666-8666-666666666666',
      list: { code: 'UN_CONSOLIDATED', name: 'UN Security Council Consolidated List', kind: 'SANCTIONS' as const },
      sourceId: 'QDi.322',
      subjectKind: 'PERSON' as const,
      primaryName: 'ABUBAKAR MOHAMMED SHEKAU',
      names: [
        { name: 'ABUBAKAR MOHAMMED SHEKAU', kind: 'PRIMARY' as const, quality: 'STRONG' as const },
        { name: 'Shekau', kind: 'ALIAS' as const, quality: 'WEAK' as const },
      ],
      datesOfBirth: [{ kind: 'YEAR' as const, year: 1969 }],
      nationalities: ['NG'],
      countries: ['NG'],
      programmes: ['Al-Qaida'],
      listedOn: '2014-06-26',
      remarks: 'Leader of Boko Haram (QDe.138).',
    },
    reason: null,
    decidedBy: null,
    decidedAt: null,
    suppressed: false,
    createdAt: '2026-11-30T08:00:00.000Z',
    ...overrides,
  }
}

function screening(hits = [hit()], status: BusinessScreening['status'] = 'HITS_OPEN'): BusinessScreening {
  return {
    businessId: BUSINESS_ID,
    status,
    onWatch: false,
    checks: [
      {
        id: '77777777-7777-4777-8777-777777777777',
        subjectKind: 'BUSINESS',
        subjectName: 'Asaba Creative Studios',
        roles: [],
        screenedWith: { dateOfBirth: false, nationality: 'NG' },
        pepDeclaration: null,
        status: 'CLEAR',
        listVersions: { UN_CONSOLIDATED: 1, OFAC_SDN: 1 },
        threshold: 0.85,
        screenedAt: '2026-11-30T08:00:00.000Z',
        hits: [],
      },
      {
        id: '88888888-8888-4888-8888-888888888888',
        subjectKind: 'PERSON',
        subjectName: 'Abubakar Muhammad Shekau',
        roles: ['SHAREHOLDER', 'DIRECTOR'],
        screenedWith: { dateOfBirth: true, nationality: 'NG' },
        pepDeclaration: { status: 'NOT_PEP', position: null, country: null },
        status: hits.some((h) => h.status === 'OPEN') ? 'OPEN' : 'DECIDED',
        listVersions: { UN_CONSOLIDATED: 1, OFAC_SDN: 1 },
        threshold: 0.85,
        screenedAt: '2026-11-30T08:00:00.000Z',
        hits,
      },
    ],
  }
}

const cleared = () =>
  hit({
    status: 'FALSE_MATCH',
    reason: 'Born 1983 per the NIN record; a different person.',
    decidedBy: { id: OTHER_STAFF_ID, name: 'Bola Ogunleye' },
    decidedAt: '2026-11-30T09:00:00.000Z',
  })

let api: ReturnType<typeof mockApi>
afterEach(() => api?.restore())

function renderSection(permissions: string[], currentUserId = STAFF_ID) {
  return renderWithClient(
    <BusinessScreeningSection businessId={BUSINESS_ID} permissions={permissions} currentUserId={currentUserId} businessPending />,
  )
}

describe('BusinessScreeningSection', () => {
  it('shows each check and the candidate beside the listed entry with every factor, then clears it with a reason', async () => {
    let answer = screening()
    api = mockApi(
      route('GET', `/businesses/${BUSINESS_ID}/screening`, () => ({ data: answer })),
      route('PUT', `/screening/hits/${HIT_ID}`, (call) => {
        answer = screening([cleared()], 'CLEAR')
        return { data: { id: HIT_ID, status: (call.body as { decision: string }).decision, businessId: BUSINESS_ID } }
      }),
    )
    renderSection(roleOf('APPROVER'))

    const section = await screen.findByRole('region', { name: 'Screening' })
    expect(section).toHaveAttribute('id', 'screening')
    expect(await within(section).findByText('Screening hits to review')).toBeInTheDocument()
    expect(within(section).getByText('1 candidate to adjudicate')).toBeInTheDocument()
    const checks = within(section).getByRole('list', { name: 'Who was screened' })
    expect(within(checks).getByRole('heading', { name: 'The business, by its registered name' })).toBeInTheDocument()
    expect(within(checks).getByText('Asaba Creative Studios')).toBeInTheDocument()
    expect(within(checks).getByRole('heading', { name: 'Abubakar Muhammad Shekau (person)' })).toBeInTheDocument()
    expect(within(section).getByText('Shareholder, Director')).toBeInTheDocument()
    expect(within(section).getByText('date of birth, nationality NG')).toBeInTheDocument()
    expect(within(section).getAllByText('Declared not a PEP')).toHaveLength(2)
    expect(within(section).getAllByText('UN_CONSOLIDATED version 1, OFAC_SDN version 1')).toHaveLength(2)

    const candidate = within(section).getByRole('region', {
      name: 'Possible match: Abubakar Muhammad Shekau and ABUBAKAR MOHAMMED SHEKAU (UN_CONSOLIDATED QDi.322)',
    })
    const comparison = within(candidate).getByRole('table', { name: 'Screened beside listed' })
    const row = (name: string) => within(comparison).getByRole('row', { name: new RegExp(`^${name}`) })
    expect(row('Names')).toHaveTextContent('Shekau (alias, weak)')
    expect(row('Names')).toHaveTextContent('ABUBAKAR MOHAMMED SHEKAU (primary name, strong)')
    expect(row('Date of birth')).toHaveTextContent('Given (screened with it; not shown here)')
    expect(row('Date of birth')).toHaveTextContent('1969')
    expect(row('Nationality')).toHaveTextContent('NG')
    expect(row('Programmes')).toHaveTextContent('Al-Qaida')
    expect(row('Listed on')).toHaveTextContent('2014-06-26')
    expect(row('List and source id')).toHaveTextContent(
      'UN Security Council Consolidated List (UN_CONSOLIDATED, sanctions list): QDi.322',
    )
    expect(row('Remarks')).toHaveTextContent('Leader of Boko Haram (QDe.138).')
    const factors = within(candidate).getByRole('table', { name: 'Score 0.93 (alerts at 0.85): how it adds up' })
    expect(within(factors).getByRole('row', { name: /^Name \+0\.8812 every word matches/ })).toBeInTheDocument()
    expect(within(factors).getByRole('row', { name: /^Date of birth \+0\.0300 born in 1969/ })).toBeInTheDocument()
    expect(within(factors).getByRole('row', { name: /^Nationality \+0\.0200/ })).toBeInTheDocument()
    // Four-eyes, said before the approver adjudicates.
    expect(within(section).getByText(/Whoever adjudicates a candidate of this business cannot approve it/)).toBeInTheDocument()

    fireEvent.click(within(candidate).getByLabelText(/False match: not the listed person/))
    fireEvent.change(within(candidate).getByLabelText(/Reason/), {
      target: { value: 'Born 1983 per the NIN record; a different person.' },
    })
    fireEvent.click(within(candidate).getByRole('button', { name: 'Record decision' }))
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        decision: 'FALSE_MATCH',
        reason: 'Born 1983 per the NIN record; a different person.',
      }),
    )
    // The fresh state: cleared, by whom, with the reason; no form left.
    expect(
      await within(section).findByText(/False match by Bola Ogunleye on .*: “Born 1983 per the NIN record/),
    ).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: 'Record decision' })).not.toBeInTheDocument()
    expect(within(section).getByText('Nothing waits for adjudication')).toBeInTheDocument()
  })

  it('asks for a decision and a reason before calling, and puts the API’s field error on its field', async () => {
    api = mockApi(
      route('GET', `/businesses/${BUSINESS_ID}/screening`, { data: screening() }),
      route(
        'PUT',
        `/screening/hits/${HIT_ID}`,
        apiError(400, 'VALIDATION_FAILED', 'A reason has at least 10 characters', 'reason'),
      ),
    )
    renderSection(roleOf('KYC_ANALYST'))
    const candidate = await screen.findByRole('region', { name: /^Possible match/ })
    fireEvent.click(within(candidate).getByRole('button', { name: 'Record decision' }))
    expect(await within(candidate).findByText('must be FALSE_MATCH or TRUE_MATCH')).toBeInTheDocument()
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false)

    fireEvent.click(within(candidate).getByLabelText(/False match/))
    fireEvent.change(within(candidate).getByLabelText(/Reason/), { target: { value: 'Different person, checked the NIN.' } })
    fireEvent.click(within(candidate).getByRole('button', { name: 'Record decision' }))
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true))
    const reason = within(candidate).getByLabelText(/Reason/)
    await waitFor(() => expect(reason).toHaveAccessibleDescription(/A reason has at least 10 characters/))
    expect(reason).toHaveAttribute('aria-invalid', 'true')
  })

  it('asks again before a true match, which blocks the business', async () => {
    api = mockApi(
      route('GET', `/businesses/${BUSINESS_ID}/screening`, { data: screening() }),
      route('PUT', `/screening/hits/${HIT_ID}`, { data: { id: HIT_ID, status: 'TRUE_MATCH', businessId: BUSINESS_ID } }),
    )
    renderSection(roleOf('APPROVER'))
    const candidate = await screen.findByRole('region', { name: /^Possible match/ })
    fireEvent.click(within(candidate).getByLabelText(/True match: the listed person/))
    fireEvent.change(within(candidate).getByLabelText(/Reason/), {
      target: { value: 'Same person: NIN photo and birth year agree.' },
    })
    fireEvent.click(within(candidate).getByRole('button', { name: 'Confirm true match' }))
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Confirm that Abubakar Muhammad Shekau is ABUBAKAR MOHAMMED SHEKAU?',
    })
    expect(dialog).toHaveTextContent('blocks this business for good: it can only be declined')
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false)
    // Cancel keeps everything as it was.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false)
    fireEvent.click(within(candidate).getByRole('button', { name: 'Confirm true match' }))
    const again = await screen.findByRole('alertdialog')
    fireEvent.click(within(again).getByRole('button', { name: 'Confirm true match' }))
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        decision: 'TRUE_MATCH',
        reason: 'Same person: NIN photo and birth year agree.',
      }),
    )
  })

  it('says so when someone else decided first (409), and shows what they decided', async () => {
    let answer = screening()
    api = mockApi(
      route('GET', `/businesses/${BUSINESS_ID}/screening`, () => ({ data: answer })),
      route('PUT', `/screening/hits/${HIT_ID}`, () => {
        answer = screening([cleared()], 'CLEAR')
        return apiError(409, 'INVALID_STATE', 'This candidate was already adjudicated (a false match)')
      }),
    )
    renderSection(roleOf('APPROVER'))
    const candidate = await screen.findByRole('region', { name: /^Possible match/ })
    fireEvent.click(within(candidate).getByLabelText(/False match/))
    fireEvent.change(within(candidate).getByLabelText(/Reason/), { target: { value: 'Different person, checked the NIN.' } })
    fireEvent.click(within(candidate).getByRole('button', { name: 'Record decision' }))
    const alert = await within(candidate).findByRole('alert')
    expect(alert).toHaveTextContent(
      'Your decision was not saved: This candidate was already adjudicated (a false match). Someone decided it before you',
    )
    expect(await within(candidate).findByText(/False match by Bola Ogunleye/)).toBeInTheDocument()
    expect(within(candidate).queryByRole('button', { name: 'Record decision' })).not.toBeInTheDocument()
  })

  it('is read-only for staff who may read screening but not adjudicate, and says why', async () => {
    api = mockApi(route('GET', `/businesses/${BUSINESS_ID}/screening`, { data: screening() }))
    renderSection(roleOf('AUDITOR'))
    const section = await screen.findByRole('region', { name: 'Screening' })
    expect(await within(section).findByRole('region', { name: /^Possible match/ })).toBeInTheDocument()
    expect(within(section).getByText(/You can read this screening but not adjudicate it/)).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: 'Record decision' })).not.toBeInTheDocument()
    expect(within(section).queryByRole('radio')).not.toBeInTheDocument()
  })

  it('tells the approver who adjudicated a candidate that another reviewer must approve', async () => {
    const mine = hit({
      status: 'FALSE_MATCH',
      reason: 'Different person.',
      decidedBy: { id: STAFF_ID, name: 'Aisha Bello' },
      decidedAt: '2026-11-30T09:00:00.000Z',
    })
    api = mockApi(route('GET', `/businesses/${BUSINESS_ID}/screening`, { data: screening([mine], 'CLEAR') }))
    renderSection(roleOf('APPROVER'))
    expect(
      await screen.findByText(
        'You adjudicated a candidate of this business, so you cannot approve it: another reviewer must (four-eyes).',
      ),
    ).toBeInTheDocument()
  })

  it('shows an error with a retry when the screening cannot be read', async () => {
    api = mockApi(
      route('GET', `/businesses/${BUSINESS_ID}/screening`, apiError(500, 'INTERNAL_ERROR', 'The screening store is down')),
    )
    renderSection(roleOf('APPROVER'))
    expect(await screen.findByText('The screening store is down')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument()
  })
})
