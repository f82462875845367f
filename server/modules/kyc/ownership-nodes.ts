import { personKeyOf, type OwnershipNode } from '@/lib/kyc/effective-ownership'
import {
  computeSignificantControl,
  entityKeyOf,
  OwnershipLoopError,
  type ControlNode,
  type ControlResult,
} from '@/lib/kyc/significant-control'
import type { Shareholder } from '@/server/db/schema'

/** How a shareholder reads in a message: `Ada Obi`, `Acme Holdings Ltd`, `Obi Family Trust`. */
export function shareholderName(row: Pick<Shareholder, 'type' | 'firstName' | 'lastName' | 'companyName'>): string {
  if (row.type === 'INDIVIDUAL') return `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || 'A shareholder'
  const fallback = { CORPORATE: 'A corporate shareholder', TRUST: 'A trust', NOMINEE: 'A nominee' }[row.type]
  return row.companyName ?? fallback
}

/** Who an individual shareholder is (personKeyOf), by the blind index of their BVN rather than the number itself. */
export function shareholderPersonKey(row: Pick<Shareholder, 'bvnIndex' | 'firstName' | 'lastName'>): string {
  return personKeyOf({ bvn: row.bvnIndex, firstName: row.firstName, lastName: row.lastName })
}

/**
 * The holdings of a KYC record as ownership nodes (see lib/kyc/effective-ownership): the economic stake. Persons under a
 * trust or a nominee hold nothing there and are left out; a nominee's principal is its nominee's holding in
 * docs/ownership.md's reading, not in the economic stake.
 */
export function ownershipNodesOf(rows: readonly Shareholder[]): OwnershipNode[] {
  return rows
    .filter((r) => !r.role)
    .map((r) => ({
      id: r.id,
      parentId: r.parentShareholderId,
      kind: r.type === 'INDIVIDUAL' ? 'INDIVIDUAL' : 'CORPORATE',
      percentage: r.percentageUnits / 100,
      personKey: r.type === 'INDIVIDUAL' ? shareholderPersonKey(r) : null,
    }))
}

const CONTROL_KIND = { INDIVIDUAL: 'PERSON', CORPORATE: 'COMPANY', TRUST: 'TRUST', NOMINEE: 'NOMINEE' } as const

/** The shareholders of a KYC record as control nodes (lib/kyc/significant-control). */
export function controlNodesOf(rows: readonly Shareholder[]): ControlNode[] {
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parentShareholderId,
    kind: CONTROL_KIND[r.type],
    name: shareholderName(r),
    role: r.role,
    shares: r.percentageUnits / 100,
    votes: r.votingUnits === null ? null : r.votingUnits / 100,
    appointsMajority: r.appointsMajority,
    influence: r.significantInfluence,
    personKey: r.type === 'INDIVIDUAL' ? shareholderPersonKey(r) : null,
    entityKey: r.type === 'INDIVIDUAL' ? null : entityKeyOf(r.registrationNumber),
  }))
}

const NO_CONTROL: ControlResult = { persons: [], reasonsByNode: new Map() }

/**
 * Persons with significant control of stored shareholders. A loop cannot be written through the API (it is refused
 * there, naming it); stored data with one answers no one rather than failing every read.
 */
export function significantControlOf(rows: readonly Shareholder[]): ControlResult {
  try {
    return computeSignificantControl(controlNodesOf(rows))
  } catch (error) {
    if (error instanceof OwnershipLoopError) return NO_CONTROL
    throw error
  }
}
