import type { AuthorizationResource, AuthorizationType } from '@/lib/contracts/authorization-values'
import type { AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import type { AuthorizationRow } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import type { Snapshot } from '../records'

/** Who an approval involves; every record change an approval applies carries them in its audit row. */
export interface DecisionActors {
  authorizationId: string
  makerId: string
  checkerId: string
}

/** What applying an approved authorization did: the record it made or changed, and work for after the commit. */
export interface Applied {
  /** The record created or changed (null for a setting, which has no id). */
  resourceId: string | null
  /** Runs after the decision commits (e.g. a mail); its failure does not undo the approval. */
  afterCommit?: (db: Database) => Promise<unknown>
}

/**
 * One type of authorization (docs/domain.md#authorizations): how its record is read, what the proposal would make of
 * it, whether it can still apply, and how it applies. The decision flow (decide-authorization.ts) and the diff at read
 * time (get-authorization.ts) know nothing else about the type.
 */
export interface AuthorizationKind<P = Record<string, unknown>> {
  type: AuthorizationType
  resource: AuthorizationResource
  /** A create has nothing before it: its snapshot is null and its staleness is `staleReason`. */
  creates: boolean
  /** Field labels for the diff (the snapshot's keys). */
  labels: Record<string, string>
  /** The record as it stands (null when it is gone); `lock` holds it until the transaction ends. Not asked for a create. */
  current(db: Executor, row: Pick<AuthorizationRow, 'resourceId'>, lock: boolean): Promise<Snapshot | null>
  /** The record as the proposal would leave it, given the record it applies to (`before`, null for a create). */
  proposed(db: Executor, proposal: P, before: Snapshot | null): Promise<Snapshot>
  /** For a create: why it can no longer apply (e.g. the name has been taken meanwhile), or null. */
  staleReason?(tx: Tx, proposal: P): Promise<string | null>
  /** What the checker should know before deciding (the diff's warnings), in words. */
  warnings?(db: Executor, row: AuthorizationRow & { proposal: P }): Promise<string[]>
  /** Refuses a checker who may not approve this one (FOUR_EYES), beyond being its maker. */
  refuseChecker?(db: Database, actor: Actor, row: AuthorizationRow): Promise<void>
  /** Applies the approved change inside the decision's transaction (the record is locked and re-checked). */
  apply(tx: Tx, audit: AuditContext, row: AuthorizationRow & { proposal: P }, actors: DecisionActors): Promise<Applied>
}

/** Keeps a kind's proposal type while listing it among kinds of any proposal. */
export const defineKind = <P>(kind: AuthorizationKind<P>) => kind as unknown as AuthorizationKind
