import type { ParsedUrlQuery } from 'node:querystring'
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AdminProductList } from '@/features/products/components/admin-product-list'
import { mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { page, product } from '@/tests/components/products-fixtures'
import { mockRouter } from '@/tests/components/router-mock'

const router = mockRouter({
  pathname: '/s/admin/product-config',
  query: {} as ParsedUrlQuery,
  isReady: true,
  push: vi.fn(async (..._args: unknown[]) => true),
  replace: vi.fn(async (..._args: unknown[]) => true),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

const routes = () => [
  route('GET', '/products/admin', { data: page([product()]) }),
  route('GET', '/products/categories', { data: [] }),
  route('GET', '/business-divisions', { data: [] }),
]

describe('the staff product list', () => {
  it('sorts by name and creation date on the server, through the URL, with aria-sort', async () => {
    router.query = {}
    api = mockApi(...routes())
    const view = renderWithClient(<AdminProductList canCreate={false} />)
    await screen.findByRole('link', { name: 'Configure POS terminal acquiring' })
    expect(api.calls.find((c) => c.path === '/products/admin')!.query.get('sort')).toBeNull()
    const name = screen.getByRole('columnheader', { name: 'Product' })
    expect(name).not.toHaveAttribute('aria-sort')
    expect(screen.getByRole('columnheader', { name: 'Created' })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: '01-Jan-2026' })).toBeInTheDocument()

    fireEvent.click(within(name).getByRole('button', { name: 'Product' }))
    expect(router.replace).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: expect.objectContaining({ sort: 'name,asc' }) }),
      undefined,
      expect.anything(),
    )
    view.unmount()
    api.restore()

    router.query = { sort: 'createdAt,desc' }
    api = mockApi(...routes())
    renderWithClient(<AdminProductList canCreate={false} />)
    await screen.findByRole('link', { name: 'Configure POS terminal acquiring' })
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending')
    expect(api.calls.find((c) => c.path === '/products/admin')!.query.get('sort')).toBe('createdAt,desc')
  })
})
