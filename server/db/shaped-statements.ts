import { createHash } from 'node:crypto'
import { sql, type Placeholder } from 'drizzle-orm'
import type { Executor } from './client'

/**
 * How a query fragment puts a value in: as it is (an ordinary parameter, the default everywhere) or, for a shaped
 * statement, as a named placeholder filled at execution. `name` must say which SQL the value goes into: fragments
 * whose SQL differs use different names (`toDayAfter` / `toInstant`), so that the names tell the shapes apart.
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder
export const asParameter: Bind = (_name, value) => value

/** A binder for one request: each value under its name, and the shape (the names in order, after `extra`). */
export function namedValues() {
  const values: Record<string, unknown> = {}
  const names: string[] = []
  const bind: Bind = (name, value) => {
    values[name] = value
    names.push(name)
    return sql.placeholder(name)
  }
  return { bind, values, shape: (extra: string) => `${extra}|${names.join(',')}` }
}

interface Preparable<Result> {
  toSQL(): { sql: string }
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Result> }
}

/**
 * Prepared statements for a hot list whose SQL depends only on which filters are present (its shape), not on their
 * values: the query is built (Drizzle) and prepared (PostgreSQL: parsed and planned once per connection) once per
 * shape and database; each request only binds its values. A test enumerates the shapes of each such list and checks
 * that one shape never stands for two SQL texts (tests/unit/business-list-shapes.test.ts).
 */
export class ShapedStatements<Result> {
  private readonly byDatabase = new WeakMap<object, Map<string, (values: Record<string, unknown>) => Promise<Result>>>()

  constructor(private readonly label: string) {}

  run(db: object, shape: string, values: Record<string, unknown>, build: () => Preparable<Result>): Promise<Result> {
    let statements = this.byDatabase.get(db)
    if (!statements) this.byDatabase.set(db, (statements = new Map()))
    let execute = statements.get(shape)
    if (!execute) {
      const query = build()
      const name = `${this.label}_${createHash('sha1').update(query.toSQL().sql).digest('base64url').slice(0, 20)}`
      const prepared = query.prepare(name)
      execute = (bound) => prepared.execute(bound)
      statements.set(shape, execute)
    }
    return execute(values)
  }
}

/**
 * Statements built and prepared once per executor: `const statementsOf = preparedPer((db) => ({ row: db.select()…
 * .where(eq(t.id, sql.placeholder('id'))).prepare('t_row') }))`, then `statementsOf(db).row.execute({ id })`. On the
 * process's database that is once, and a request only binds values (no Drizzle query building, no parsing or planning
 * in PostgreSQL after a connection's first use); a transaction is a new executor, so it builds them once for itself
 * (its connection still skips parsing a name it knows). Each name must stand for one SQL text.
 */
export function preparedPer<Statements>(build: (db: Executor) => Statements): (db: Executor) => Statements {
  const byExecutor = new WeakMap<Executor, Statements>()
  return (db) => {
    let statements = byExecutor.get(db)
    if (!statements) byExecutor.set(db, (statements = build(db)))
    return statements
  }
}
