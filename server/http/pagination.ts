import { and, asc, count, desc, like, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { ListSort, Page, PageQuery } from '@/lib/contracts/pagination'
import type { Executor } from '@/server/db/client'
import { shortGramsContain } from '@/server/db/text-search'

type PageWindow = Pick<PageQuery, 'pageNumber' | 'pageSize'>

/** A list query, filtered and ordered, that has not been limited yet (a Drizzle select builder). */
interface UnlimitedQuery<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> }
}

export function pageOffset(query: PageWindow): number {
  return (query.pageNumber - 1) * query.pageSize
}

/**
 * How far a bounded list counts (docs/api.md#lists): ten pages past the page's first row. Counting every match of a
 * common name fragment in 1M businesses cost 100–240 ms a call; ten pages are what a pager shows and what anyone reads
 * before narrowing the search.
 */
export const COUNT_AHEAD_PAGES = 10

/** The most rows a bounded list reads for this page: one past what it reports, so that it knows there are more. */
export function countLimitOf(query: PageWindow): number {
  return pageOffset(query) + COUNT_AHEAD_PAGES * query.pageSize + 1
}

export function toPage<T>(content: T[], totalElements: number, query: PageWindow): Page<T> {
  return {
    content,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalElements,
    totalPages: Math.ceil(totalElements / query.pageSize),
  }
}

/**
 * A page whose count stopped at `countLimitOf(query)` rows: a count that reached the limit reports the rows up to ten
 * pages past the page's start as a lower bound, `totalElementsExact: false`.
 */
export function toBoundedPage<T>(content: T[], countedUpToLimit: number, query: PageWindow): Page<T> {
  const exact = countedUpToLimit < countLimitOf(query)
  return {
    ...toPage(content, exact ? countedUpToLimit : countedUpToLimit - 1, query),
    totalElementsExact: exact,
  }
}

/** `select count(*)` of at most `limit` rows of `table` matching `where`: it stops reading at the limit. */
export function countUpTo(db: Executor, table: PgTable, where: SQL | undefined, limit: number) {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(limit)
    .as('matches')
  return db.select({ value: count() }).from(matches)
}

/**
 * The total a bounded list's rows carry (`boundedListParts`' `total`); a page past the end has no row to carry it, so
 * there it is counted apart (`countUpTo` with `countLimitOf(query)`).
 */
export async function boundedTotalOf(
  rows: readonly { total: number }[],
  query: PageWindow,
  countApart: (limit: number) => PromiseLike<{ value: number }[]>,
): Promise<number> {
  if (rows.length) return Number(rows[0]!.total)
  if (query.pageNumber === 1) return 0
  return Number((await countApart(countLimitOf(query)))[0]?.value ?? 0)
}

/**
 * How a one- or two-character name search (which no trigram serves) finds its rows (`shortNamePath`):
 * - `walk`: a fragment common in the table ("a", "er"), as any search: the list's index, walked, stops soon;
 * - `grams`: a rarer one ("x", "ph", "q", "qx"): its matches from the short-gram index (migration 0033), which the walk
 *   would have read (up to) the whole table for (0.5–0.8 s at 1M businesses, bench/results/issue-36-short-search.md);
 *   a page past the counted matches is walked;
 * - `sparse`: as `grams`, and a page past the counted matches is cut from every match's id read through the index,
 *   sorted: the walk would read some hundred thousand rows to find a page of such rare matches.
 */
export type ShortNamePath = 'walk' | 'grams' | 'sparse'

/** The rows of the table a short name search samples to choose its path (`shortNamePath`). */
export const SHORT_NAME_SAMPLE_ROWS = 2000
/** At most this many sampled matches (about 0.1% of the table or less): the `sparse` path. */
export const SHORT_NAME_SPARSE_SAMPLE_MATCHES = 2

/**
 * The path of a one- or two-character name search (`ShortNamePath`): how many of `SHORT_NAME_SAMPLE_ROWS` rows of the
 * table the LIKE `pattern` matches (one query of a few milliseconds), against `walkShare`, the share from which the
 * walk is the cheaper (each list's own: bench/results/issue-36-short-search.md). Chosen here rather than in the list's
 * statement, so that each path is a statement of its own, planned (and prepared) for that path alone.
 */
export async function shortNamePath(
  db: Executor,
  options: { from: PgTable; column: PgColumn; pattern: string; walkShare: number },
): Promise<ShortNamePath> {
  const sample = db.select({ name: options.column }).from(options.from).limit(SHORT_NAME_SAMPLE_ROWS).as('sample')
  const [row] = await db
    .select({ n: count() })
    .from(sample)
    .where(like(sql`lower(${sample.name})`, options.pattern))
  const matches = Number(row?.n ?? 0)
  if (matches >= Math.ceil(SHORT_NAME_SAMPLE_ROWS * options.walkShare)) return 'walk'
  return matches <= SHORT_NAME_SPARSE_SAMPLE_MATCHES ? 'sparse' : 'grams'
}

