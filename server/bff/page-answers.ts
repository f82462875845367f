import type { IncomingMessage } from 'node:http'
import { eq } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import { sessionCookieName } from '@/lib/session/keys'
import { createApp } from '@/server/app'
import { mintAccessToken } from '@/server/auth/tokens'
import { getDb } from '@/server/db/client'
import { sessions } from '@/server/db/schema'
import { logger } from '@/server/logger'
import { readLivePortalSession } from './page-session'
import { requestCookies } from './portal-cookies'

/** What the page's first GET calls answered, by path (`/businesses/{id}`); calls that did not answer 200 are absent. */
export type PageAnswers = Record<string, unknown>

type App = ReturnType<typeof createApp>
const globalForApp = globalThis as unknown as { __pageAnswersApp?: App }

const MAX_CALLS = 20
const MAX_ROUNDS = 3

/** The paths a page reads first: a list, or a function of what the earlier rounds answered (reads that need an id). */
export type PageReadPlan = readonly string[] | ((answered: PageAnswers) => readonly string[])

/**
 * The answers of the API's GET calls a page reads before it can paint, made in process for the visitor of the page
 * request (`getServerSideProps`), so the browser has them in the page instead of asking after its JavaScript has
 * run (docs/architecture.md#first-paint). Each call goes through the whole API, access rules, services and JSON
 * included, as the visitor: a short token is minted for their live portal session (logged out, revoked or expired:
 * no answers at all) and the socket is theirs. A call that does not answer 200 is left out; the screen then makes it
 * as usual and shows what the API says. Only paths under the API, GET only, at most twenty.
 *
 * A plan given as a function is asked again with what has been answered so far (e.g. the KYC record's lists, which
 * need its id from the first round), up to three rounds; each round's calls run together.
 */
export async function readPageAnswers(request: IncomingMessage, plan: PageReadPlan): Promise<PageAnswers> {
  const pathsAfter = (answered: PageAnswers) => (typeof plan === 'function' ? plan(answered) : plan)
  const firstPaths = pathsAfter({})
  if (firstPaths.length === 0) return {}
  const config = getConfig()
  const session = await readLivePortalSession(config, requestCookies(request)[sessionCookieName(config.isProduction)])
  if (!session) return {}
  const db = await getDb()
  const [live] = await db
    .select({ generation: sessions.tokenGeneration })
    .from(sessions)
    .where(eq(sessions.id, session.sessionId))
  if (!live) return {}
  const { accessToken } = await mintAccessToken({
    userId: session.userId,
    sessionId: session.sessionId,
    sessionExpiresAt: new Date(session.expiresAt),
    generation: live.generation,
  })
  return answerPlan(request, { authorization: `Bearer ${accessToken}` }, firstPaths, plan)
}

/**
 * The answers of a public page's first reads (calls the API answers without a session, e.g. the product catalogue),
 * made as an anonymous visitor whether or not the visitor is signed in: what the page shows everyone.
 */
export async function readPublicPageAnswers(request: IncomingMessage, paths: readonly string[]): Promise<PageAnswers> {
  return paths.length === 0 ? {} : answerPlan(request, {}, paths, paths)
}

async function answerPlan(
  request: IncomingMessage,
  auth: Record<string, string>,
  firstPaths: readonly string[],
  plan: PageReadPlan,
): Promise<PageAnswers> {
  const app = (globalForApp.__pageAnswersApp ??= createApp())
  const headers = { ...auth, accept: 'application/json' }
  const read = async (path: string): Promise<[string, unknown] | null> => {
    if (!path.startsWith('/') || path.startsWith('//')) return null
    try {
      const response = await app.request(`/api/v1${path}`, { headers }, { incoming: request })
      return response.status === 200 ? [path, await response.json()] : null
    } catch (error) {
      logger.warn({ err: error, path }, 'page answers: a call failed; the browser makes it itself')
      return null
    }
  }
  const asked = new Set<string>()
  const answers: PageAnswers = {}
  for (let round = 0; round < MAX_ROUNDS && asked.size < MAX_CALLS; round++) {
    const paths = [...new Set(round === 0 ? firstPaths : typeof plan === 'function' ? plan({ ...answers }) : [])]
      .filter((path) => !asked.has(path))
      .slice(0, MAX_CALLS - asked.size)
    if (paths.length === 0) break
    for (const path of paths) asked.add(path)
    for (const answer of await Promise.all(paths.map(read))) if (answer) answers[answer[0]] = answer[1]
  }
  return answers
}
