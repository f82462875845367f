import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import type { Database } from '@/server/db/client'
import { notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findAuthorizationRow, readsEveryAuthorization, toAuthorizations } from './authorization-view'
import { kindOf } from './kinds'
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
  const kind = kindOf(row.type)
  const stored = row.before as Snapshot | null
  const pendingChange = row.status === 'PENDING' && !kind.creates
  const current = pendingChange ? await kind.current(db, row, false) : null
  const before = pendingChange ? current : stored
  const stale = pendingChange && !!row.beforeHash && (!current || snapshotHash(current) !== row.beforeHash)
  const after = await kind.proposed(db, row.proposal, before ?? stored)
  const warnings = (await kind.warnings?.(db, row)) ?? []
  return { ...view!, diff: diffSnapshots(before ?? stored, after, kind.labels), stale, warnings }
}
