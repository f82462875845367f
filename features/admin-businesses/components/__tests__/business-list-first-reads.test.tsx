import type { ParsedUrlQuery } from 'node:querystring'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, renderHook, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { adminBusinessQueries } from '@/features/admin-businesses/api/admin-business-queries'
import { businessListFirstReads } from '@/features/admin-businesses/api/business-list-first-reads'
import { AdminBusinessList } from '@/features/admin-businesses/components/admin-business-list'
import { BUSINESS_TABLE_URL, businessListQueryAt, toApiQuery } from '@/features/admin-businesses/model/business-list-filters'
import { BUSINESS_LISTS, type BusinessListVariant } from '@/features/admin-businesses/model/business-list-variants'
import { SYSTEM_ROLES } from '@/lib/permissions/roles'
import { createQueryClient } from '@/lib/query/client'
import { useSeededPageAnswers } from '@/lib/query/page-answers'
import { business, CATEGORY, mockApi, page, route, STAFF_ID, TYPE } from '@/tests/components/admin-api-mock'
import { mockRouter } from '@/tests/components/router-mock'

const router = mockRouter({
  pathname: '/s/admin/businesses',
  query: {} as ParsedUrlQuery,
  isReady: true,
  asPath: '/s/admin/businesses',
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

let api: ReturnType<typeof mockApi> | undefined
afterEach(() => {
  api?.restore()
  api = undefined
  router.query = {}
})

const PRODUCTS = page([{ id: '55555555-5555-4555-8555-555555555555', name: 'Payment gateway', code: 'PAYGATE' }])
const ROW = business({ name: 'Zenith Grains Limited' })
const answerAll = () =>
  mockApi(
    route('GET', '/business-types', { data: [TYPE] }),
    route('GET', '/business-categories', { data: [CATEGORY] }),
    route('GET', '/products', { data: PRODUCTS }),
    route('GET', '/businesses', { data: page([ROW]) }),
  )

/** Addresses of the list, with filters, sort and paging, and what they hold that the list must ignore. */
const ADDRESSES: [BusinessListVariant, ParsedUrlQuery][] = [
  ['all', {}],
  ['all', { pageNumber: '2', pageSize: '20', sort: 'createdAt,asc' }],
  ['all', { businessName: 'grains', archiveStatus: 'ALL', approvalStatus: 'PENDING', sort: 'name' }],
  ['all', { sort: 'password,desc', pageSize: '7', pageNumber: '0', typeId: '', from: '2026-01-01', recentFirst: 'false' }],
  ['all', { approvalStatus: ['DECLINED', 'PENDING'], unrelated: 'x' }],
  ['registered', { approvalStatus: 'PENDING', sort: 'recertificationDate,desc', categoryId: CATEGORY.id }],
  ['blocked', { pageNumber: '3', kycDetailsCompleted: 'true' }],
]

describe("the staff business list's first read (the server asks what the screen will ask)", () => {
  it.each(ADDRESSES)('%s list at %j: the same query as the hook', (variant, query) => {
    router.query = query
    const { result } = renderHook(() => useTableUrlState(BUSINESS_TABLE_URL))
    const fromHook = toApiQuery(result.current, BUSINESS_LISTS[variant].fixed)
    expect(businessListQueryAt(query, BUSINESS_LISTS[variant].fixed)).toEqual(fromHook)
    expect(businessListFirstReads(variant, query)[0]!.queryKey).toEqual(adminBusinessQueries.list(fromHook).queryKey)
  })

  it.each(ADDRESSES)('%s list at %j: the paths the server reads are the calls the screen makes', async (variant, query) => {
    router.query = query
    api = answerAll()
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <AdminBusinessList variant={variant} permissions={staff} currentUserId={STAFF_ID} />
      </QueryClientProvider>,
    )
    await screen.findByRole('link', { name: 'Zenith Grains Limited' })
    await waitFor(() => expect(api!.calls).toHaveLength(4))
    expect(api.calls.map((c) => c.url).sort()).toEqual(
      businessListFirstReads(variant, query)
        .map((r) => r.path)
        .sort(),
    )
  })

  it('paints from the answers that came with the page and asks the API nothing on mount', async () => {
    router.query = { businessName: 'grains', sort: 'name,desc', pageSize: '50' }
    const answers = {
      [businessListFirstReads('all', router.query)[0]!.path]: page([ROW]),
      '/business-types': [TYPE],
      '/business-categories': [CATEGORY],
      '/products?pageNumber=1&pageSize=100': PRODUCTS,
    }
    api = answerAll()
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } })
    function Page({ children }: { children: ReactNode }) {
      useSeededPageAnswers(answers, businessListFirstReads('all', router.query))
      return children
    }
    render(
      <QueryClientProvider client={client}>
        <Page>
          <AdminBusinessList variant="all" permissions={staff} currentUserId={STAFF_ID} />
        </Page>
      </QueryClientProvider>,
    )
    // At once, from the cache: the row and the type and category names, and the product filter's choice.
    expect(screen.getByRole('link', { name: 'Zenith Grains Limited' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: TYPE.name })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: new RegExp(`^${TYPE.name}`) })).toHaveTextContent(CATEGORY.name)
    expect(screen.getByRole('option', { name: 'Payment gateway' })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.calls).toEqual([])
  })
})

const staff = [...SYSTEM_ROLES.find((r) => r.name === 'AUDITOR')!.permissions] as string[]
