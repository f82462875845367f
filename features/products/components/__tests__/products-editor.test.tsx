import type { ParsedUrlQuery } from 'node:querystring'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProductEditor } from '@/features/products/components/product-editor'
import { httpEvents } from '@/lib/http/events'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { page, product, PRODUCT_ID } from '@/tests/components/products-fixtures'
import { mockRouter } from '@/tests/components/router-mock'

const router = mockRouter({
  pathname: '/s/admin/product-config/details',
  query: {} as ParsedUrlQuery,
  isReady: true,
  push: vi.fn(async (..._args: unknown[]) => true),
  replace: vi.fn(async (..._args: unknown[]) => true),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))
polyfillDialog()

const CATEGORY = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Payments and Collections',
  description: null,
  productCount: 1,
}
const DIVISION = { id: '22222222-2222-4222-8222-222222222222', name: 'Payments', code: 'PAY', description: null, isActive: true }
const DOC_TYPE = {
  id: '33333333-3333-4333-8333-333333333333',
  code: 'CAC_CERT',
  name: 'Certificate of incorporation',
  isActive: true,
}
const reference = [
  route('GET', '/products/categories', { data: [CATEGORY] }),
  route('GET', '/business-divisions', { data: [DIVISION] }),
  route('GET', '/kyc-document-types', { data: [DOC_TYPE] }),
]
const STAFF_ID = '99999999-9999-4999-8999-999999999999'
const rights = { canUpdate: true, canGoLive: true, canReadBusinesses: false }

let api: ReturnType<typeof mockApi>
beforeEach(() => {
  router.replace.mockClear()
})
afterEach(() => api.restore())

describe('creating a product', () => {
  it('builds the requirement list (add, reorder with buttons, type, required) and posts it in order', async () => {
    api = mockApi(
      ...reference,
      route('POST', '/products', (call) => ({ status: 201, data: { ...product(), ...(call.body as object), id: PRODUCT_ID } })),
    )
    renderWithClient(<ProductEditor {...rights} />)

    fireEvent.change(await screen.findByLabelText(/^Code/), { target: { value: 'bulk-payouts' } })
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Bulk payouts' } })
    await screen.findByRole('option', { name: 'Payments and Collections' })
    fireEvent.change(screen.getByLabelText(/^Category/), { target: { value: CATEGORY.id } })
    await screen.findByRole('option', { name: 'Payments' })
    fireEvent.change(screen.getByLabelText(/^Division/), { target: { value: DIVISION.id } })
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Certificate of incorporation' }))

    fireEvent.click(screen.getByRole('button', { name: 'Add a requirement' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add a requirement' }))
    const labels = screen.getAllByLabelText(/^Label/)
    fireEvent.change(labels[0]!, { target: { value: 'Funding account' } })
    fireEvent.change(labels[1]!, { target: { value: 'Signatory mandate' } })
    fireEvent.change(screen.getAllByLabelText(/^Type/)[1]!, { target: { value: 'Upload Document' } })
    fireEvent.click(screen.getAllByRole('checkbox', { name: /^Required/ })[0]!)

    // Reorder: the mandate first.
    const up = screen.getByRole('button', { name: 'Move Signatory mandate up' })
    expect(screen.getByRole('button', { name: 'Move Funding account up' })).toBeDisabled()
    fireEvent.click(up)
    expect(await screen.findByText('Signatory mandate moved to position 1 of 2')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Create product' }))
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true))
    const body = api.calls.find((c) => c.method === 'POST')!.body as {
      code: string
      kycDocumentTypeIds: string[]
      requirements: { label: string; type: string; required: boolean }[]
    }
    expect(body.code).toBe('BULK-PAYOUTS')
    expect(body.kycDocumentTypeIds).toEqual([DOC_TYPE.id])
    expect(body.requirements.map((r) => [r.label, r.type, r.required])).toEqual([
      ['Signatory mandate', 'Upload Document', true],
      ['Funding account', 'Text Input', false],
    ])
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith(`/s/admin/product-config/details?id=${PRODUCT_ID}`))
  })

  it('names the form once (the page says "New product"), and titles a new requirement without a made-up name', async () => {
    api = mockApi(...reference)
    renderWithClient(<ProductEditor {...rights} />)
    await screen.findByLabelText(/^Code/)
    expect(screen.queryByRole('heading', { name: 'New product' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Details' })).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Add a requirement' }))
    expect(screen.getByRole('heading', { level: 3, name: '1. New requirement' })).toBeInTheDocument()
    expect(screen.queryByText(/requirement 1$/)).not.toBeInTheDocument()
    const label = screen.getByLabelText(/^Label/)
    expect(label).toHaveValue('')
    expect(label).toHaveAttribute('placeholder', 'e.g. Expected monthly volume')
    fireEvent.change(label, { target: { value: 'Funding account' } })
    expect(screen.getByRole('heading', { level: 3, name: '1. Funding account' })).toBeInTheDocument()
  })

  it('shows the API’s field errors where they belong', async () => {
    api = mockApi(
      ...reference,
      route('POST', '/products', apiError(409, 'CONFLICT', 'A product with code POS already exists', 'code')),
    )
    renderWithClient(<ProductEditor {...rights} />)
    fireEvent.change(await screen.findByLabelText(/^Code/), { target: { value: 'POS' } })
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'POS' } })
    await screen.findByRole('option', { name: 'Payments and Collections' })
    fireEvent.change(screen.getByLabelText(/^Category/), { target: { value: CATEGORY.id } })
    await screen.findByRole('option', { name: 'Payments' })
    fireEvent.change(screen.getByLabelText(/^Division/), { target: { value: DIVISION.id } })
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }))
    expect(await screen.findByText('A product with code POS already exists')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Code/)).toHaveAttribute('aria-invalid', 'true')
  })

  it('refuses a reserved code before calling the API', async () => {
    api = mockApi(...reference)
    renderWithClient(<ProductEditor {...rights} />)
    fireEvent.change(await screen.findByLabelText(/^Code/), { target: { value: 'admin' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }))
    expect(await screen.findByText('ADMIN is a reserved word; choose another code')).toBeInTheDocument()
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false)
  })
})

