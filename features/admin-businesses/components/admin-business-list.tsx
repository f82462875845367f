import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import dynamic from 'next/dynamic'
import Link from 'next/link'
import { useMemo, useState } from 'react'
import { Button, buttonClassName } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions'
import { referenceReads } from '@/lib/query/shared-queries'
import { adminBusinessQueries } from '../api/admin-business-queries'
import { useChangeArchiveStatus, useSetRecertificationDate } from '../api/business-actions'
import { downloadBusinessReport } from '../api/download-report'
import type { Business } from '../api/types'
import sharedStyles from '@/styles/staff-screens.module.css'
import ownStyles from './admin.module.css'
import { formatDay } from '@/lib/format/day'
import { BUSINESS_FILTER_KEYS, businessFilterDefinitions, toApiQuery, type BusinessFilterKey } from './business-list-filters'

const styles = { ...sharedStyles, ...ownStyles }

// The dialogs load when an action is chosen, not with the list.
const ReasonDialog = dynamic(() => import('./reason-dialog').then((m) => m.ReasonDialog), { ssr: false })
const RecertificationDialog = dynamic(() => import('./recertification-dialog').then((m) => m.RecertificationDialog), {
  ssr: false,
})

/** Which staff list: every business, the approved ones (registered), or the blocked ones. */
export type BusinessListVariant = 'all' | 'registered' | 'blocked'

