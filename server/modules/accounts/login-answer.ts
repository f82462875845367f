import type { LoginAnswer } from '@/lib/contracts/accounts'
import { loadActor } from '@/server/auth/load-actor'
import { mintAccessToken } from '@/server/auth/tokens'
import type { Executor } from '@/server/db/client'
import type { Session } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'

/**
 * The login answer (docs/api.md#authentication-cookies-and-xsrf) for a live session: a fresh access token plus who the
 * user is.
 */
export async function issueLoginAnswer(
  db: Executor,
  session: Pick<Session, 'id' | 'userId' | 'expiresAt' | 'tokenGeneration'>,
): Promise<LoginAnswer> {
  const minted = await mintAccessToken({
    userId: session.userId,
    sessionId: session.id,
    sessionExpiresAt: session.expiresAt,
    generation: session.tokenGeneration,
  })
  const actor = await loadActor(db, { userId: session.userId, sessionId: session.id, expiresAt: minted.expiresAt })
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Your session has ended, please login again')
  return {
    access_token: minted.accessToken,
    token_type: 'Bearer',
    expires_in: minted.expiresIn,
    user: {
      id: actor.userId,
      email: actor.email,
      firstName: actor.firstName,
      lastName: actor.lastName,
      isStaff: actor.isStaff,
      iswStaff: actor.iswStaff,
    },
  }
}
