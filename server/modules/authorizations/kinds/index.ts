import { AUTHORIZATION_TYPES, type AuthorizationType } from '@/lib/contracts/authorization-values'
import type { AuthorizationKind } from './kind'
import { roleCreateKind, roleUpdateKind } from './roles'
import { userCreateKind, userUpdateKind } from './users'

/**
 * Every type of authorization, each with its own record handling (kinds/kind.ts). The staff kinds (roles, users) are
 * this module's own; a configuration kind lives with its domain (fees/fee-kinds.ts, products/product-kinds.ts,
 * webhooks/webhook-kinds.ts, deferral-review/deferral-kinds.ts) and registers itself here when that domain loads, so
 * authorizations imports no domain (docs/architecture.md#import-rules). `assertEveryKindRegistered` (run by
 * createApp) refuses to start with a type nobody registered.
 */
const KINDS = new Map<AuthorizationType, AuthorizationKind>()

/** Registers the record handling of one or more types; a type registered twice is a programming error. */
export function registerKinds(...kinds: AuthorizationKind[]): void {
  for (const kind of kinds) {
    const existing = KINDS.get(kind.type)
    if (existing && existing !== kind) throw new Error(`Authorization kind ${kind.type} is registered twice`)
    KINDS.set(kind.type, kind)
  }
}

registerKinds(roleCreateKind, roleUpdateKind, userCreateKind, userUpdateKind)

export function kindOf(type: AuthorizationType): AuthorizationKind {
  const kind = KINDS.get(type)
  if (!kind) throw new Error(`No authorization kind is registered for ${type}`)
  return kind
}

/** Throws unless every authorization type has its kind registered (the domains that own them are loaded). */
export function assertEveryKindRegistered(): void {
  const missing = AUTHORIZATION_TYPES.filter((type) => !KINDS.has(type))
  if (missing.length) throw new Error(`No authorization kind is registered for ${missing.join(', ')}`)
}

export type { AuthorizationKind, DecisionActors } from './kind'
