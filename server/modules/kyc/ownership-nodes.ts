import { personKeyOf, type OwnershipNode } from '@/lib/kyc/effective-ownership'
import type { Shareholder } from '@/server/db/schema'

/** How a shareholder reads in a message: `Ada Obi` or `Acme Holdings Ltd`. */
export function shareholderName(row: Pick<Shareholder, 'type' | 'firstName' | 'lastName' | 'companyName'>): string {
  return row.type === 'CORPORATE'
    ? (row.companyName ?? 'A corporate shareholder')
    : `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || 'A shareholder'
}

/** Who an individual shareholder is (personKeyOf), by the blind index of their BVN rather than the number itself. */
export function shareholderPersonKey(row: Pick<Shareholder, 'bvnIndex' | 'firstName' | 'lastName'>): string {
  return personKeyOf({ bvn: row.bvnIndex, firstName: row.firstName, lastName: row.lastName })
}

/** The shareholders of a KYC record as ownership nodes (see lib/kyc/effective-ownership). */
export function ownershipNodesOf(rows: readonly Shareholder[]): OwnershipNode[] {
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parentShareholderId,
    kind: r.type,
    percentage: r.percentageUnits / 100,
    personKey: r.type === 'INDIVIDUAL' ? shareholderPersonKey(r) : null,
  }))
}