/**
 * The parts of a bounded list's statement (docs/api.md#lists), for a list in (`keys.order`, id) order (`listOrder`):
 * - `matches`, a CTE: the keys of at most `countLimit` matching rows, in no order, by whichever path finds them fastest
 *   (a rare name: the trigram index; a common one: any scan that stops at the limit);
 * - `total`: the rows in `matches`, for `toBoundedPage`;
 * - `page`: the page's keys. When `matches` holds every match (fewer than `countLimit`), the page is cut from it and the
 *   table is not searched again: a search for one business name reads the trigram index once. Otherwise the page
 *   walks the list's index in order and stops after the page. Each branch is gated by a one-time filter on the count,
 *   so only one runs.
 * The caller's statement starts `db.with(matches)` and joins `page` to the table for the page's rows.
 *
 * `shortName`: a one- or two-character name search on its `grams` or `sparse` path (`shortNamePath`). `where` holds its
 * LIKE; `others` the rest of `where`, without the name; `gram` the lower-cased fragment (a value or placeholder).
 * `matches` then reads `others` and `shortGramsContain(column, gram)`, the same rows as `where` (a fragment of one or
 * two characters is one of the grams of exactly the names that contain it), through the short-gram index; on `sparse`
 * the page past them too.
 */
export function boundedListParts(
  db: Executor,
  options: {
    keys: { id: PgColumn; order: PgColumn }
    from: PgTable
    where: SQL | undefined
    direction: typeof asc
    window: { limit: unknown; offset: unknown; countLimit: unknown }
    shortName?: { path: Exclude<ShortNamePath, 'walk'>; column: PgColumn; gram: unknown; others: SQL | undefined }
  },
) {
  const { keys, from, where, direction, window, shortName } = options
  const byGrams = shortName && and(shortName.others, shortGramsContain(shortName.column, shortName.gram))
  const matches = db.$with('matches').as(
    db
      .select({ id: keys.id, order: keys.order })
      .from(from)
      .where(byGrams ?? where)
      .limit(window.countLimit as number),
  )
  const counted = sql`(select count(*) from ${sql.identifier('matches')})`
  const fromMatches = db
    .select({ id: matches.id, order: matches.order })
    .from(matches)
    .where(sql`${counted} < ${window.countLimit}`)
    .orderBy(direction(matches.order), direction(matches.id))
    .limit(window.limit as number)
    .offset(window.offset as number)
  // `sparse`: the ids of every match, read once through the short-gram index (an uncorrelated subquery, run once as an
  // InitPlan), not the grams condition on an ordered scan, which the planner would evaluate row by row on a walk of the
  // list's index (12 s for "wh" at 1M businesses).
  const pageWhere =
    shortName?.path === 'sparse' ? sql`${keys.id} = any(array(select ${keys.id} from ${from} where ${byGrams}))` : where
  const fromTable = db
    .select({ id: keys.id, order: keys.order })
    .from(from)
    .where(and(pageWhere, sql`${counted} >= ${window.countLimit}`))
    .orderBy(direction(keys.order), direction(keys.id))
    .limit(window.limit as number)
    .offset(window.offset as number)
  const page = fromMatches.unionAll(fromTable).as('page')
  return { matches, page, total: sql<number>`${counted}`.mapWith(Number) }
}

/**
 * The order of a list (docs/api.md#lists): the `sort` the caller asked for, among `columns` (its sortable fields), or
 * the list's default. `by(id)` is the ORDER BY with the row id as the tie-breaker in the same direction, so that rows
 * with equal values keep one order from page to page. `shape` names the order for prepared statements.
 */
export function listOrder<F extends string, C extends AnyColumn | SQLWrapper>(
  sort: ListSort<F> | undefined,
  columns: Record<F, C>,
  fallback: ListSort<F>,
) {
  const chosen = sort ?? fallback
  const direction = chosen.desc ? desc : asc
  const column = columns[chosen.field]
  return {
    column,
    direction,
    shape: `${chosen.field},${chosen.desc ? 'desc' : 'asc'}`,
    by: (id: AnyColumn | SQLWrapper) => [direction(column), direction(id)],
  }
}

/**
 * One page of a list (docs/api.md#lists): the page's rows, then the count of all matching rows when the page does not
 * already tell it, then the rows shaped into the page's content.
 *
 * `rows` is the filtered, ordered select without its limit; `count` makes `select({ value: count() })` over the same
 * tables and `where` (a join may be left out of the count when it cannot change the number of rows). A page with
 * fewer rows than asked for that is the first page or holds a row is the list's end, so the total is its offset plus
 * its rows, and the count is not run (a business's own lists are almost always one short page: one statement, not two).
 */
export async function findPage<Row, Item>(options: {
  query: PageWindow
  rows: UnlimitedQuery<Row>
  count: () => PromiseLike<{ value: number }[]>
  content: (rows: Row[]) => Item[] | Promise<Item[]>
}): Promise<Page<Item>> {
  const { query } = options
  const offset = pageOffset(query)
  const rows = await options.rows.limit(query.pageSize).offset(offset)
  const endShown = rows.length < query.pageSize && (rows.length > 0 || offset === 0)
  const total = endShown ? offset + rows.length : ((await options.count())[0]?.value ?? 0)
  return toPage(await options.content(rows), total, query)
}
