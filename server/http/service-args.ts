import { getDb, openedDb } from '@/server/db/client'
import { actorOf } from './auth'
import { auditContextOf, type AppContext } from './context'

/**
 * What a handler hands every service that acts for the signed-in user and audits what it changes:
 * `updateThing({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') })`.
 */
export async function serviceArgs(c: AppContext) {
  return { db: await getDb(), actor: actorOf(c), audit: auditContextOf(c) }
}

/**
 * For a call where no one need be signed in (a public route, or a token sent in the body): the database and the
 * request's audit context, whose actor is whoever is signed in, if anyone.
 */
export async function publicArgs(c: AppContext) {
  return { db: await getDb(), audit: auditContextOf(c) }
}

/** The same without the audit context, for services that write no audit row (reads, mostly). */
export async function readArgs(c: AppContext) {
  return { db: openedDb() ?? (await getDb()), actor: actorOf(c) }
}
