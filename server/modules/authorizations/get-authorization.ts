import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import type { Database } from '@/server/db/client'
import { notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findAuthorizationRow, readsEveryAuthorization, toAuthorizations } from './authorization-view'
import { currentSnapshot, proposedSnapshot } from './proposals'
import { diffSnapshots, snapshotHash, type Snapshot } from './records'

/**
 * `GET /authorizations/{id}` with its before/after diff, computed now from the stored record and the proposal
 * (docs/domain.md#authorizations): while pending, "before" is the record as it stands (and `stale` says whether it
 * changed since the request); once decided, the record as it was when requested. Someone who may only request
 * changes sees only their own (another's answers 404).
 */
export async function getAuthorization(options: { db: Database; actor: Actor; id: string }): Promise<AuthorizationDetail> {
  const { db, actor } = options
  const row = await findAuthorizationRow(db, options.id)
  if (!row || (!readsEveryAuthorization(actor) && row.makerId !== actor.userId)) throw notFound('Authorization')
  const [view] = await toAuthorizations(db, [row])
  const stored = row.before as Snapshot | null
  const current = row.status === 'PENDING' ? await currentSnapshot(db, row) : null
  const before = row.status === 'PENDING' && row.resourceId ? current : stored
  const stale = row.status === 'PENDING' && !!row.beforeHash && (!current || snapshotHash(current) !== row.beforeHash)
  const after = await proposedSnapshot(db, row.type, row.proposal, before ?? stored)
  return { ...view!, diff: diffSnapshots(before ?? stored, after), stale }
}
