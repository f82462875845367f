import type { AppConfig } from '@/lib/config/env'
import { readPortalSession, type PortalSession } from '@/lib/session/portal-session'
import { loadActorCached } from '@/server/auth/load-actor'
import { getDb } from '@/server/db/client'
import { logger } from '@/server/logger'

/**
 * The portal session in the cookie, only while the API session it names is live: the page check (proxy.ts)
 * consults the same revocation as every API call, so a cookie copied before logout no longer opens /s/ pages.
 * When the database cannot answer, the page is refused too (the visitor is sent to sign in).
 */
export async function readLivePortalSession(
  config: Pick<AppConfig, 'sessionSecret'>,
  cookie: string | undefined,
): Promise<(PortalSession & { enrolmentOnly: boolean }) | null> {
  const session = await readPortalSession(config, cookie)
  if (!session) return null
  try {
    // The API's cached actor: live while the epoch it was read with holds (server/auth/load-actor.ts).
    const actor = await loadActorCached(await getDb(), { sessionId: session.sessionId, userId: session.userId, expiresAt: 0 })
    return actor ? { ...session, enrolmentOnly: actor.proof.enrolmentOnly } : null
  } catch (error) {
    logger.error({ err: error }, 'page check: could not read the session; treating the visitor as signed out')
    return null
  }
}
