import { knownActor, loadActorCached } from '@/server/auth/load-actor'
import { knownAccessToken, verifyAccessToken } from '@/server/auth/tokens'
import { getDb, openedDb } from '@/server/db/client'
import { AppError } from './app-error'
import type { Actor, AppContext } from './context'

const BEARER = /^Bearer\s+(\S+)$/i

/** Resolves the actor from the bearer token once per request; throws UNAUTHENTICATED when there is none. */
export async function authenticate(c: AppContext): Promise<Actor> {
  const known = c.get('actor')
  if (known) return known
  const match = BEARER.exec(c.req.header('authorization') ?? '')
  if (!match) throw new AppError('UNAUTHENTICATED', 'Sign in to continue')
  // The synchronous answers first: a token and an actor this process already knows cost no await (each one a turn
  // of the event loop's microtasks on every signed-in call).
  const claims = knownAccessToken(match[1]!) ?? (await verifyAccessToken(match[1]!))
  if (claims === 'expired') throw new AppError('UNAUTHENTICATED', 'Your session has expired, please login again')
  if (claims === 'invalid') throw new AppError('UNAUTHENTICATED', 'Your sign-in is not valid, please login again')
  const db = openedDb() ?? (await getDb())
  const actor = knownActor(db, claims) ?? (await loadActorCached(db, claims))
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Your session has ended, please login again')
  c.set('actor', actor)
  c.get('logger').setBindings?.({ userId: actor.userId })
  return actor
}

/**
 * The signed-in user when the request carries a valid token, else null: for a route open to anyone that does more for
 * a signed-in user (the contact form, marketing calls, the readiness details). A bad, expired or revoked token is
 * ignored rather than refused, so a stale session never fails the call.
 */
export async function optionalActor(c: AppContext): Promise<Actor | null> {
  if (!c.req.header('authorization')) return null
  try {
    return await authenticate(c)
  } catch {
    return null
  }
}

/** Reads the actor a guard has already resolved. */
export function actorOf(c: AppContext): Actor {
  const actor = c.get('actor')
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to continue')
  return actor
}
