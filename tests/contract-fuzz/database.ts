import pg from 'pg'
import type { IdSource } from './inputs'

/**
 * Tables a refused (4xx) request may legitimately write to, from server/db/schema:
 * - audits.ts: the audit log records refusals on purpose (every sign-in attempt, failed ones included).
 * - login-attempts.ts: per-account throttling counts failed sign-ins; that is its job.
 * - sessions.ts: sign-in, token refresh and sign-out write here; the fuzzer itself signs in again when a fuzzed
 *   logout (a 2xx) ended one of its sessions.
 */
export const UNCHECKED_TABLES: Record<string, string> = {
  audits: 'audit log: refusals are audited by design',
  login_attempts: 'sign-in throttle: failed attempts are counted by design',
  sessions: 'session records: sign-in, refresh and sign-out',
}

/**
 * Columns a refused request may change: account-tokens.ts `attempts` counts wrong password-reset codes (a wrong
 * code is a 400 that must count, or the 5-guess limit would not hold). The rest of the row is still checked.
 */
export const UNCHECKED_COLUMNS: Record<string, string[]> = {
  account_tokens: ['attempts'],
}

/**
 * Rows a refused request may add, by a condition on the row; every other row of the table is still checked. A failed
 * sign-in with an address that has no account seals that address in its audit row under a key of the address's own
 * (append-audit.ts `emailSubject`), made with the audit row; the keys of people and accounts stay checked.
 */
export const UNCHECKED_ROWS: Record<string, { where: string; why: string }> = {
  subject_keys: {
    where: `subject_kind = 'email'`,
    why: "keys of addresses without an account, made with a failed sign-in's audit row",
  },
}

export type Snapshot = Map<string, { rows: number; checksum: string }>

