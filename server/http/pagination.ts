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
 * A one- or two-character name search (`boundedListParts`' `shortName`) first counts its matches among this many rows
 * of the table, to choose between walking the list's index and reading the short-gram index.
 */
export const SHORT_NAME_SAMPLE_ROWS = 2000
/**
 * A one- or two-character fragment found in at most this many sampled rows (about 0.1% of the table or less) that
 * still has more matches than the list counts takes its page from the short-gram index, sorted, rather than from the
 * walk, which would read some hundred thousand rows to find a page of such sparse matches.
 */
export const SHORT_NAME_SPARSE_SAMPLE_MATCHES = 2

/**
 * The parts of a bounded list's statement (docs/api.md#lists), for a list in (`keys.order`, id) order (`listOrder`):
 * - `matches`, a CTE: the keys of at most `countLimit` matching rows, in no order, by whichever path finds them fastest
 *   (a rare name: the trigram index; a common one: any scan that stops at the limit);
 * - `total`: the rows in `matches`, for `toBoundedPage`;
 * - `page`: the page's keys. When `matches` holds every match (fewer than `countLimit`), the page is cut from it and the
 *   table is not searched again: a search for one business name reads the trigram index once. Otherwise the page
 *   walks the list's index in order and stops after the page. Each branch is gated by a one-time filter on the count,
 *   so only one runs.
 * - `ctes`: what the caller's statement starts with (`db.with(...ctes)`); it joins `page` to the table for the page's
 *   rows.
 *
 * `shortName`: the name search is one or two characters (`shortFragment`), which no trigram serves. `where` holds its
 * LIKE (`pattern`, the bound parameter); `others` the rest of `where`, without the name; `gram` the lower-cased
 * fragment. `others` with `shortGramsContain(column, gram)` is the same filter as `where` (a fragment of one or two
 * characters is one of the grams of exactly the names that contain it). A CTE first counts the LIKE's matches among `SHORT_NAME_SAMPLE_ROWS` rows of the table: a
 * fragment in at least `walkShare` of them ("a", "e") fills `matches` by the walk, as any other search does, and
 * finds them within a few thousand rows; a rarer one ("x", "q", "qx") reads them from the short-gram index instead of
 * walking (up to) the whole table, 0.5–0.8 s at 1M businesses (bench/results/issue-36-short-search.md). The page is
 * cut or walked as above, except for a fragment so rare in the sample (`SHORT_NAME_SPARSE_SAMPLE_MATCHES`) that the
 * walk would read far for a page: its page is the short-gram index's rows, sorted.
 */
export function boundedListParts(
  db: Executor,
  options: {
    keys: { id: PgColumn; order: PgColumn }
    from: PgTable
    where: SQL | undefined
    direction: typeof asc
    window: { limit: unknown; offset: unknown; countLimit: unknown }
    shortName?: { column: PgColumn; pattern: unknown; gram: unknown; others: SQL | undefined; walkShare: number }
  },
) {
  const { keys, from, where, direction, window, shortName } = options
  const matchesWhere = (condition: SQL | undefined) =>
    db
      .select({ id: keys.id, order: keys.order })
      .from(from)
      .where(condition)
      .limit(window.countLimit as number)
  let probe: ReturnType<typeof shortNameSample> | undefined
  let matches
  if (shortName) {
    probe = shortNameSample(db, from, shortName)
    const sampled = sql`(select ${sql.identifier('n')} from ${sql.identifier('short_name_sample')})`
    const dense = sql`${sampled} >= ${Math.ceil(SHORT_NAME_SAMPLE_ROWS * shortName.walkShare)}`
    matches = db
      .$with('matches')
      .as(
        matchesWhere(and(where, dense)).unionAll(
          matchesWhere(and(shortName.others, shortGramsContain(shortName.column, shortName.gram), sql`not ${dense}`)),
        ),
      )
  } else {
    matches = db.$with('matches').as(matchesWhere(where))
  }
  const counted = sql`(select count(*) from ${sql.identifier('matches')})`
  const fromMatches = db
    .select({ id: matches.id, order: matches.order })
    .from(matches)
    .where(sql`${counted} < ${window.countLimit}`)
    .orderBy(direction(matches.order), direction(matches.id))
    .limit(window.limit as number)
    .offset(window.offset as number)
  const fromTable = (condition: SQL | undefined) =>
    db
      .select({ id: keys.id, order: keys.order })
      .from(from)
      .where(and(condition, sql`${counted} >= ${window.countLimit}`))
      .orderBy(direction(keys.order), direction(keys.id))
      .limit(window.limit as number)
      .offset(window.offset as number)
  let page
  if (shortName) {
    // The ids of every match, read once through the short-gram index (an uncorrelated subquery: PostgreSQL runs it
    // once, as an InitPlan), not the grams condition on the ordered scan, which the planner would evaluate row by row
    // on a walk of the list's index (12 s for "wh" at 1M businesses).
    const sparseIds = sql`array(select ${keys.id} from ${from} where ${and(shortName.others, shortGramsContain(shortName.column, shortName.gram))})`
    const sparse = sql`(select ${sql.identifier('n')} from ${sql.identifier('short_name_sample')}) <= ${SHORT_NAME_SPARSE_SAMPLE_MATCHES}`
    page = fromMatches
      .unionAll(fromTable(and(where, sql`not ${sparse}`)))
      .unionAll(fromTable(and(sql`${keys.id} = any(${sparseIds})`, sparse)))
      .as('page')
  } else {
    page = fromMatches.unionAll(fromTable(where)).as('page')
  }
  return {
    matches,
    ctes: probe ? ([probe, matches] as const) : ([matches] as const),
    page,
    total: sql<number>`${counted}`.mapWith(Number),
  }
}

/** `short_name_sample`: how many of `SHORT_NAME_SAMPLE_ROWS` rows of the table match the name search's LIKE. */
function shortNameSample(db: Executor, from: PgTable, shortName: { column: PgColumn; pattern: unknown }) {
  const sample = db.select({ name: shortName.column }).from(from).limit(SHORT_NAME_SAMPLE_ROWS).as('sample')
  return db.$with('short_name_sample').as(
    db
      .select({ n: count().as('n') })
      .from(sample)
      .where(like(sql`lower(${sample.name})`, shortName.pattern as string)),
  )
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
 * One page of a list (docs/api.md#lists): the page's rows and the count of all matching rows, read together, then the
 * rows shaped into the page's content.
 *
 * `rows` is the filtered, ordered select without its limit; `count` is `select({ value: count() })` over the same
 * tables and `where` (a join may be left out of the count when it cannot change the number of rows).
 */
export async function findPage<Row, Item>(options: {
  query: PageWindow
  rows: UnlimitedQuery<Row>
  count: PromiseLike<{ value: number }[]>
  content: (rows: Row[]) => Item[] | Promise<Item[]>
}): Promise<Page<Item>> {
  const { query } = options
  const [rows, [total]] = await Promise.all([options.rows.limit(query.pageSize).offset(pageOffset(query)), options.count])
  return toPage(await options.content(rows), total?.value ?? 0, query)
}