const FIXED: Record<BusinessListVariant, Partial<Record<string, string>>> = {
  all: {},
  registered: { approvalStatus: 'APPROVED' },
  blocked: { blocked: 'true' },
}
const HIDDEN: Record<BusinessListVariant, BusinessFilterKey[]> = { all: [], registered: ['approvalStatus'], blocked: [] }
const CAPTIONS: Record<BusinessListVariant, string> = {
  all: 'Businesses',
  registered: 'Registered (approved) businesses',
  blocked: 'Blocked businesses',
}
const EMPTY: Record<BusinessListVariant, string> = {
  all: 'No business matches',
  registered: 'No approved business matches',
  blocked: 'No business is blocked',
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types vary per column
type Column = ColumnDef<Business, any>

export const previewHref = (id: string) => paths.approvals.businessPreview(id)
const day = formatDay

export interface AdminBusinessListProps {
  variant: BusinessListVariant
  /** The signed-in staff member's permission names: actions they may not take are not shown. */
  permissions: readonly string[]
  currentUserId: string
}

type PendingAction = { kind: 'archive' | 'unarchive' | 'recertify'; business: Business }

/**
 * A staff list of businesses with every filter of spec section 3 in the URL, a CSV download of what the filters
 * select, and the actions the user's permissions allow (archive / unarchive, recertification date).
 */
export function AdminBusinessList({ variant, permissions, currentUserId }: AdminBusinessListProps) {
  const held = useMemo(() => new Set(permissions), [permissions])
  const canArchive = held.has(PERMISSIONS.CAN_UPDATE_BUSINESS)
  const canRecertify = held.has(PERMISSIONS.CAN_UPDATE_APPROVED_BUSINESS_INFO) || held.has(PERMISSIONS.CAN_APPROVE_BUSINESS)
  const table = useTableUrlState<BusinessFilterKey>({ filterKeys: BUSINESS_FILTER_KEYS })
  const query = toApiQuery(table, FIXED[variant])
  const list = useQuery({ ...adminBusinessQueries.list(query), enabled: table.isReady, placeholderData: keepPreviousData })
  const types = useQuery(referenceReads.businessTypes())
  const categories = useQuery(referenceReads.businessCategories())
  const products = useQuery(adminBusinessQueries.productOptions())
  const [pending, setPending] = useState<PendingAction | null>(null)
  const [downloading, setDownloading] = useState(false)
  const archive = useChangeArchiveStatus()
  const recertify = useSetRecertificationDate()

  const filters = businessFilterDefinitions({
    types: types.data,
    categories: categories.data,
    products: products.data,
    currentUserId,
    createdBy: table.filters.createdBy,
    hidden: HIDDEN[variant],
  })

  const columns = useMemo(() => {
    const col = createColumnHelper<Business>()
    const nameOf = (id: string, list?: { id: string; name: string }[]) => list?.find((x) => x.id === id)?.name ?? '—'
    const defs: Column[] = [
      col.accessor('name', {
        header: 'Business',
        meta: { isRowHeader: true, wrap: true },
        cell: (info) => <Link href={previewHref(info.row.original.id)}>{info.getValue()}</Link>,
      }),
      col.accessor('regNo', { header: 'Registration number' }),
      col.display({
        id: 'status',
        header: 'Status',
        cell: ({ row: { original: b } }) => (
          <span className={styles.badges}>
            <StatusBadge status={b.approvalStatus} />
            {variant !== 'registered' && (
              <StatusBadge
                status={b.kycDetailsCompleted ? 'COMPLETED' : 'PENDING'}
                label={b.kycDetailsCompleted ? 'KYC complete' : 'KYC incomplete'}
              />
            )}
            {b.blocked && variant !== 'blocked' && <StatusBadge status="BLOCKED" />}
            {b.archiveStatus === 'ARCHIVED' && <StatusBadge status="ARCHIVED" />}
          </span>
        ),
      }),
    ]
    if (variant === 'blocked') {
      defs.push(
        col.display({
          id: 'reasons',
          header: 'Why, and since when',
          meta: { wrap: true },
          cell: ({ row: { original: b } }) => (
            <ul className={styles.reasons}>
              {b.blockedReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ),
        }),
      )
    } else {
      defs.push(
        col.display({ id: 'type', header: 'Type', cell: ({ row }) => nameOf(row.original.typeId, types.data) }),
        col.display({ id: 'category', header: 'Category', cell: ({ row }) => nameOf(row.original.categoryId, categories.data) }),
      )
    }
    if (variant === 'registered') {
      defs.push(
        col.accessor('approvedAt', { header: 'Approved on', cell: (info) => day(info.getValue()) }),
        col.accessor('recertificationDate', { header: 'Recertification', cell: (info) => day(info.getValue()) }),
      )
    } else {
      defs.push(col.accessor('createdAt', { header: 'Registered on', cell: (info) => day(info.getValue()) }))
    }
    const actionsFor = (b: Business) => {
      const actions = []
      if (canRecertify && b.approvalStatus === 'APPROVED' && variant !== 'all') {
        actions.push(
          <Button
            key="recertify"
            variant="link"
            size="sm"
            aria-label={`Set recertification date of ${b.name}`}
            onClick={() => setPending({ kind: 'recertify', business: b })}
          >
            Set recertification date
          </Button>,
        )
      }
      if (canArchive) {
        const kind = b.archiveStatus === 'ARCHIVED' ? 'unarchive' : 'archive'
        actions.push(
          <Button
            key={kind}
            variant="link"
            size="sm"
            aria-label={`${kind === 'archive' ? 'Archive' : 'Unarchive'} ${b.name}`}
            onClick={() => setPending({ kind, business: b })}
          >
            {kind === 'archive' ? 'Archive' : 'Unarchive'}
          </Button>,
        )
      }
      return actions
    }
    if (canArchive || canRecertify) {
      defs.push(
        col.display({
          id: 'actions',
          header: 'Actions',
          cell: ({ row }) => <span className={styles.actions}>{actionsFor(row.original)}</span>,
        }),
      )
    }
    return defs
  }, [variant, types.data, categories.data, canArchive, canRecertify])

  const download = async () => {
    setDownloading(true)
    try {
      await downloadBusinessReport(query)
    } catch {
      // The HTTP layer has already said what went wrong.
    } finally {
      setDownloading(false)
    }
  }

  const closeAnd = (message: string) => {
    notify(message, { type: 'success' })
    setPending(null)
  }

  return (
    <>
      <DataTable
        {...table.tableProps}
        caption={CAPTIONS[variant]}
        hideCaption
        columns={columns}
        data={list.data?.content}
        getRowId={(b) => b.id}
        totalElements={list.data?.totalElements ?? 0}
        isLoading={list.isPending}
        isFetching={list.isPlaceholderData}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyTitle={EMPTY[variant]}
        emptyDescription={table.hasFilters ? 'Change or clear the filters to see more.' : undefined}
        filters={filters}
        toolbar={
          <span className={styles.actions}>
            <Button
              variant="secondary"
              size="sm"
              loading={downloading}
              loadingText="Preparing the file…"
              onClick={() => void download()}
            >
              Download CSV
            </Button>
            {variant === 'all' && held.has(PERMISSIONS.CAN_CREATE_BUSINESS) && (
              <Link href={paths.admin.createBusiness()} className={buttonClassName({ size: 'sm' })}>
                Register a business
              </Link>
            )}
            {variant === 'registered' && (
              <Link href={paths.admin.registeredSummary()} className={buttonClassName({ size: 'sm', variant: 'secondary' })}>
                Summary and charts
              </Link>
            )}
          </span>
        }
      />
      {(pending?.kind === 'archive' || pending?.kind === 'unarchive') && (
        <ReasonDialog
          open
          title={`${pending.kind === 'archive' ? 'Archive' : 'Unarchive'} ${pending.business.name}?`}
          description={
            pending.kind === 'unarchive'
              ? 'It returns to the lists and, if its KYC is complete and it is pending, to the review queue.'
              : 'It leaves the lists and the review queue until it is unarchived. The reason is kept with it.'
          }
          confirmLabel={pending.kind === 'archive' ? 'Archive' : 'Unarchive'}
          destructive={pending.kind === 'archive'}
          busy={archive.isPending}
          onCancel={() => setPending(null)}
          onConfirm={(reason) =>
            archive.mutate(
              { businessId: pending.business.id, archive: pending.kind === 'archive', reason },
              {
                onSuccess: (b) =>
                  closeAnd(pending.kind === 'archive' ? `${b.name} is archived.` : `${b.name} is back in the lists.`),
              },
            )
          }
        />
      )}
      {pending?.kind === 'recertify' && (
        <RecertificationDialog
          open
          businessName={pending.business.name}
          current={pending.business.recertificationDate}
          busy={recertify.isPending}
          onCancel={() => setPending(null)}
          onConfirm={(date) =>
            recertify.mutate(
              { businessId: pending.business.id, date },
              { onSuccess: (b) => closeAnd(`${b.name} now recertifies on ${day(b.recertificationDate)}.`) },
            )
          }
        />
      )}
    </>
  )
}
