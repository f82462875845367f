import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { RiskTierBadge } from '@/components/review/risk-tier-badge'
import { Link } from '@/components/ui/link'
import { StatusBadge } from '@/components/ui/status-badge'
import { formatDay } from '@/lib/format/day'
import { paths } from '@/lib/navigation/paths'
import sharedStyles from '@/styles/staff-screens.module.css'
import type { Business } from '../api/types'
import type { BusinessListVariant } from '../model/business-list-variants'
import ownStyles from './admin.module.css'

const styles = { ...sharedStyles, ...ownStyles }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types vary per column
type Column = ColumnDef<Business, any>
type Named = { id: string; name: string }

/** The business's review; `from`, the list's own URL (path and query), gives the review its way back. */
export const previewHref = (id: string, from?: string) => paths.approvals.businessPreview(id, from)
const day = formatDay

/**
 * The columns of a staff business list, narrow enough for a 1,366 px laptop without sideways scrolling: the name (to
 * the review) with its registration number under it, the status badges with the risk tier in force, then by variant the blocking reasons or the
 * type with the category under it, the approval and recertification dates or the registration date, and the row's
 * actions when `actions` is given. Name, status and dates sort on the server.
 */
export function businessListColumns(options: {
  variant: BusinessListVariant
  types?: readonly Named[]
  categories?: readonly Named[]
  actions?: (business: Business) => ReactNode
  /** This list's URL (path and query), for the review's way back. */
  from?: string
}): Column[] {
  const { variant, types, categories, actions, from } = options
  const col = createColumnHelper<Business>()
  const nameOf = (id: string, list?: readonly Named[]) => list?.find((x) => x.id === id)?.name ?? '—'
  const defs: Column[] = [
    col.accessor('name', {
      header: 'Business',
      enableSorting: true,
      meta: { isRowHeader: true, wrap: true },
      cell: ({ row: { original: b } }) => (
        <>
          <Link href={previewHref(b.id, from)}>{b.name}</Link>
          <span className={styles.secondary}>{b.regNo}</span>
        </>
      ),
    }),
    // An accessor, not a display column: TanStack sorts only columns with a value.
    col.accessor('approvalStatus', {
      header: 'Status and risk',
      enableSorting: true,
      meta: { wrap: true },
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
          <RiskTierBadge tier={b.riskTier} />
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
      col.display({
        id: 'type',
        header: 'Type and category',
        meta: { wrap: true },
        cell: ({ row: { original: b } }) => (
          <>
            {nameOf(b.typeId, types)}
            <span className={styles.secondary}>{nameOf(b.categoryId, categories)}</span>
          </>
        ),
      }),
    )
  }
  if (variant === 'registered') {
    defs.push(
      col.accessor('approvedAt', { header: 'Approved on', enableSorting: true, cell: (info) => day(info.getValue()) }),
      col.accessor('recertificationDate', {
        header: 'Recertification',
        enableSorting: true,
        cell: (info) => day(info.getValue()),
      }),
    )
  } else {
    defs.push(col.accessor('createdAt', { header: 'Registered on', enableSorting: true, cell: (info) => day(info.getValue()) }))
  }
  if (actions) {
    defs.push(
      col.display({
        id: 'actions',
        header: 'Actions',
        meta: { wrap: true },
        cell: ({ row }) => <span className={styles.actions}>{actions(row.original)}</span>,
      }),
    )
  }
  return defs
}
