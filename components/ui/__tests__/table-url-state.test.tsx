import type { ParsedUrlQuery } from 'node:querystring'
import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { mockRouter } from '@/tests/components/router-mock'
import { firstQueryValues, readTableUrlState, tableQueryOf, type TableUrlOptions } from '../table-url-state'
import { useTableUrlState } from '../use-table-url-state'

const router = mockRouter({ pathname: '/s/list', query: {} as ParsedUrlQuery, isReady: true })
vi.mock('next/router', () => import('@/tests/components/router-mock'))

/** What the hook makes of an address, in the browser. */
function hookAt<F extends string>(query: ParsedUrlQuery, options: TableUrlOptions<F>) {
  router.query = query
  const { result } = renderHook(() => useTableUrlState<F>(options))
  const { pageNumber, pageSize, sort, filters, hasFilters, query: apiQuery } = result.current
  return { state: { pageNumber, pageSize, sort, filters, hasFilters }, apiQuery }
}

const LIST: TableUrlOptions<'status' | 'name'> = { filterKeys: ['status', 'name'], sortableIds: ['name', 'createdAt'] }
const FIXED: TableUrlOptions<'status'> = {
  filterKeys: ['status'],
  defaultPageSize: 20,
  pageSizeOptions: [20],
  defaultSort: { id: 'createdAt', desc: true },
  pageNumberKey: 'feePage',
}

describe('readTableUrlState (the server reads the address as useTableUrlState does)', () => {
  const cases: [string, ParsedUrlQuery, TableUrlOptions<string>][] = [
    ['no query: page 1, the default size, no sort', {}, LIST],
    ['page, size, sort and filters', { pageNumber: '3', pageSize: '50', sort: 'name,asc', status: 'PENDING', name: 'Ada' }, LIST],
    ['a descending sort without a direction given is ascending', { sort: 'createdAt' }, LIST],
    ['a sort not offered, a size not offered, page 0', { sort: 'password,desc', pageSize: '7', pageNumber: '0' }, LIST],
    ['a malformed sort, a fractional page, an empty filter', { sort: 'name;drop', pageNumber: '2.5', status: '' }, LIST],
    ['a repeated key: the first value', { status: ['APPROVED', 'PENDING'], pageNumber: ['4', '1'] }, LIST],
    ['keys that are not filters are ignored', { id: 'route-param', other: 'x', name: 'Ada' }, LIST],
    ['a fixed size, a default sort and an own page key', { feePage: '2', pageNumber: '5', pageSize: '50' }, FIXED],
    ['a default sort replaced from the URL', { sort: 'amount,asc', status: 'PAID' }, FIXED],
  ]
  it.each(cases)('%s', (_name, query, options) => {
    const fromHook = hookAt(query, options)
    const state = readTableUrlState(firstQueryValues(query), options)
    expect(state).toEqual(fromHook.state)
    expect(tableQueryOf(state)).toEqual(fromHook.apiQuery)
  })

  it('reads what it is given', () => {
    expect(readTableUrlState({ pageNumber: '2', sort: 'name,DESC', name: 'Ada', status: 'X' }, LIST)).toEqual({
      pageNumber: 2,
      pageSize: 10,
      sort: { id: 'name', desc: true },
      filters: { name: 'Ada', status: 'X' },
      hasFilters: true,
    })
    expect(firstQueryValues({ a: ['1', '2'], b: 'x', c: undefined })).toEqual({ a: '1', b: 'x' })
  })
})
