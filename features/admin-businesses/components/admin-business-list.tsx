import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { referenceReads } from '@/lib/query/shared-queries'
import { adminBusinessQueries } from '../api/admin-business-queries'
import type { Business } from '../api/types'
import { BUSINESS_TABLE_URL, businessFilterDefinitions, toApiQuery, type BusinessFilterKey } from '../model/business-list-filters'
import {
  BUSINESS_LISTS,
  businessListRights,
  rowActions,
  type BusinessAction,
  type BusinessListVariant,
} from '../model/business-list-variants'
import { BusinessActionDialog, type PendingAction } from './business-action-dialog'
import { businessListColumns } from './business-list-columns'
import { BusinessListToolbar } from './business-list-toolbar'

export type { BusinessListVariant } from '../model/business-list-variants'

const ACTION_LABELS: Record<BusinessAction, (name: string) => { label: string; ariaLabel: string }> = {
  recertify: (name) => ({ label: 'Set recertification date', ariaLabel: `Set recertification date of ${name}` }),
  archive: (name) => ({ label: 'Archive', ariaLabel: `Archive ${name}` }),
  unarchive: (name) => ({ label: 'Unarchive', ariaLabel: `Unarchive ${name}` }),
}

export interface AdminBusinessListProps {
  variant: BusinessListVariant
  /** The signed-in staff member's permission names: actions they may not take are not shown. */
  permissions: readonly string[]
  currentUserId: string
}

/**
 * A staff list of businesses with every filter of spec section 3 in the URL, a CSV download of what the filters
 * select, and the actions the user's permissions allow (archive / unarchive, recertification date). Loads the page
 * and the filters' choices and composes the parts: the variant's settings and rights (business-list-variants), the
 * filters (business-list-filters), the columns, the toolbar and the action dialog.
 */
export function AdminBusinessList({ variant, permissions, currentUserId }: AdminBusinessListProps) {
  const settings = BUSINESS_LISTS[variant]
  const rights = useMemo(() => businessListRights(permissions), [permissions])
  const table = useTableUrlState<BusinessFilterKey>(BUSINESS_TABLE_URL)
  const query = toApiQuery(table, settings.fixed)
  const list = useQuery({ ...adminBusinessQueries.list(query), enabled: table.isReady, placeholderData: keepPreviousData })
  const types = useQuery(referenceReads.businessTypes())
  const categories = useQuery(referenceReads.businessCategories())
  const products = useQuery(adminBusinessQueries.productOptions())
  const [pending, setPending] = useState<PendingAction | null>(null)
  const from = useRouter().asPath

  const filters = businessFilterDefinitions({
    types: types.data,
    categories: categories.data,
    products: products.data,
    currentUserId,
    createdBy: table.filters.createdBy,
    hidden: settings.hidden,
  })

  const { canArchive, canRecertify } = rights
  const columns = useMemo(() => {
    const actionsFor = (business: Business) =>
      rowActions(business, variant, { canArchive, canRecertify }).map((kind) => {
        const { label, ariaLabel } = ACTION_LABELS[kind](business.name)
        return (
          <Button key={kind} variant="link" size="sm" aria-label={ariaLabel} onClick={() => setPending({ kind, business })}>
            {label}
          </Button>
        )
      })
    return businessListColumns({
      variant,
      types: types.data,
      categories: categories.data,
      actions: canArchive || canRecertify ? actionsFor : undefined,
      from,
    })
  }, [variant, types.data, categories.data, canArchive, canRecertify, from])

  return (
    <>
      <DataTable
        {...table.tableProps}
        caption={settings.caption}
        hideCaption
        columns={columns}
        data={list.data?.content}
        getRowId={(b) => b.id}
        totalElements={list.data?.totalElements ?? 0}
        totalElementsExact={list.data?.totalElementsExact}
        isLoading={list.isPending}
        isFetching={list.isPlaceholderData}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyTitle={settings.emptyTitle}
        emptyDescription={table.hasFilters ? 'Change or clear the filters to see more.' : undefined}
        filters={filters}
        toolbar={<BusinessListToolbar variant={variant} query={query} canCreate={rights.canCreate} />}
      />
      <BusinessActionDialog pending={pending} onClose={() => setPending(null)} />
    </>
  )
}
