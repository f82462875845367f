import { RISK_TIER_FILTER, riskTierParams } from '@/components/review/risk-tier-badge'
import type { DataTableFilter } from '@/components/ui/table-filters'
import {
  firstQueryValues,
  formatSort,
  readTableUrlState,
  type RawUrlQuery,
  type TableSort,
  type TableUrlOptions,
} from '@/components/ui/table-url-state'
import type { ApiQuery } from '../api/admin-business-queries'

/** Spec section 3: every filter of the business list, each kept in the URL under the API's own name. */
export const BUSINESS_FILTER_KEYS = [
  'businessName',
  'regNo',
  'approvalStatus',
  'kycDetailsCompleted',
  'typeId',
  'categoryId',
  'productId',
  'createdBy',
  'from',
  'to',
  'archiveStatus',
  'riskTier',
  'recentFirst',
] as const
export type BusinessFilterKey = (typeof BUSINESS_FILTER_KEYS)[number]

/** The API's sort fields the list's columns sort by (`sort=<id>,asc|desc`, docs/api.md#lists). */
export const BUSINESS_SORTABLE = ['name', 'approvalStatus', 'createdAt', 'approvedAt', 'recertificationDate'] as const

/** How a staff business list reads its URL: the screen's `useTableUrlState` and the server's first read alike. */
export const BUSINESS_TABLE_URL: TableUrlOptions<BusinessFilterKey> = {
  filterKeys: BUSINESS_FILTER_KEYS,
  sortableIds: BUSINESS_SORTABLE,
}

/** `archiveStatus` in the URL: absent = active only (the API's default), `ARCHIVED`, or `ALL` (the filter repeated). */
export const ARCHIVE_ALL = 'ALL'

interface Option {
  id: string
  name: string
}

export interface FilterSources {
  types?: readonly Option[]
  categories?: readonly Option[]
  products?: readonly Option[]
  currentUserId: string
  /** The `createdBy` in the URL, so a link naming someone else still shows as chosen. */
  createdBy?: string
  /** Filters this screen fixes itself (e.g. APPROVED on the registered list), so they are not offered. */
  hidden?: readonly BusinessFilterKey[]
}

const options = (items: readonly Option[] | undefined) => items?.map((i) => ({ value: i.id, label: i.name })) ?? []

/** The filter bar of a staff business list. */
export function businessFilterDefinitions(sources: FilterSources): DataTableFilter[] {
  const createdByOptions = [{ value: sources.currentUserId, label: 'Me' }]
  if (sources.createdBy && sources.createdBy !== sources.currentUserId)
    createdByOptions.push({ value: sources.createdBy, label: 'Another user (from the link)' })
  const all: Array<DataTableFilter & { key: BusinessFilterKey }> = [
    { key: 'businessName', label: 'Business name', type: 'search', placeholder: 'Part of the name' },
    { key: 'regNo', label: 'Registration number', type: 'text', placeholder: 'e.g. RC1234567' },
    {
      key: 'approvalStatus',
      label: 'Approval status',
      type: 'select',
      options: [
        { value: 'PENDING', label: 'Pending' },
        { value: 'APPROVED', label: 'Approved' },
        { value: 'DECLINED', label: 'Declined' },
      ],
    },
    {
      key: 'kycDetailsCompleted',
      label: 'KYC',
      type: 'select',
      options: [
        { value: 'true', label: 'Complete' },
        { value: 'false', label: 'Not complete' },
      ],
    },
    { key: 'typeId', label: 'Type', type: 'select', options: options(sources.types) },
    { key: 'categoryId', label: 'Category', type: 'select', options: options(sources.categories) },
    { key: 'productId', label: 'Product', type: 'select', options: options(sources.products) },
    { key: 'createdBy', label: 'Registered by', type: 'select', placeholder: 'Anyone', options: createdByOptions },
    { key: 'from', label: 'Registered from', type: 'date' },
    { key: 'to', label: 'Registered to', type: 'date' },
    {
      key: 'archiveStatus',
      label: 'Archive',
      type: 'select',
      placeholder: 'Active only',
      options: [
        { value: 'ARCHIVED', label: 'Archived only' },
        { value: ARCHIVE_ALL, label: 'Active and archived' },
      ],
    },
    { ...RISK_TIER_FILTER, key: 'riskTier' },
    {
      key: 'recentFirst',
      label: 'Order',
      type: 'select',
      placeholder: 'Newest first',
      options: [{ value: 'false', label: 'Oldest first' }],
    },
  ]
  return all.filter((f) => !sources.hidden?.includes(f.key))
}

/**
 * The API query for a page of the list: the URL's filters (`archiveStatus=ALL` and `riskTier=HIGH,PROHIBITED` become the
 * filter repeated) with
 * the screen's fixed ones on top.
 */
export function toApiQuery(
  state: {
    pageNumber: number
    pageSize: number
    sort?: TableSort | null
    filters: Partial<Record<BusinessFilterKey, string>>
  },
  fixed: Partial<Record<string, string>> = {},
): ApiQuery {
  const query: ApiQuery = [
    ['pageNumber', String(state.pageNumber)],
    ['pageSize', String(state.pageSize)],
  ]
  if (state.sort) query.push(['sort', formatSort(state.sort)])
  for (const key of BUSINESS_FILTER_KEYS) {
    const value = key in fixed ? undefined : state.filters[key]
    if (!value) continue
    if (key === 'archiveStatus' && value === ARCHIVE_ALL) query.push(['archiveStatus', 'ACTIVE'], ['archiveStatus', 'ARCHIVED'])
    else if (key === 'riskTier') query.push(...riskTierParams(value))
    else query.push([key, value])
  }
  for (const [key, value] of Object.entries(fixed)) if (value) query.push([key, value])
  return query
}

/**
 * The API query a staff business list asks for at this address (the page's query, route params and all): what the
 * screen computes from `useTableUrlState(BUSINESS_TABLE_URL)` and `toApiQuery`, computed without the router, for the
 * server to read the same page first (business-list-first-reads.ts).
 */
export function businessListQueryAt(url: RawUrlQuery, fixed: Partial<Record<string, string>> = {}): ApiQuery {
  return toApiQuery(readTableUrlState(firstQueryValues(url), BUSINESS_TABLE_URL), fixed)
}
