import type { ParsedUrlQuery } from 'node:querystring'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BusinessCatalogue } from '@/features/products/components/business-catalogue'
import { ProductCatalogue } from '@/features/products/components/product-catalogue'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { BUSINESS_ID, ONBOARDING_ID, page, product, PRODUCT_ID } from '@/tests/components/products-fixtures'
import { mockRouter } from '@/tests/components/router-mock'

const router = mockRouter({
  pathname: '/products',
  query: {} as ParsedUrlQuery,
  isReady: true,
  push: vi.fn(async (..._args: unknown[]) => true),
  replace: vi.fn(async (..._args: unknown[]) => true),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))
polyfillDialog()

const CARDS = {
  id: '99999999-9999-4999-8999-999999999999',
  code: 'CORPORATE-CARDS',
  name: 'Corporate prepaid cards',
  category: { id: 'c2', name: 'Cards' },
  categoryId: 'c2',
}
const categories = [
  { id: '11111111-1111-4111-8111-111111111111', name: 'Payments and Collections', description: null, productCount: 1 },
  { id: 'c2', name: 'Cards', description: null, productCount: 1 },
  { id: 'c3', name: 'Lending', description: null, productCount: 0 },
]

let api: ReturnType<typeof mockApi>
beforeEach(() => {
  router.query = {}
  router.push.mockClear()
  router.replace.mockClear()
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => api.restore())

describe('the public catalogue', () => {
  it('shows offered products by category with what applying asks for; categories with products become filters', async () => {
    api = mockApi(
      route('GET', '/products/categories', { data: categories }),
      route('GET', '/products', { data: page([product(), product(CARDS)]) }),
    )
    renderWithClient(<ProductCatalogue />)

    const payments = await screen.findByRole('region', { name: 'Payments and Collections' })
    expect(within(payments).getByRole('heading', { name: 'POS terminal acquiring' })).toBeInTheDocument()
    expect(within(payments).getByText('You will be asked for 1 detail and 1 document')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Cards' })).toBeInTheDocument()
    const chips = within(screen.getByRole('list', { name: 'Categories' }))
    expect(chips.getByRole('button', { name: 'All products' })).toHaveAttribute('aria-pressed', 'true')
    expect(chips.queryByRole('button', { name: /Lending/ })).not.toBeInTheDocument()

    fireEvent.click(chips.getByRole('button', { name: 'Cards (1)' }))
    await waitFor(() => expect(router.replace).toHaveBeenCalled())
    expect(router.replace.mock.calls.at(-1)![0]).toMatchObject({ query: { categoryId: 'c2' } })
    // The public calls carry no token.
    expect(api.calls.find((c) => c.url.startsWith('/products?'))!.url).toContain('pageSize=24')
  })

  it('pages in the URL (pageNumber), 24 cards a page: page 2 asks the API for page 2 and shows it', async () => {
    api = mockApi(
      route('GET', '/products/categories', { data: categories }),
      route('GET', '/products', (call) =>
        call.query.get('pageNumber') === '2'
          ? { data: { ...page([product(CARDS)]), pageNumber: 2, totalElements: 25, totalPages: 2 } }
          : { data: { ...page([product()]), totalElements: 25, totalPages: 2 } },
      ),
    )
    const view = renderWithClient(<ProductCatalogue />)
    await screen.findByRole('region', { name: 'Payments and Collections' })
    const pages = screen.getByRole('navigation', { name: 'Product pages' })
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }))
    expect(router.replace.mock.calls.at(-1)![0]).toMatchObject({ query: { pageNumber: '2' } })

    router.query = { pageNumber: '2' }
    view.unmount()
    renderWithClient(<ProductCatalogue />)
    expect(await screen.findByRole('region', { name: 'Cards' })).toBeInTheDocument()
    const last = api.calls.filter((c) => c.path === '/products').at(-1)!
    expect(Object.fromEntries(last.query)).toMatchObject({ pageNumber: '2', pageSize: '24' })
  })

  it('remembers the chosen product and offers sign-up or sign-in to a visitor', async () => {
    api = mockApi(
      route('GET', '/products/categories', { data: categories }),
      route('GET', '/products', { data: page([product()]) }),
    )
    renderWithClient(<ProductCatalogue />)
    fireEvent.click(await screen.findByRole('button', { name: 'Apply for POS terminal acquiring' }))

    expect(localStorage.getItem('sourceProduct')).toBe('POS-ACQUIRING')
    const dialog = await screen.findByRole('dialog', { name: 'Apply for POS terminal acquiring' })
    expect(within(dialog).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/signup')
    expect(within(dialog).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login')
    expect(router.push).not.toHaveBeenCalled()
  })

  it('takes a signed-in user straight to the application', async () => {
    sessionStorage.setItem('user_auth_data', JSON.stringify({ access_token: 'x' }))
    api = mockApi(
      route('GET', '/products/categories', { data: categories }),
      route('GET', '/products', { data: page([product()]) }),
    )
    renderWithClient(<ProductCatalogue />)
    fireEvent.click(await screen.findByRole('button', { name: 'Apply for POS terminal acquiring' }))
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/s/products/ProductKyc?productCode=POS-ACQUIRING'))
  })

  it('says so when nothing matches, and offers a retry when the catalogue fails', async () => {
    router.query = { searchKey: 'zzz' }
    api = mockApi(route('GET', '/products/categories', { data: categories }), route('GET', '/products', { data: page([]) }))
    renderWithClient(<ProductCatalogue />)
    expect(await screen.findByRole('heading', { name: 'No product matches' })).toBeInTheDocument()
    api.restore()

    api = mockApi(
      route('GET', '/products/categories', { data: categories }),
      route('GET', '/products', { status: 503, data: { errors: [{ code: 'INTERNAL', message: 'Down' }] } }),
    )
    router.query = {}
    renderWithClient(<ProductCatalogue />)
    expect(await screen.findByRole('button', { name: /try again|retry/i }, { timeout: 15_000 })).toBeInTheDocument()
  }, 20_000)
})

describe("a business's catalogue", () => {
  it("shows the business's standing on each product and its products, with the remembered product to continue", async () => {
    localStorage.setItem('sourceProduct', 'CORPORATE-CARDS')
    api = mockApi(
      route('GET', '/products/categories', { data: categories }),
      route('GET', '/products', { data: page([product(), product(CARDS)]) }),
      route('GET', `/businesses/${BUSINESS_ID}/products`, {
        data: [
          {
            id: ONBOARDING_ID,
            productId: PRODUCT_ID,
            code: 'POS-ACQUIRING',
            name: 'POS terminal acquiring',
            category: 'Payments and Collections',
            status: 'IN_REVIEW',
            createdAt: '',
            updatedAt: '',
          },
        ],
      }),
    )
    renderWithClient(<BusinessCatalogue businessId={BUSINESS_ID} businessName="Adebayo Foods Limited" canApply />)

    const held = await screen.findByRole('region', { name: "Adebayo Foods Limited's products" })
    expect(within(held).getByText('In review')).toBeInTheDocument()
    const payments = await screen.findByRole('region', { name: 'Payments and Collections' })
    await waitFor(() => expect(within(payments).getByText('In review')).toBeInTheDocument())
    expect(within(payments).getByRole('link', { name: 'View application: POS terminal acquiring' })).toHaveAttribute(
      'href',
      `/s/products/ProductKyc?productCode=POS-ACQUIRING&businessId=${BUSINESS_ID}`,
    )
    expect(
      within(screen.getByRole('region', { name: 'Cards' })).getByRole('link', { name: 'Apply: Corporate prepaid cards' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue with CORPORATE-CARDS' })).toHaveAttribute(
      'href',
      `/s/products/ProductKyc?productCode=CORPORATE-CARDS&businessId=${BUSINESS_ID}`,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }))
    expect(localStorage.getItem('sourceProduct')).toBeNull()
  })

  it('tells a member without the permission to ask an owner', async () => {
    api = mockApi(
      route('GET', '/products/categories', { data: categories }),
      route('GET', '/products', { data: page([product()]) }),
      route('GET', `/businesses/${BUSINESS_ID}/products`, { data: [] }),
    )
    renderWithClient(<BusinessCatalogue businessId={BUSINESS_ID} canApply={false} />)
    expect(await screen.findByText('Ask an owner of the business to apply.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Apply/ })).not.toBeInTheDocument()
  })
})
