import { createHash } from 'node:crypto'

interface PreparableQuery<Result> {
  toSQL(): { sql: string }
  prepare(name: string): { execute(): Promise<Result> }
}

/**
 * Runs a query built per request as a named statement, named after its SQL text: on PostgreSQL each pooled
 * connection parses and plans a given shape once (planning cost several times the execution of a list page), while
 * the values still travel as parameters. The names are as many as the shapes the code can build (filters present or
 * not), not as the values. PGlite runs it as any other query.
 */
export function executeNamed<Result>(query: PreparableQuery<Result>): Promise<Result> {
  const name = `q_${createHash('sha1').update(query.toSQL().sql).digest('base64url')}`
  return query.prepare(name).execute()
}
