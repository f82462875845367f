import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EntityList } from '@/features/government/components/entity-list'
import { GovernmentProductForm } from '@/features/government/components/government-product-form'
import { mockApi, page, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { mockRouter } from '@/tests/components/router-mock'

const router = mockRouter({
  pathname: '/s/government/entities',
  query: {} as Record<string, string>,
  isReady: true,
  replace: vi.fn(async () => true),
  push: vi.fn(),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))
polyfillDialog()

const ENTITY_ID = '11111111-1111-4111-8111-111111111111'
const PRODUCT_ID = '22222222-2222-4222-8222-222222222222'
const CARD = { id: '33333333-3333-4333-8333-333333333333', code: 'CARD', name: 'Card', description: null, active: true }
const USSD = { id: '44444444-4444-4444-8444-444444444444', code: 'USSD', name: 'USSD', description: null, active: true }

const entity = {
  id: ENTITY_ID,
  name: 'Lagos State Internal Revenue Service',
  parastatal: { id: '55555555-5555-4555-8555-555555555555', name: 'State Internal Revenue Service' },
  tier: 'STATE',
  contactName: 'Folake Adeyemi',
  contactEmail: 'folake@lirs.example.gov.ng',
  contactPhone: '+2348091230003',
  address: { line1: 'Revenue House', city: null, country: 'Nigeria', state: 'Lagos', lga: 'Ikeja' },
  archiveStatus: 'ACTIVE',
  archivedAt: null,
  archivedBy: null,
  archiveReason: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
}

let api: ReturnType<typeof mockApi>
afterEach(() => {
  api?.restore()
  router.query = {}
})

describe('government entity list', () => {
  it('sends the URL filters, and archives only with a reason', async () => {
    router.query = { searchKey: 'lagos', tier: 'STATE' }
    api = mockApi(
      route('GET', '/government', { data: page([entity]) }),
      route('POST', `/archive/government-entity/${ENTITY_ID}`, { data: { ...entity, archiveStatus: 'ARCHIVED' } }),
    )
    renderWithClient(<EntityList />)
    expect((await screen.findAllByText('Lagos State Internal Revenue Service')).length).toBeGreaterThan(0)
    const sent = api.calls.find((c) => c.method === 'GET' && c.path === '/government')!.query
    expect(Object.fromEntries(sent)).toMatchObject({ searchKey: 'lagos', tier: 'STATE', archiveStatus: 'ACTIVE' })

    fireEvent.click(screen.getAllByRole('button', { name: `Archive ${entity.name}` })[0]!)
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive entity' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give a reason')
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false)
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Merged into another agency' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive entity' }))
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Merged into another agency' }),
    )
  })

  it('shows the error state with a retry when the list fails', async () => {
    api = mockApi(route('GET', '/government', { status: 500, data: { errors: [{ code: 'INTERNAL', message: 'Down' }] } }))
    renderWithClient(<EntityList />)
    expect((await screen.findAllByRole('button', { name: /Try again/ })).length).toBeGreaterThan(0)
  })
})

describe('government product form', () => {
  const reference = () => [
    route('GET', '/products', { data: page([{ id: PRODUCT_ID, name: 'Online payment gateway', code: 'PAYMENT-GATEWAY' }]) }),
    route('GET', '/payment-channels', { data: [CARD, USSD] }),
    route('GET', '/government/consultants', { data: [] }),
  ]

  it('needs at least one payment channel, then sends product and channels', async () => {
    api = mockApi(
      ...reference(),
      route('POST', '/government-product', (call) => ({
        status: 201,
        data: {
          id: '66666666-6666-4666-8666-666666666666',
          entityId: ENTITY_ID,
          entityName: entity.name,
          product: { id: PRODUCT_ID, code: 'PAYMENT-GATEWAY', name: 'Online payment gateway' },
          paymentChannels: [CARD, USSD].filter((c) =>
            (call.body as { paymentChannelIds: string[] }).paymentChannelIds.includes(c.id),
          ),
          consultant: null,
          createdAt: '2026-11-01T10:00:00.000Z',
        },
      })),
    )
    renderWithClient(<GovernmentProductForm entityId={ENTITY_ID} takenProductIds={[]} />)
    const product = await screen.findByLabelText(/^Product/)
    await waitFor(() => expect(product).not.toBeDisabled())
    fireEvent.change(product, { target: { value: PRODUCT_ID } })
    await screen.findByRole('checkbox', { name: /^Card/ })
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }))
    expect(await screen.findByText('Choose at least one payment channel')).toBeInTheDocument()
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false)

    fireEvent.click(screen.getByRole('checkbox', { name: /^Card/ }))
    fireEvent.click(screen.getByRole('checkbox', { name: /^USSD/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }))
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        entityId: ENTITY_ID,
        productId: PRODUCT_ID,
        paymentChannelIds: [CARD.id, USSD.id],
        consultantId: null,
      }),
    )
  })
})
