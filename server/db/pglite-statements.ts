import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite'

type PgliteModule = typeof import('@electric-sql/pglite')

/**
 * PGlite's `query()` parses, describes and plans every statement afresh, in five calls into WASM; on the hot reads
 * (the business view, the staff list, the actor) that is most of a request's time (docs/architecture.md#the-signed-in-hot-path-and-its-caches).
 * This client answers the same calls the same way, but parses each distinct SQL text once as a named statement, as
 * node-postgres does with a named query, and then runs it with one call: Bind, Describe, Execute, Sync. PostgreSQL
 * keeps the plan with the statement (and replans after a schema change), so parsing and most planning go.
 *
 * Only `query()` outside a transaction changes: transactions, `exec()` and everything else go to PGlite as they are.
 * It takes PGlite's own locks, so it waits for a running transaction as `query()` does. At most `maxStatements`
 * texts are kept; the least recently used is closed when another is added.
 */
export function withNamedStatements(client: PGlite, pglite: PgliteModule, options: { maxStatements?: number } = {}): PGlite {
  const { protocol, parse } = pglite
  const { serialize } = protocol
  const maxStatements = options.maxStatements ?? 500
  // text -> statement name and parameter types (Map keeps insertion order: the first key is the least recently used)
  const statements = new Map<string, { name: string; paramTypes: number[] }>()
  let counter = 0
  // PGlite's own locks and readiness check (what query() uses), not part of its typed interface.
  const internals = client as unknown as {
    _checkReady(): Promise<void>
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
    _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
    serializers: Record<number, (value: unknown) => string>
    parsers: Record<number, (value: string, typeId?: number) => unknown>
  }

  const run = (...messages: Uint8Array[]) => client.execProtocol(concat(messages))

  async function prepare(text: string, queryOptions: QueryOptions | undefined) {
    const known = statements.get(text)
    if (known) {
      statements.delete(text)
      statements.set(text, known)
      return known
    }
    if (statements.size >= maxStatements) {
      const [oldestText, oldest] = statements.entries().next().value!
      statements.delete(oldestText)
      await run(serialize.close({ type: 'S', name: oldest.name }), serialize.sync())
    }
    const name = `kyc_s${++counter}`
    const described = await run(
      serialize.parse({ name, text, types: queryOptions?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    )
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) }
    statements.set(text, statement)
    return statement
  }

  async function query<T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions): Promise<Results<T>> {
    if (queryOptions?.blob) return client.query<T>(text, params, queryOptions)
    await internals._checkReady()
    return internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(async () => {
        let statement: { name: string; paramTypes: number[] }
        try {
          statement = await prepare(text, queryOptions)
        } catch (error) {
          throw withQuery(error, text, params, queryOptions)
        }
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null
          const type = statement.paramTypes[i]!
          const serializer = queryOptions?.serializers?.[type] ?? internals.serializers[type]
          return serializer ? serializer(value) : String(value as string)
        })
        const execute = (name: string) =>
          run(
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          )
        let result
        try {
          result = await execute(statement.name).catch(async (error: unknown) => {
            if (!isStalePlan(error)) throw error
            // A schema change altered the statement's result: parse it again, once.
            statements.delete(text)
            await run(serialize.close({ type: 'S', name: statement.name }), serialize.sync())
            return execute((await prepare(text, queryOptions)).name)
          })
        } catch (error) {
          throw withQuery(error, text, params, queryOptions)
        }
        return parse.parseResults(result.messages, internals.parsers, queryOptions)[0] as Results<T>
      }),
    )
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query
      const value = Reflect.get(target, property, target) as unknown
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}

/** 0A000 "cached plan must not change result type": the statement was parsed before a schema change. */
const isStalePlan = (error: unknown) =>
  !!error && typeof error === 'object' && (error as { code?: string }).code === '0A000' && /cached plan/.test(String(error))

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** As PGlite's query() does: the error carries the query, its parameters and options. */
function withQuery(error: unknown, query: string, params: unknown[], queryOptions: QueryOptions | undefined) {
  if (error && typeof error === 'object' && 'code' in error) Object.assign(error, { query, params, queryOptions })
  return error
}
