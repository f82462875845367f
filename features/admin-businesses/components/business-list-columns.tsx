import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { ReactNode } from 'react'
import { StatusBadge } from '@/components/ui/status-badge'
import { formatDay } from '@/lib/format/day'
import { paths } from '@/lib/navigation/paths'
import type { Business } from '../api/types'
import sharedStyles from '@/styles/staff-screens.module.css'
import ownStyles from './admin.module.css'
import type { BusinessListVariant } from './business-list-variants'

const styles = { ...sharedStyles, ...ownStyles }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types vary per column
type Column = ColumnDef<Business, any>
type Named = { id: string; name: string }

export const previewHref = (id: string) => paths.approvals.businessPreview(id)
const day = formatDay

/**
 * The columns of a staff business list: name (to the review), registration number, status badges, then by variant
 * the blocking reasons or type and category, the approval and recertification dates or the registration date, and the
 * row's actions when `actions` is given.
 */
export function businessListColumns(options: {
  variant: BusinessListVariant
  types?: readonly Named[]
  categories?: readonly Named[]
  actions?: (business: Business) => ReactNode
}): Column[] {
  const { variant, types, categories, actions } = options
  const col = createColumnHelper<Business>()
  const nameOf = (id: string, list?: readonly Named[]) => list?.find((x) => x.id === id)?.name ?? '—'
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
      col.display({ id: 'type', header: 'Type', cell: ({ row }) => nameOf(row.original.typeId, types) }),
      col.display({ id: 'category', header: 'Category', cell: ({ row }) => nameOf(row.original.categoryId, categories) }),
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
  if (actions) {
    defs.push(
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => <span className={styles.actions}>{actions(row.original)}</span>,
      }),
    )
  }
  return defs
}
