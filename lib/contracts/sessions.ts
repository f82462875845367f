import { z } from 'zod'
import { pageSchema } from './pagination'
import { SESSION_LIST_MAX } from './session-values'

export { SESSION_LIST_MAX }

/** `GET /accounts/sessions`: a page of the caller's live sessions, most recently used first (docs/api.md#lists). */
export const sessionListQuerySchema = z.object({
  pageNumber: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be 1 or more (pages start at 1)' })
    .default(1),
  pageSize: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: `must be between 1 and ${SESSION_LIST_MAX}` })
    .max(SESSION_LIST_MAX, { message: `must be between 1 and ${SESSION_LIST_MAX}` })
    .default(SESSION_LIST_MAX),
})
export type SessionListQuery = z.input<typeof sessionListQuerySchema>

/** One live session of the signed-in user, as the profile's "Signed-in sessions" lists it. */
export const userSessionSchema = z.object({
  id: z.uuid(),
  /** Browser and operating system read from the user agent ("Chrome on Android"), or "Unknown device". */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** The last authenticated call (written at most once a minute). */
  lastSeenAt: z.string(),
  authMethod: z.enum(['PASSWORD', 'SSO']),
  /** The session this request was made with. */
  current: z.boolean(),
})
export type UserSession = z.infer<typeof userSessionSchema>

export const userSessionPageSchema = pageSchema(userSessionSchema)

/** `POST /accounts/sessions/revoke-others`: how many other live sessions were signed out. */
export const revokedSessionsSchema = z.object({ revoked: z.number().int(), message: z.string() })
export type RevokedSessions = z.infer<typeof revokedSessionsSchema>