describe('an existing product', () => {
  it('keeps a saved requirement’s key and type, and goes live after confirmation, listing what blocks it', async () => {
    let goLiveAnswers = 0
    api = mockApi(
      ...reference,
      route('GET', `/products/admin/${PRODUCT_ID}`, () => ({ data: product({ live: goLiveAnswers >= 2 }) })),
      route('PUT', `/products/${PRODUCT_ID}/go-live`, () =>
        ++goLiveAnswers === 1
          ? {
              status: 409,
              data: { errors: [{ code: 'PRECONDITION_FAILED', message: 'The product is inactive; activate it first' }] },
            }
          : { data: product({ live: true }) },
      ),
    )
    renderWithClient(<ProductEditor productId={PRODUCT_ID} {...rights} />)

    expect(await screen.findByText('(settlement_account)')).toBeInTheDocument()
    expect(screen.getAllByText('A saved requirement keeps its type; add a new one instead.')).toHaveLength(2)
    expect(screen.queryByLabelText(/^Code/)).not.toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Go live' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Take POS terminal acquiring live?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go live' }))
    expect(await screen.findByText('The product is inactive; activate it first')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Go live' }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Go live' }))
    expect(await screen.findByRole('button', { name: 'Withdraw from sale' })).toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ live: true }, { live: true }])
  })

  it('under four-eyes (202) says the change was sent for approval, links to the request and shows the product unchanged', async () => {
    const AUTHORIZATION_ID = '44444444-4444-4444-8444-444444444444'
    api = mockApi(
      ...reference,
      route('GET', `/products/admin/${PRODUCT_ID}`, { data: product({ live: false }) }),
      route('PUT', `/products/${PRODUCT_ID}/go-live`, { status: 202, data: { id: AUTHORIZATION_ID, status: 'PENDING' } }),
    )
    renderWithClient(<ProductEditor productId={PRODUCT_ID} {...rights} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Go live' }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Go live' }))
    const notice = await screen.findByText(/Sent for approval: another person must approve this change/)
    expect(within(notice).getByRole('link', { name: 'See the request' })).toHaveAttribute(
      'href',
      `/s/admin/authorizations/details?id=${AUTHORIZATION_ID}`,
    )
    expect(screen.getByRole('button', { name: 'Go live' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Withdraw from sale' })).not.toBeInTheDocument()
  })

  it('after a refresh, shows the go-live waiting for a checker with a link to it, and offers no second one', async () => {
    const AUTHORIZATION_ID = '66666666-6666-4666-8666-666666666666'
    api = mockApi(
      ...reference,
      route('GET', `/products/admin/${PRODUCT_ID}`, { data: product({ live: false }) }),
      route('GET', '/authorizations/pending', {
        data: [
          {
            id: AUTHORIZATION_ID,
            type: 'PRODUCT_GO_LIVE',
            resource: 'product',
            resourceId: PRODUCT_ID,
            target: 'POS terminal acquiring (POS-ACQUIRING)',
            what: 'take POS terminal acquiring (POS-ACQUIRING) live',
            maker: { id: STAFF_ID, name: 'Tunde Bello' },
            createdAt: '2026-11-29T01:38:00.000Z',
            mine: true,
            visible: true,
          },
        ],
      }),
    )
    renderWithClient(<ProductEditor productId={PRODUCT_ID} {...rights} />)
    const notice = await screen.findByText(/A request to take POS terminal acquiring \(POS-ACQUIRING\) live \(yours,/)
    expect(notice).toHaveTextContent(
      'is waiting for another staff member with the permission to decide authorizations (CAN_UPDATE_AUTHORIZATION) to decide it.',
    )
    expect(within(notice).getByRole('link', { name: 'See the request' })).toHaveAttribute(
      'href',
      `/s/admin/authorizations/details?id=${AUTHORIZATION_ID}`,
    )
    expect(screen.queryByRole('button', { name: 'Go live' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument()
  })

  it('says a refused go-live once, beside the switch, not again in a toast', async () => {
    const message =
      'A request to change the product POS terminal acquiring (POS-ACQUIRING) (by Ada Obi) is already waiting for another staff member with the permission to decide authorizations (CAN_UPDATE_AUTHORIZATION) to decide it; until then no other change to it can be requested.'
    api = mockApi(
      ...reference,
      route('GET', `/products/admin/${PRODUCT_ID}`, { data: product({ live: false }) }),
      route('PUT', `/products/${PRODUCT_ID}/go-live`, apiError(409, 'CONFLICT', message)),
    )
    const toasts: string[] = []
    const off = httpEvents.on('toast', ({ message: m }) => void toasts.push(m))
    try {
      renderWithClient(<ProductEditor productId={PRODUCT_ID} {...rights} />)
      fireEvent.click(await screen.findByRole('button', { name: 'Go live' }))
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Go live' }))
      expect(await screen.findByText(message)).toBeInTheDocument()
      expect(screen.getAllByText(message)).toHaveLength(1)
      expect(toasts).toEqual([])
    } finally {
      off()
    }
  })

  it('a new product under four-eyes (202) opens the request instead of a product', async () => {
    const AUTHORIZATION_ID = '55555555-5555-4555-8555-555555555555'
    router.push.mockClear()
    api = mockApi(...reference, route('POST', '/products', { status: 202, data: { id: AUTHORIZATION_ID, status: 'PENDING' } }))
    renderWithClient(<ProductEditor productId={null} {...rights} />)
    fireEvent.change(await screen.findByLabelText(/^Code/), { target: { value: 'POS-NEW' } })
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'POS new' } })
    await screen.findByRole('option', { name: 'Payments and Collections' })
    fireEvent.change(screen.getByLabelText(/^Category/), { target: { value: CATEGORY.id } })
    await screen.findByRole('option', { name: 'Payments' })
    fireEvent.change(screen.getByLabelText(/^Division/), { target: { value: DIVISION.id } })
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }))
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/s/admin/authorizations/details?id=${AUTHORIZATION_ID}`))
    expect(router.replace).not.toHaveBeenCalled()
  })

  it('hides the controls a user may not use', async () => {
    api = mockApi(
      ...reference,
      route('GET', `/products/admin/${PRODUCT_ID}`, { data: product() }),
      route('GET', '/onboarding-products/POS-ACQUIRING', { data: page([]) }),
    )
    renderWithClient(<ProductEditor productId={PRODUCT_ID} canUpdate={false} canGoLive={false} canReadBusinesses />)
    expect(await screen.findByRole('heading', { name: 'Businesses on this product' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Withdraw|Go live|Deactivate/ })).not.toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'No business yet' })).toBeInTheDocument()
    // Each column says what it holds: one "Business", then the business's status.
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Business', 'Registration no.', 'Business status', 'Application', 'Last change'])
  })
})