/** A fresh database on the server the admin URL names; `drop` removes it (forcing other connections off). */
export async function createScratchDatabase(adminUrl: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `kyc_fuzz_${Date.now()}_${process.pid}`
  await adminQuery(adminUrl, `create database "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    drop: async () => {
      try {
        await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`)
      } catch {
        await adminQuery(adminUrl, `drop database if exists "${name}"`) // PostgreSQL < 13
      }
    },
  }
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end().catch(() => undefined)
  }
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`

/** Row counts and an md5 of every checked table's rows (as JSON, ordered by primary key), in one statement. */
export class DataWatch {
  private constructor(
    private readonly client: pg.Client,
    private readonly statement: string,
    readonly checkedTables: string[],
  ) {}

  static async open(url: string): Promise<DataWatch> {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const { rows: tables } = await client.query<{ name: string; pk: string[] | null }>(`
      select c.relname as name,
        (select array_agg(a.attname::text order by k.ord)
           from pg_index i
           cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
           join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
          where i.indrelid = c.oid and i.indisprimary) as pk
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname`)
    const names = new Set(tables.map((t) => t.name))
    for (const table of [...Object.keys(UNCHECKED_TABLES), ...Object.keys(UNCHECKED_COLUMNS), ...Object.keys(UNCHECKED_ROWS)]) {
      // A renamed table must not silently widen (or narrow) what is checked.
      if (!names.has(table)) throw new Error(`the exclusion list names table ${table}, which the database does not have`)
    }
    const checked = tables.filter((t) => !(t.name in UNCHECKED_TABLES))
    const parts = checked.map((t) => {
      const dropped = UNCHECKED_COLUMNS[t.name] ?? []
      const row = dropped.length
        ? `(to_jsonb(x) - array[${dropped.map((c) => `'${c}'`).join(',')}]::text[])::text`
        : 'to_jsonb(x)::text'
      const order = t.pk?.length ? t.pk.map((c) => `x.${quote(c)}`).join(', ') : row
      const rows = UNCHECKED_ROWS[t.name] ? ` where not (${UNCHECKED_ROWS[t.name]!.where})` : ''
      return `select '${t.name}' as name, count(*)::int as rows, md5(coalesce(string_agg(${row}, E'\\n' order by ${order}), '')) as checksum from ${quote(t.name)} x${rows}`
    })
    return new DataWatch(
      client,
      parts.join('\nunion all\n'),
      checked.map((t) => t.name),
    )
  }

  async snapshot(): Promise<Snapshot> {
    const { rows } = await this.client.query<{ name: string; rows: number; checksum: string }>(this.statement)
    return new Map(rows.map((r) => [r.name, { rows: r.rows, checksum: r.checksum }]))
  }

  async query<T extends pg.QueryResultRow>(text: string, values?: unknown[]) {
    return (await this.client.query<T>(text, values)).rows
  }

  close() {
    return this.client.end()
  }
}

/** The tables whose rows differ between two snapshots, with their row counts. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const changes: string[] = []
  for (const [name, now] of after) {
    const then = before.get(name)
    if (!then || then.checksum !== now.checksum) changes.push(`${name} (rows ${then?.rows ?? 0} -> ${now.rows})`)
  }
  return changes
}

const splitWords = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

/**
 * Real ids from every table with a uuid `id`, split into the owner identity's businesses (`own`) and the others
 * (`foreign`) through the row's business_id (or its KYC details' business). A context such as
 * [`kyc`, `addresses`, `id`] or [`kyc`, `shareholders`, `parentShareholderId`] picks the table by name.
 */
export async function idsFromDatabase(watch: DataWatch, ownBusinessIds: string[], perSide = 40): Promise<IdSource> {
  const columns = await watch.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns where table_schema = 'public' and column_name in ('id', 'business_id', 'kyc_details_id') and table_name not in (${Object.keys(
      UNCHECKED_TABLES,
    )
      .map((t) => `'${t}'`)
      .join(',')})`,
  )
  const byTable = new Map<string, Set<string>>()
  for (const c of columns) byTable.set(c.table_name, (byTable.get(c.table_name) ?? new Set()).add(c.column_name))
  const pools = new Map<string, { own: string[]; foreign: string[] }>()
  for (const [table, cols] of byTable) {
    if (!cols.has('id')) continue
    const business = cols.has('business_id')
      ? 'x.business_id'
      : cols.has('kyc_details_id')
        ? '(select d.business_id from kyc_details d where d.id = x.kyc_details_id)'
        : table === 'businesses'
          ? 'x.id'
          : null
    const rows = await watch.query<{ id: string; own: boolean | null }>(
      `select x.id::text as id, ${business ? `${business} = any($1::uuid[])` : '$1::uuid[] is null'} as own from ${quote(table)} x order by x.id`,
      [business ? ownBusinessIds : null],
    )
    if (!rows.length) continue
    pools.set(table, {
      own: rows
        .filter((r) => r.own !== false)
        .slice(0, perSide)
        .map((r) => r.id),
      foreign: rows
        .filter((r) => r.own === false)
        .slice(0, perSide)
        .map((r) => r.id),
    })
  }
  const all = [...pools.values()].flatMap((p) => [...p.own.slice(0, 5), ...p.foreign.slice(0, 5)])
  const tableFor = (word: string): string | undefined => {
    const candidates = [word, `${word}s`, `${word}es`, `kyc_${word}`, `kyc_${word}s`, `kyc_${word}es`, word.replace(/s$/, '')]
    return candidates.find((c) => pools.has(c)) ?? [...pools.keys()].find((t) => t.startsWith(`${word}_`))
  }
  return {
    all,
    idsFor(context) {
      for (let i = context.length - 1; i >= 0; i--) {
        const words = splitWords(context[i]!).filter((w) => w !== 'id' && w !== 'ids')
        // The longest suffix first: parentShareholderId tries parent_shareholder, then shareholder.
        for (let start = 0; start < words.length; start++) {
          const table = tableFor(words.slice(start).join('_'))
          if (table) return pools.get(table)!
        }
      }
      return { own: all, foreign: [] }
    },
  }
}

/** Without database access: every uuid the identities can read from the list calls, with no idea which is whose. */
export function idsFromAnswers(seen: Set<string>): IdSource {
  const all = [...seen].slice(0, 200)
  return { all, idsFor: () => ({ own: all, foreign: [] }) }
}
