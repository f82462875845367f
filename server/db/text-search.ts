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

/**
 * A search text short enough that no trigram can find it (one or two characters, counted as code points), lower-cased
 * as `containsPattern` lowers it; undefined for a longer one (or none). Such a fragment is itself one of the column's
 * short grams (`shortGramsContain`).
 */
export function shortFragment(text: string): string | undefined {
  const lowered = text.toLowerCase()
  const length = [...lowered].length
  return length >= 1 && length <= 2 ? lowered : undefined
}

/**
 * `short_grams(lower(column)) @> array[gram]`: the lower-cased column holds `gram` (one or two characters, from
 * `shortFragment`; a value or a placeholder), answered by a GIN index on that expression (migration 0033). Exactly the
 * rows whose lower-cased column contains the fragment, as `containsIgnoringCase` finds them. The function costs about
 * 11 µs a row: use it where that index answers it (`boundedListParts`), never on a walk of the table.
 */
export function shortGramsContain(column: AnyColumn, gram: unknown): SQL {
  return sql`short_grams(lower(${column})) @> array[${gram}]::text[]`
}
