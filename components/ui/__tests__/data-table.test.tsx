import type { ParsedUrlQuery } from 'node:querystring'
import { createColumnHelper } from '@tanstack/react-table'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mockRouter } from '@/tests/components/router-mock'
import { DataTable, type DataTableProps } from '../data-table'
import { StatusBadge } from '../status-badge'
import { useTableUrlState } from '../use-table-url-state'

const router = mockRouter({
  pathname: '/s/businesses',
  query: {} as ParsedUrlQuery,
  isReady: true,
  replace: vi.fn(async () => true),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

interface Business {
  id: string
  name: string
  rcNumber: string
  status: string
}

const column = createColumnHelper<Business>()
const columns = [
  column.accessor('name', { header: 'Name', enableSorting: true, meta: { isRowHeader: true } }),
  column.accessor('rcNumber', { header: 'RC number' }),
  column.accessor('status', { header: 'Status', enableSorting: true, cell: (c) => <StatusBadge status={c.getValue()} /> }),
]

const rows: Business[] = [
  { id: 'b1', name: 'Acme Ltd', rcNumber: 'RC123', status: 'APPROVED' },
  { id: 'b2', name: 'Zenith Foods', rcNumber: 'RC456', status: 'REJECTED' },
]

const FILTERS = ['status', 'q'] as const

function Harness(props: Partial<DataTableProps<Business>>) {
  const table = useTableUrlState({ filterKeys: FILTERS })
  return (
    <>
      <pre data-testid="api-query">{JSON.stringify(table.query)}</pre>
      <DataTable<Business>
        {...table.tableProps}
        caption="Businesses"
        data={rows}
        columns={columns}
        totalElements={45}
        getRowId={(b) => b.id}
        filters={[
          { key: 'q', label: 'Search', type: 'search', placeholder: 'Name or RC number' },
          {
            key: 'status',
            label: 'Status',
            type: 'select',
            options: [
              { value: 'PENDING', label: 'Pending' },
              { value: 'APPROVED', label: 'Approved' },
            ],
          },
        ]}
        {...props}
      />
    </>
  )
}

/** The query of the last router.replace call. */
function lastQuery(): ParsedUrlQuery {
  const call = router.replace.mock.calls.at(-1) as unknown as [{ pathname: string; query: ParsedUrlQuery }, undefined, object]
  expect(call[0].pathname).toBe('/s/businesses')
  expect(call[2]).toEqual({ shallow: true, scroll: false })
  return call[0].query
}

beforeEach(() => {
  router.query = {}
  router.replace.mockClear()
})

describe('DataTable', () => {
  it('renders the caption, headers and rows', () => {
    render(<Harness />)
    const table = screen.getByRole('table', { name: 'Businesses' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'RC number', 'Status'])
    const bodyRows = within(table).getAllByRole('row').slice(1)
    expect(bodyRows).toHaveLength(2)
    expect(within(bodyRows[0]!).getByRole('rowheader')).toHaveTextContent('Acme Ltd')
    expect(within(bodyRows[1]!).getByText('Declined')).toBeInTheDocument()
    // The scroll container is a named, focusable region.
    expect(screen.getByRole('region', { name: 'Businesses' })).toHaveAttribute('tabindex', '0')
    expect(screen.getByText('Showing 1–10 of 45')).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 5')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled()
  })

  it('shows skeleton rows while loading, busy', () => {
    render(<Harness data={undefined} isLoading />)
    const table = screen.getByRole('table', { name: 'Businesses' })
    expect(table).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('status')).toHaveTextContent('Loading Businesses…')
    expect(table.querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(5)
  })

  it('shows the empty state, and a clear-filters one when filtered', () => {
    const { unmount } = render(
      <Harness
        data={[]}
        totalElements={0}
        emptyTitle="No businesses yet"
        emptyDescription="Businesses you create appear here."
      />,
    )
    expect(screen.getByRole('heading', { name: 'No businesses yet' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation')).toBeNull()
    unmount()

    router.query = { status: 'PENDING' }
    render(<Harness data={[]} totalElements={0} />)
    expect(screen.getByRole('heading', { name: 'No results match your filters' })).toBeInTheDocument()
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!)
    expect(lastQuery()).toEqual({})
  })

  it('shows the error state with a working retry', () => {
    const onRetry = vi.fn()
    render(<Harness data={undefined} error={new Error('500')} errorMessage="The server is unavailable." onRetry={onRetry} />)
    expect(screen.getByRole('alert')).toHaveTextContent('The server is unavailable.')
    expect(screen.queryByRole('row', { name: /Acme/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('writes the page and page size to the URL', () => {
    router.query = { status: 'APPROVED' }
    render(<Harness />)
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    expect(lastQuery()).toEqual({ status: 'APPROVED', pageNumber: '2' })

    fireEvent.click(screen.getByRole('button', { name: 'Last page' }))
    expect(lastQuery()).toEqual({ status: 'APPROVED', pageNumber: '5' })

    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '20' } })
    expect(lastQuery()).toEqual({ status: 'APPROVED', pageSize: '20' })
  })

  it('writes the sort to the URL, cycling ascending, descending, none', () => {
    const { rerender } = render(<Harness />)
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' })
    expect(nameHeader).not.toHaveAttribute('aria-sort')
    // RC number is not sortable: no button.
    expect(within(screen.getByRole('columnheader', { name: 'RC number' })).queryByRole('button')).toBeNull()

    fireEvent.click(within(nameHeader).getByRole('button', { name: 'Name' }))
    expect(lastQuery()).toEqual({ sort: 'name,asc' })

    router.query = { sort: 'name,asc', pageNumber: '3' }
    rerender(<Harness />)
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending')
    fireEvent.click(screen.getByRole('button', { name: 'Name' }))
    // A new sort starts again from page 1.
    expect(lastQuery()).toEqual({ sort: 'name,desc' })

    router.query = { sort: 'name,desc' }
    rerender(<Harness />)
    fireEvent.click(screen.getByRole('button', { name: 'Name' }))
    expect(lastQuery()).toEqual({})
  })

  it('writes filters to the URL and goes back to page 1', () => {
    vi.useFakeTimers()
    try {
      router.query = { pageNumber: '3' }
      render(<Harness />)
      fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'PENDING' } })
      expect(lastQuery()).toEqual({ status: 'PENDING' })

      // Text filters wait for a pause in typing.
      router.replace.mockClear()
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'acme' } })
      expect(router.replace).not.toHaveBeenCalled()
      act(() => vi.advanceTimersByTime(400))
      // The router has not caught up with the first write (the mock never does): both writes count.
      expect(lastQuery()).toEqual({ status: 'PENDING', q: 'acme' })
      expect(router.replace).toHaveBeenCalledOnce()

      // Enter applies at once.
      router.replace.mockClear()
      const search = screen.getByRole('searchbox', { name: 'Search' })
      fireEvent.change(search, { target: { value: 'zenith' } })
      fireEvent.submit(search)
      expect(lastQuery()).toEqual({ status: 'PENDING', q: 'zenith' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('reads its initial state from the URL', () => {
    router.query = { pageNumber: '3', pageSize: '20', sort: 'status,desc', status: 'PENDING', q: 'acme', other: 'x' }
    render(<Harness />)
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument()
    expect(screen.getByText('Showing 41–45 of 45')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('20')
    expect(screen.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'descending')
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('PENDING')
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('acme')
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled()
    expect(JSON.parse(screen.getByTestId('api-query').textContent ?? '')).toEqual({
      pageNumber: 3,
      pageSize: 20,
      sort: 'status,desc',
      status: 'PENDING',
      q: 'acme',
    })
  })

  it('ignores malformed URL values', () => {
    router.query = { pageNumber: '-2', pageSize: '1000', sort: 'name;drop' }
    render(<Harness />)
    expect(screen.getByText('Page 1 of 5')).toBeInTheDocument()
    expect(JSON.parse(screen.getByTestId('api-query').textContent ?? '')).toEqual({ pageNumber: 1, pageSize: 10 })
  })
})
