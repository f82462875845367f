import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { Button, buttonClassName } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Pagination } from '@/components/ui/pagination'
import { SkeletonBone } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { TableFilters, type DataTableFilter } from '@/components/ui/table-filters'
import { notify } from '@/components/ui/toasts'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { GOVERNMENT_TIER_LABELS, GOVERNMENT_TIERS, type GovernmentTier } from '@/lib/contracts/government-values'
import { formatDateTime } from '@/lib/format/date'
import { paths } from '@/lib/navigation/paths'
import { useChangeEntityArchiveStatus } from '../api/government-calls'
import { governmentQueries } from '../api/government-queries'
import type { GovernmentEntity, GovernmentEntityListFilters } from '../api/types'
import { ArchiveReasonDialog } from './archive-reason-dialog'
import styles from './government.module.css'

const FILTER_KEYS = ['searchKey', 'tier', 'state', 'archiveStatus'] as const
type FilterKey = (typeof FILTER_KEYS)[number]

const column = createColumnHelper<GovernmentEntity>()

function ArchiveAction({ entity, onChoose }: { entity: GovernmentEntity; onChoose: (e: GovernmentEntity) => void }) {
  return (
    <Button
      variant="link"
      size="sm"
      aria-label={`${entity.archiveStatus === 'ACTIVE' ? 'Archive' : 'Unarchive'} ${entity.name}`}
      onClick={() => onChoose(entity)}
    >
      {entity.archiveStatus === 'ACTIVE' ? 'Archive' : 'Unarchive'}
    </Button>
  )
}

/**
 * `/s/government/entities`: government entities with filters in the URL (name, tier, state, active or archived), a
 * table on wide screens and cards on phones, and archive / unarchive with a reason.
 */
export function EntityList() {
  const table = useTableUrlState<FilterKey>({ filterKeys: FILTER_KEYS })
  const archived = table.filters.archiveStatus === 'ARCHIVED'
  const query: GovernmentEntityListFilters = {
    pageNumber: table.pageNumber,
    pageSize: table.pageSize,
    searchKey: table.filters.searchKey || undefined,
    tier: (table.filters.tier as GovernmentTier | undefined) || undefined,
    state: table.filters.state || undefined,
    archiveStatus: archived ? 'ARCHIVED' : 'ACTIVE',
  }
  const list = useQuery({ ...governmentQueries.entities(query), enabled: table.isReady, placeholderData: keepPreviousData })
  const change = useChangeEntityArchiveStatus()
  const [pending, setPending] = useState<GovernmentEntity | null>(null)

  const filters: DataTableFilter[] = [
    { key: 'searchKey', label: 'Name', type: 'search', placeholder: 'Search by name' },
    {
      key: 'tier',
      label: 'Tier',
      type: 'select',
      options: GOVERNMENT_TIERS.map((t) => ({ value: t, label: GOVERNMENT_TIER_LABELS[t] })),
    },
    { key: 'state', label: 'State', placeholder: 'e.g. Lagos' },
    {
      key: 'archiveStatus',
      label: 'Status',
      type: 'select',
      placeholder: 'Active',
      options: [{ value: 'ARCHIVED', label: 'Archived' }],
    },
  ]

  const columns = useMemo(
    () => [
      column.accessor('name', { header: 'Entity', meta: { isRowHeader: true, wrap: true } }),
      column.accessor((e) => e.parastatal.name, { id: 'parastatal', header: 'Parastatal', meta: { wrap: true } }),
      column.accessor('tier', { header: 'Tier', cell: (c) => GOVERNMENT_TIER_LABELS[c.getValue()] }),
      column.accessor((e) => `${e.address.lga}, ${e.address.state}`, { id: 'location', header: 'LGA, state' }),
      column.accessor('contactName', { header: 'Contact' }),
      column.accessor('archiveStatus', {
        header: 'Status',
        cell: (c) => <StatusBadge status={c.getValue()} />,
      }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (c) => (
          <div className={styles.actions}>
            <ArchiveAction entity={c.row.original} onChoose={setPending} />
          </div>
        ),
      }),
    ],
    [],
  )

  const confirm = (reason: string) => {
    if (!pending) return
    const archive = pending.archiveStatus === 'ACTIVE'
    change.mutate(
      { entityId: pending.id, archive, reason },
      {
        onSuccess: (entity) => {
          notify(`${entity.name} is ${archive ? 'archived' : 'active again'}.`, { type: 'success' })
          setPending(null)
        },
      },
    )
  }

  const rows = list.data?.content
  return (
    <div className={styles.stack}>
      <div className={styles.actions}>
        <Link href={paths.government.createEntity()} className={buttonClassName({ variant: 'primary' })}>
          Create an entity
        </Link>
      </div>
      <TableFilters
        filters={filters}
        values={table.filters}
        onChange={(key, value) => table.setFilter(key as FilterKey, value)}
        onClear={table.clearFilters}
        label="Filter government entities"
      />
      <div className={styles.wideOnly}>
        <DataTable
          {...table.tableProps}
          caption={archived ? 'Archived government entities' : 'Government entities'}
          hideCaption
          columns={columns}
          data={rows}
          getRowId={(e) => e.id}
          totalElements={list.data?.totalElements ?? 0}
          isLoading={list.isPending}
          isFetching={list.isPlaceholderData}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyTitle={archived ? 'No archived entities' : 'No government entities yet'}
          emptyDescription={table.hasFilters ? 'Change or clear the filters to see more.' : undefined}
        />
      </div>
      <section className={styles.phoneOnly} aria-label={archived ? 'Archived government entities' : 'Government entities'}>
        {list.isPending ? (
          <SkeletonBone />
        ) : list.error ? (
          <ErrorState onRetry={() => void list.refetch()} />
        ) : !rows?.length ? (
          <EmptyState title={archived ? 'No archived entities' : 'No government entities yet'} />
        ) : (
          <ul className={styles.cards}>
            {rows.map((entity) => (
              <li key={entity.id} className={styles.card}>
                <h3>{entity.name}</h3>
                <dl className={styles.facts}>
                  <dt>Parastatal</dt>
                  <dd>{entity.parastatal.name}</dd>
                  <dt>Tier</dt>
                  <dd>{GOVERNMENT_TIER_LABELS[entity.tier]}</dd>
                  <dt>LGA, state</dt>
                  <dd>
                    {entity.address.lga}, {entity.address.state}
                  </dd>
                  <dt>Contact</dt>
                  <dd>{entity.contactName}</dd>
                  {entity.archivedAt && entity.archiveStatus === 'ARCHIVED' && (
                    <>
                      <dt>Archived</dt>
                      <dd>
                        {formatDateTime(entity.archivedAt)}: {entity.archiveReason}
                      </dd>
                    </>
                  )}
                </dl>
                <div className={styles.actions}>
                  <StatusBadge status={entity.archiveStatus} />
                  <ArchiveAction entity={entity} onChoose={setPending} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {(list.data?.totalElements ?? 0) > table.pageSize && (
          <Pagination
            label="Pages of entities"
            pageNumber={table.pageNumber}
            pageSize={table.pageSize}
            totalElements={list.data?.totalElements ?? 0}
            onPageChange={table.setPageNumber}
          />
        )}
      </section>
      <ArchiveReasonDialog
        pending={pending && { name: pending.name, archive: pending.archiveStatus === 'ACTIVE' }}
        busy={change.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </div>
  )
}
