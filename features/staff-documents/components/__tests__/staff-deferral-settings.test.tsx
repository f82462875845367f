import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DeferralQueue } from '@/features/staff-documents/components/deferral-queue'
import { mappingInput, mappingRows } from '@/features/staff-documents/components/deferral-settings-mapping'
import { checkMaxDays } from '@/features/staff-documents/model/max-days'
import type { DeferrableMappingAnswer } from '@/lib/contracts/deferral-review'
import type { DocumentType } from '@/lib/contracts/kyc-documents'
import { PERMISSIONS } from '@/lib/permissions/names'
import { mockApi, page, renderWithClient, route, STAFF_ID, type Call } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { mockRouter } from '@/tests/components/router-mock'
import { roleOf, staffDeferral } from '@/tests/components/staff-documents-fixtures'

mockRouter({
  pathname: '/s/admin/approvals/deferral',
  query: {} as Record<string, string>,
  isReady: true,
  replace: vi.fn(async () => true),
  push: vi.fn(),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))
polyfillDialog()

let api: ReturnType<typeof mockApi>
afterEach(() => api?.restore())

function documentType(id: string, name: string, overrides: Partial<DocumentType> = {}): DocumentType {
  return {
    id,
    code: name.toUpperCase().replace(/\W+/g, '_'),
    name,
    description: null,
    isCac: false,
    isDeferrable: true,
    typeOwner: 'COMPANY',
    isActive: true,
    requiredFor: ['RC'],
    optionalFor: [],
    alternativeGroup: null,
    deferrableFor: [],
    ...overrides,
  }
}

const TIN = documentType('f0000000-0000-4000-8000-000000000001', 'TIN certificate')
const MEMART = documentType('f0000000-0000-4000-8000-000000000002', 'Memorandum and articles', { isCac: true })
const OLD = documentType('f0000000-0000-4000-8000-000000000003', 'Old utility bill', { isActive: false })
const mapped = (registrationClass: DeferrableMappingAnswer['items'][number]['registrationClass'], t: DocumentType) => ({
  registrationClass,
  documentTypeId: t.id,
  documentType: { id: t.id, code: t.code, name: t.name, isCac: t.isCac, isActive: t.isActive },
})

/** The queue and the settings calls; the mapping and maximum answer what the last PUT stored. */
function settingsRoutes(state: { maxDays: number; mapping: DeferrableMappingAnswer; types?: DocumentType[] }) {
  const types = state.types ?? [TIN, MEMART, OLD]
  return [
    route('GET', '/deferrals', { data: page([staffDeferral()]) }),
    route('GET', '/kyc-document-types', (call: Call) => ({
      data: call.query.get('includeInactive') === 'true' ? types : types.filter((t) => t.isActive),
    })),
    route('GET', '/deferrals/deferrable-max-days', () => ({ data: { maxDays: state.maxDays } })),
    route('GET', '/deferrals/deferrable-mapping', () => ({ data: state.mapping })),
  ]
}

const openSettings = async () => {
  const toggle = await screen.findByRole('button', { name: 'Deferral settings' })
  expect(toggle).toHaveAttribute('aria-expanded', 'false')
  fireEvent.click(toggle)
  expect(toggle).toHaveAttribute('aria-expanded', 'true')
  return screen.findByRole('region', { name: 'Deferral settings' })
}
const dialog = () => screen.getByRole('alertdialog')
// A form's submit is checked asynchronously (react-hook-form): its confirmation opens a moment later.
const openDialog = () => screen.findByRole('alertdialog')
const puts = () => api.calls.filter((c) => c.method === 'PUT')

