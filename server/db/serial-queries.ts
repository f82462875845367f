import type { ClientBase } from 'pg'

/**
 * One query at a time on a PostgreSQL connection, in the order asked (docs/architecture.md#the-tree). Code that runs
 * on an `Executor` may read with `Promise.all`; on the pool each read gets a connection of its own, but inside a
 * transaction they all share one. pg queued such queries itself and warns that pg 9 will not: this queue waits for
 * the query before it, so pg is only ever asked for one. Callback-style and submittable queries (pg-pool's own,
 * cursors and streams) are passed through untouched.
 */
export function serialiseQueries(client: ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  let previous: Promise<unknown> = Promise.resolve()
  client.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined
    if (typeof args[args.length - 1] === 'function' || typeof first?.submit === 'function') return query(...args)
    const result = previous.then(() => query(...args))
    previous = result.catch(() => undefined)
    return result
  }) as ClientBase['query']
}
