import { like, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm'

/** `value` as literal text inside a LIKE pattern: `\`, `%` and `_` escaped (`\` is PostgreSQL's default escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** A LIKE pattern that finds `text` anywhere in a lower-cased column. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`
}

/** `lower(column) like '%text%'`: the column contains `text`, ignoring case (`bind`: see server/db/shaped-statements.ts). */
export function containsIgnoringCase(
  column: AnyColumn,
  text: string,
  bind: (pattern: string) => string | Placeholder = (pattern) => pattern,
): SQL {
  return like(sql`lower(${column})`, bind(containsPattern(text)) as string)
}
