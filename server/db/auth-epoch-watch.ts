import type { PGlite } from '@electric-sql/pglite'
import type { ClientBase, Notification } from 'pg'
import { logger } from '@/server/logger'
import type { Database } from './client'

/**
 * The auth epoch (migration 0018: raised once per transaction that changes a session, user, role, permission or
 * membership) as this process last heard it through `LISTEN auth_epoch` (migration 0023 notifies the new value at
 * commit), so the actor cache needs no query to know nothing changed (docs/architecture.md#the-signed-in-hot-path-and-its-caches).
 *
 * `current()` is null whenever the value cannot be trusted (not yet listening, or the listening connection is lost):
 * callers then read the epoch from the table as before.
 *
 * Same process, next request: a session that LISTENs gets its own notifications at commit, before the COMMIT's
 * answer, so on PostgreSQL every pooled connection listens too (the change is known before the service returns);
 * PGlite has one connection. Other processes: a dedicated connection, reconnected after a failure.
 */
export interface AuthEpochWatch {
  current(): number | null
  /**
   * Calls `listener` with each `business_answer` notification's payload (a business id, or `*`: every business;
   * migration 0047), and with `*` whenever the watch starts or stops being trusted (notifications may have been missed).
   */
  onBusinessAnswer(listener: (payload: string) => void): void
  close(): Promise<void>
}

export const AUTH_EPOCH_CHANNEL = 'auth_epoch'
export const BUSINESS_ANSWER_CHANNEL = 'business_answer'
const LISTEN_ALL = `LISTEN ${AUTH_EPOCH_CHANNEL}; LISTEN ${BUSINESS_ANSWER_CHANNEL}`
const RECONNECT_MS = 1_000

const watches = new WeakMap<Database, AuthEpochWatch>()

export function registerAuthEpochWatch(db: Database, watch: AuthEpochWatch): void {
  watches.set(db, watch)
}

/** The epoch this process knows for `db` without a query, or null when it must be read. */
export function knownAuthEpoch(db: Database): number | null {
  return watches.get(db)?.current() ?? null
}

/** The watch registered for `db` (none for a database opened without one). */
export function changeWatchOf(db: Database): AuthEpochWatch | undefined {
  return watches.get(db)
}

/** The listeners of one watch's `business_answer` notifications. */
function businessAnswerListeners() {
  const listeners = new Set<(payload: string) => void>()
  return {
    add: (listener: (payload: string) => void) => void listeners.add(listener),
    tell: (payload: string) => {
      for (const listener of listeners) listener(payload)
    },
  }
}

/** Epochs only grow; a late or repeated notification never moves the value back. */
class EpochValue {
  private value = 0
  raise(to: unknown) {
    const n = Number(to)
    if (Number.isFinite(n) && n > this.value) this.value = n
  }
  get() {
    return this.value
  }
}

export async function watchAuthEpochOnPglite(client: PGlite): Promise<AuthEpochWatch> {
  const epoch = new EpochValue()
  const answers = businessAnswerListeners()
  const unlisten = await client.listen(AUTH_EPOCH_CHANNEL, (payload) => epoch.raise(payload))
  const unlistenAnswers = await client.listen(BUSINESS_ANSWER_CHANNEL, answers.tell)
  const { rows } = await client.query<{ value: string | number }>('SELECT value FROM auth_epoch WHERE id = 1')
  epoch.raise(rows[0]?.value)
  return {
    current: () => epoch.get(),
    onBusinessAnswer: answers.add,
    close: async () => {
      await unlisten()
      await unlistenAnswers()
    },
  }
}

/**
 * `onPoolConnect` is the pool's `onConnect` hook (every pooled connection must listen): pg-pool awaits it before it
 * hands the connection out, so the LISTEN never runs beside the caller's first query (pg 9 refuses a query sent while
 * another runs). `ready` settles after the migrations.
 */
export function watchAuthEpochOnPostgres(
  connectionString: string,
  ready: Promise<unknown>,
): AuthEpochWatch & { onPoolConnect: (client: ClientBase) => Promise<void> } {
  const epoch = new EpochValue()
  const answers = businessAnswerListeners()
  const onNotification = (message: Notification) => {
    if (message.channel === AUTH_EPOCH_CHANNEL) epoch.raise(message.payload)
    else if (message.channel === BUSINESS_ANSWER_CHANNEL) answers.tell(message.payload ?? '*')
  }
  const onPoolConnect = async (client: ClientBase) => {
    // A pooled connection tells only its own commits' business answers (heard before its COMMIT answers); the
    // listening connection below tells everyone's, so each change is not told once per pooled connection.
    const ownPid = () => (client as ClientBase & { processID?: number }).processID
    client.on('notification', (message: Notification) => {
      if (message.channel !== BUSINESS_ANSWER_CHANNEL || message.processId === ownPid()) onNotification(message)
    })
    await client.query(LISTEN_ALL).catch(() => undefined)
  }

  let listening = false
  let closed = false
  let listener: import('pg').Client | undefined
  let retry: NodeJS.Timeout | undefined

  const lost = (error?: unknown) => {
    if (!listening && !listener) return
    listening = false
    answers.tell('*')
    const client = listener
    listener = undefined
    client?.end().catch(() => undefined)
    if (closed) return
    if (error) logger.warn({ err: error }, 'auth epoch listener lost; reading the epoch per request until it is back')
    retry = setTimeout(connect, RECONNECT_MS)
    retry.unref()
  }

  async function connect() {
    const { Client } = (await import('pg')).default
    const client = new Client({ connectionString, connectionTimeoutMillis: 5_000 })
    listener = client
    client.on('notification', onNotification)
    client.on('error', lost)
    client.on('end', () => lost())
    try {
      await client.connect()
      await client.query(LISTEN_ALL)
      // Read after LISTEN: a change committed in between is in the value or in a notification still to come.
      const { rows } = await client.query<{ value: string }>('SELECT value FROM auth_epoch WHERE id = 1')
      epoch.raise(rows[0]?.value)
      if (closed) return void client.end().catch(() => undefined)
      listening = listener === client
      // Whatever was kept while nobody listened may be stale.
      if (listening) answers.tell('*')
    } catch (error) {
      if (listener === client) lost(error)
    }
  }
  ready.then(connect, () => undefined)

  return {
    onPoolConnect,
    current: () => (listening ? epoch.get() : null),
    onBusinessAnswer: answers.add,
    close: async () => {
      closed = true
      listening = false
      if (retry) clearTimeout(retry)
      await listener?.end().catch(() => undefined)
    },
  }
}