describe('deferral settings: the maximum days', () => {
  it('shows the current maximum and sets a new one after confirming', async () => {
    const state = { maxDays: 30, mapping: { items: [] } }
    api = mockApi(
      ...settingsRoutes(state),
      route('PUT', '/deferrals/deferrable-days/45', () => {
        state.maxDays = 45
        return { data: { maxDays: 45 } }
      }),
    )
    renderWithClient(<DeferralQueue permissions={roleOf('SUPER_ADMIN')} currentUserId={STAFF_ID} memberOf={[]} />)
    const panel = await openSettings()

    const input = await within(panel).findByRole('spinbutton', { name: 'Maximum days' })
    expect(input).toHaveValue(30)
    expect(within(panel).getByText(/Now 30 days\./)).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Save maximum' })).toBeDisabled()
    fireEvent.change(input, { target: { value: '45' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Save maximum' }))
    expect(within(await openDialog()).getByRole('heading', { name: 'Set the maximum to 45 days?' })).toBeInTheDocument()
    expect(puts()).toHaveLength(0)
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Set maximum' }))
    await waitFor(() => expect(puts().map((c) => c.path)).toEqual(['/deferrals/deferrable-days/45']))
    expect(await within(panel).findByText(/Now 45 days\./)).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Save maximum' })).toBeDisabled()
  })

  it('offers no second request while one for the maximum waits for approval, nor for the mapping while one waits', async () => {
    const state = { maxDays: 30, mapping: { items: [mapped('RC', TIN)] } }
    const pendingOf = (type: string, resource: string, what: string) => ({
      id: `req-${type}`,
      type,
      resource,
      resourceId: null,
      target: what,
      what,
      maker: { id: 'm1', name: 'Ada Maker' },
      createdAt: '2026-01-06T09:00:00.000Z',
      mine: false,
      visible: true,
    })
    api = mockApi(
      ...settingsRoutes(state),
      route('GET', '/authorizations/pending', (call: Call) => ({
        data:
          call.query.get('resource') === 'setting'
            ? [pendingOf('DEFERRAL_MAX_DAYS', 'setting', 'set the most days a deferral may ask for to 60')]
            : [pendingOf('DEFERRABLE_MAPPING', 'deferrable_mapping', 'change the deferrable documents')],
      })),
    )
    renderWithClient(<DeferralQueue permissions={roleOf('SUPER_ADMIN')} currentUserId={STAFF_ID} memberOf={[]} />)
    const panel = await openSettings()
    expect(await within(panel).findByText(/A request to set the most days .* is waiting for/)).toBeInTheDocument()
    fireEvent.change(await within(panel).findByRole('spinbutton', { name: 'Maximum days' }), { target: { value: '45' } })
    expect(within(panel).getByRole('button', { name: 'Save maximum' })).toBeDisabled()

    expect(await within(panel).findByText(/A request to change the deferrable documents .* is waiting for/)).toBeInTheDocument()
    fireEvent.click(
      within(panel)
        .getAllByRole('checkbox')
        .find((box) => !(box as HTMLInputElement).checked && !box.hasAttribute('disabled'))!,
    )
    expect(within(panel).getByText('1 unsaved change.')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Save deferrable documents' })).toBeDisabled()
  })

  it('refuses a maximum outside 1–365 before asking, and shows the server’s message', async () => {
    api = mockApi(
      ...settingsRoutes({ maxDays: 30, mapping: { items: [] } }),
      route('PUT', '/deferrals/deferrable-days/200', {
        status: 403,
        data: { errors: [{ code: 'FORBIDDEN', message: 'Only staff may change deferral settings' }] },
      }),
    )
    renderWithClient(<DeferralQueue permissions={roleOf('SUPER_ADMIN')} currentUserId={STAFF_ID} memberOf={[]} />)
    const panel = await openSettings()
    const input = await within(panel).findByRole('spinbutton', { name: 'Maximum days' })
    const save = within(panel).getByRole('button', { name: 'Save maximum' })

    fireEvent.change(input, { target: { value: '366' } })
    fireEvent.click(save)
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The maximum is at most 365 days')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()

    fireEvent.change(input, { target: { value: '200' } })
    fireEvent.click(save)
    fireEvent.click(within(await openDialog()).getByRole('button', { name: 'Set maximum' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Only staff may change deferral settings')
    expect(puts()).toHaveLength(1)

    expect(checkMaxDays('')).toBe('Enter the number of days')
    expect(checkMaxDays('2.5')).toBe('Enter a whole number of days')
    expect(checkMaxDays('-3')).toBe('Enter a whole number of days')
    expect(checkMaxDays('0')).toBe('The maximum is at least 1 day')
    expect(checkMaxDays('1')).toBeNull()
    expect(checkMaxDays(' 365 ')).toBeNull()
  })
})

describe('deferral settings: the deferrable mapping', () => {
  it('ticks documents per registration class and saves the whole mapping after confirming, keeping inactive types', async () => {
    const state = { maxDays: 30, mapping: { items: [mapped('RC', TIN), mapped('BN', OLD)] } as DeferrableMappingAnswer }
    api = mockApi(
      ...settingsRoutes(state),
      route('PUT', '/deferrals/deferrable-mapping', (call) => {
        const body = call.body as { items: { registrationClass: 'RC'; documentTypeId: string }[] }
        state.mapping = {
          items: body.items.map((i) =>
            mapped(
              i.registrationClass,
              [TIN, MEMART, OLD].find((t) => t.id === i.documentTypeId)!,
            ),
          ),
        }
        return { data: state.mapping }
      }),
    )
    renderWithClient(<DeferralQueue permissions={roleOf('SUPER_ADMIN')} currentUserId={STAFF_ID} memberOf={[]} />)
    const panel = await openSettings()

    const matrix = await within(panel).findByRole('table', { name: /Documents each registration class may defer/ })
    expect(
      within(matrix)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Document type', 'RC', 'BN', 'IT', 'LP', 'LLP'])
    expect(within(matrix).getByRole('rowheader', { name: 'Old utility bill (inactive)' })).toBeInTheDocument()
    expect(within(matrix).getAllByRole('checkbox')).toHaveLength(15)
    expect(api.calls.find((c) => c.path === '/kyc-document-types' && c.query.get('includeInactive') === 'true')).toBeDefined()
    const box = (name: string) => within(matrix).getByRole('checkbox', { name })
    expect(box('TIN certificate: deferrable for Company (RC)')).toBeChecked()
    expect(box('Old utility bill: deferrable for Business name (BN)')).toBeChecked()
    expect(box('TIN certificate: deferrable for Business name (BN)')).not.toBeChecked()
    const save = within(panel).getByRole('button', { name: 'Save deferrable documents' })
    expect(save).toBeDisabled()

    fireEvent.click(box('TIN certificate: deferrable for Company (RC)'))
    fireEvent.click(box('Memorandum and articles: deferrable for Limited liability partnership (LLP)'))
    expect(within(panel).getByText('2 unsaved changes.')).toBeInTheDocument()
    fireEvent.click(save)
    expect(within(dialog()).getByText('Memorandum and articles for Limited liability partnership (LLP)')).toBeInTheDocument()
    expect(within(dialog()).getByText('TIN certificate for Company (RC)')).toBeInTheDocument()
    expect(puts()).toHaveLength(0)
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }))

    await waitFor(() =>
      expect(puts()[0]?.body).toEqual({
        items: [
          { registrationClass: 'BN', documentTypeId: OLD.id },
          { registrationClass: 'LLP', documentTypeId: MEMART.id },
        ],
      }),
    )
    expect(await within(panel).findByText('No unsaved changes.')).toBeInTheDocument()
    expect(box('TIN certificate: deferrable for Company (RC)')).not.toBeChecked()
    expect(box('Memorandum and articles: deferrable for Limited liability partnership (LLP)')).toBeChecked()
  })

  it('shows the server’s errors, naming the document and class it refused', async () => {
    api = mockApi(
      ...settingsRoutes({ maxDays: 30, mapping: { items: [] } }),
      route('PUT', '/deferrals/deferrable-mapping', {
        status: 400,
        data: { errors: [{ code: 'VALIDATION_FAILED', field: 'items.0.documentTypeId', message: 'No such document type' }] },
      }),
    )
    renderWithClient(<DeferralQueue permissions={roleOf('SUPER_ADMIN')} currentUserId={STAFF_ID} memberOf={[]} />)
    const panel = await openSettings()
    fireEvent.click(
      await within(panel).findByRole('checkbox', { name: 'TIN certificate: deferrable for Incorporated trustees (IT)' }),
    )
    fireEvent.click(within(panel).getByRole('button', { name: 'Save deferrable documents' }))
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }))
    const alert = await within(panel).findByRole('alert')
    expect(alert).toHaveTextContent('The mapping was not saved:')
    expect(alert).toHaveTextContent('TIN certificate for IT: No such document type')
    // The change is kept to correct or undo.
    expect(within(panel).getByText('1 unsaved change.')).toBeInTheDocument()
    fireEvent.click(within(panel).getByRole('button', { name: 'Undo changes' }))
    expect(
      within(panel).getByRole('checkbox', { name: 'TIN certificate: deferrable for Incorporated trustees (IT)' }),
    ).not.toBeChecked()
    expect(within(panel).getByText('No unsaved changes.')).toBeInTheDocument()
  })

  it('readers of the mapping see it without changing anything; staff without either permission see no settings', async () => {
    api = mockApi(...settingsRoutes({ maxDays: 21, mapping: { items: [mapped('RC', TIN)] } }))
    const { unmount } = renderWithClient(<DeferralQueue permissions={roleOf('AUDITOR')} currentUserId={STAFF_ID} memberOf={[]} />)
    const panel = await openSettings()
    expect(await within(panel).findByText('21 days')).toBeInTheDocument()
    expect(within(panel).queryByRole('spinbutton')).not.toBeInTheDocument()
    const boxes = await within(panel).findAllByRole('checkbox')
    expect(boxes.every((b) => (b as HTMLInputElement).disabled)).toBe(true)
    expect(within(panel).getByRole('checkbox', { name: 'TIN certificate: deferrable for Company (RC)' })).toBeChecked()
    expect(within(panel).queryByRole('button', { name: /Save/ })).not.toBeInTheDocument()
    unmount()
    const settingsCalls = () => api.calls.filter((c) => c.path.startsWith('/deferrals/deferrable')).length
    const before = settingsCalls()

    renderWithClient(<DeferralQueue permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />)
    expect(await screen.findByRole('link', { name: /^Review the deferral of/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Deferral settings' })).not.toBeInTheDocument()
    expect(settingsCalls()).toBe(before)
  })

  it('without the mapping read permission, only the maximum is shown (its GET would be refused)', async () => {
    api = mockApi(...settingsRoutes({ maxDays: 30, mapping: { items: [] } }))
    renderWithClient(
      <DeferralQueue
        permissions={[PERMISSIONS.CAN_READ_DEFERRALS, PERMISSIONS.CAN_UPDATE_DEFERRABLE]}
        currentUserId={STAFF_ID}
        memberOf={[]}
      />,
    )
    const panel = await openSettings()
    expect(await within(panel).findByRole('spinbutton', { name: 'Maximum days' })).toBeInTheDocument()
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument()
    expect(api.calls.some((c) => c.path === '/deferrals/deferrable-mapping')).toBe(false)
  })
})

describe('mapping helpers', () => {
  it('keeps a mapped type the list lacks, and builds the body class by class', () => {
    const gone = { ...mapped('LP', OLD), documentType: { ...mapped('LP', OLD).documentType, name: 'Gone type' } }
    const rows = mappingRows([TIN, MEMART], { items: [mapped('RC', TIN), gone] })
    expect(rows.map((r) => r.name)).toEqual(['Memorandum and articles', 'TIN certificate', 'Gone type'])
    expect(mappingInput(rows, new Set([`LP:${OLD.id}`, `RC:${TIN.id}`, `RC:${MEMART.id}`] as const)).items).toEqual([
      { registrationClass: 'RC', documentTypeId: MEMART.id },
      { registrationClass: 'RC', documentTypeId: TIN.id },
      { registrationClass: 'LP', documentTypeId: OLD.id },
    ])
  })
})
