/**
 * Counts the second ways issue 35 set out to remove, so the figures in a note can be rerun on any tree:
 *
 *   npx tsx scripts/structure-counts.ts                 # this checkout
 *   npx tsx scripts/structure-counts.ts --root <dir>    # another tree, e.g. `git archive <commit> | tar -x -C <dir>`
 *   npx tsx scripts/structure-counts.ts --json
 *
 * Each row is one kind of thing, with how many places do it each way; "ways" counts the ways in use (the goal is 1,
 * or the exception named in docs/conventions.md). The module graph of server/ is measured by
 * scripts/server-imports.ts; this script counts what a regular expression over the source can see.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const SKIP = new Set(['node_modules', '.next', '.git', 'migrations', 'fixtures', 'coverage', 'test-results'])

function filesUnder(root: string, dir: string, pattern: RegExp): string[] {
  const full = path.join(root, dir)
  try {
    if (!statSync(full).isDirectory()) return []
  } catch {
    return []
  }
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name)
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : filesUnder(root, rel, pattern)
    return pattern.test(entry.name) ? [rel] : []
  })
}

const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.includes('__tests__/')

export interface Row {
  /** What is counted. */
  thing: string
  /** Places per way of doing it (or, with `definitions`, how many times one thing is defined: the goal is 1 each). */
  ways: Record<string, number>
  definitions?: true
}

export function measureStructure(root: string): Row[] {
  const read = (f: string) => readFileSync(path.join(root, f), 'utf8')
  const code = (dirs: string[]) => dirs.flatMap((d) => filesUnder(root, d, /\.tsx?$/))
  const client = code(['features', 'components', 'pages']).filter((f) => !isTest(f) && !f.startsWith('pages/api/'))
  const server = code(['server']).filter((f) => !isTest(f))
  const filesMatching = (files: string[], pattern: RegExp) => files.filter((f) => pattern.test(read(f))).length
  const occurrences = (files: string[], pattern: RegExp) =>
    files.reduce((n, f) => n + (read(f).match(new RegExp(pattern.source, 'g'))?.length ?? 0), 0)

  const forms = client.filter((f) => f !== 'components/ui/form.tsx')
  const handForms = forms.filter((f) =>
    [...read(f).matchAll(/<form\b[^>]*/g)].some(
      (m) => !/role="search"/.test(m[0]) && !/role="search"/.test(read(f).slice(m.index, m.index + 400)),
    ),
  )

  const mutationFiles = code(['features', 'components', 'lib'])
    .filter((f) => !isTest(f) && /useMutation\(/.test(read(f)))
    .map((f) => {
      if (/\/api\/[^/]+-calls\.ts$/.test(f)) return 'api/<noun>-calls.ts'
      if (/-queries\.ts$/.test(f)) return '<f>-queries.ts'
      if (/-mutations\.ts$/.test(f)) return '*-mutations.ts'
      if (/-actions\.tsx?$/.test(f)) return '*-actions.ts(x)'
      if (/\.tsx$/.test(f)) return 'a component'
      return 'another .ts'
    })

  const componentTests = code(['features', 'components', 'tests/components']).filter((f) => /\.test\.tsx?$/.test(f))
  const apiHelpers = code(['tests/api']).filter((f) => !/\.test\.ts$/.test(f))
  const definitionsOf = (name: string) =>
    occurrences(apiHelpers, new RegExp(`export (async )?function ${name}\\b|export const ${name}\\b`))

  const tally = (labels: string[]): Record<string, number> =>
    labels.reduce<Record<string, number>>((acc, l) => ({ ...acc, [l]: (acc[l] ?? 0) + 1 }), {})

  return [
    {
      thing: 'server: request body read by hand (parseBody / formData in server/modules)',
      ways: {
        'readBody / readMultipart': filesMatching(server, /\breadBody\(|\breadMultipart\(/),
        'by hand in a module': filesMatching(
          server.filter((f) => f.startsWith('server/modules/')),
          /\.parseBody\(|\.formData\(/,
        ),
      },
    },
    {
      thing: "server: PostgreSQL unique violation ('23505')",
      ways: {
        uniqueViolationOf: filesMatching(server, /\buniqueViolationOf\(/),
        "'23505' in a module": filesMatching(
          server.filter((f) => f !== 'server/db/errors.ts'),
          /'23505'/,
        ),
      },
    },
    {
      thing: 'server: a route handing its service the db',
      ways: {
        'serviceArgs / readArgs / publicArgs': occurrences(
          server.filter((f) => f.endsWith('routes.ts')),
          /\b(serviceArgs|readArgs|publicArgs)\(/,
        ),
        'getDb() in a route': occurrences(
          server.filter((f) => f.endsWith('routes.ts')),
          /\bgetDb\(\)/,
        ),
      },
    },
    {
      thing: 'client: forms',
      ways: {
        '<Form> (react-hook-form)': filesMatching(forms, /<Form\b/),
        'hand-built <form>': handForms.length,
      },
    },
    {
      thing: 'client: list paging',
      ways: {
        "useTableUrlState (a page's list) or useLocalPaging (a panel)": filesMatching(
          client.filter((f) => !/^components\/ui\/use-(table-url-state|local-paging)\.ts$/.test(f)),
          /\buse(TableUrlState|LocalPaging)\(/,
        ),
        'page in useState': filesMatching(
          client.filter((f) => f !== 'components/ui/use-local-paging.ts'),
          /\[\s*page(Number)?\s*,\s*setPage(Number)?\s*\]\s*=\s*useState/,
        ),
        'page read from the URL by hand': client.filter(
          (f) =>
            f !== 'components/ui/use-table-url-state.ts' &&
            /\buseUrlState\(/.test(read(f)) &&
            /\bquery\.\w*page|setQuery\(\{[^}]*page/i.test(read(f)),
        ).length,
      },
    },
    { thing: 'client: where a mutation hook lives', ways: tally(mutationFiles) },
    {
      thing: 'client: non-component .ts under features/<f>/components/',
      ways: {
        'features/<f>/model/': code(['features']).filter((f) => !isTest(f) && /^features\/[^/]+\/model\//.test(f)).length,
        'under components/': code(['features']).filter((f) => !isTest(f) && /^features\/[^/]+\/components\/.*\.ts$/.test(f))
          .length,
      },
    },
    {
      thing: 'client: path segments encoded',
      ways: {
        apiPath: filesMatching(client, /\bapiPath\b/),
        'encodeURIComponent / a segment helper': filesMatching(client, /encodeURIComponent\(|const segment\b/),
      },
    },
    {
      thing: 'client: formatBytes definitions',
      definitions: true,
      ways: { definitions: occurrences(code(['features', 'components', 'lib', 'server']), /function formatBytes\b/) },
    },
    {
      thing: 'client: barrel files (index.ts re-exporting a folder; lib/analytics/index.ts is a module)',
      definitions: true,
      ways: {
        barrels: code(['lib', 'components', 'features']).filter(
          (f) => /(^|\/)index\.tsx?$/.test(f) && f !== 'lib/analytics/index.ts',
        ).length,
      },
    },
    {
      thing: 'tests: component test homes',
      ways: tally(
        componentTests.map((f) =>
          f.startsWith('tests/components/') ? f.split('/').slice(0, -1).join('/') + '/' : '__tests__/ beside the code',
        ),
      ),
    },
    {
      thing: 'tests: next/router stubbed by hand',
      ways: {
        'tests/components/router-mock.ts': filesMatching(componentTests, /tests\/components\/router-mock/),
        'own stub': filesMatching(componentTests, /vi\.mock\('next\/router', \(\) => \(/),
      },
    },
    {
      thing: 'tests: API fixture definitions',
      definitions: true,
      ways: { ownerWithBusiness: definitionsOf('ownerWithBusiness'), uploadFile: definitionsOf('uploadFile') },
    },
  ]
}

function main() {
  const args = process.argv.slice(2)
  const rootAt = args.indexOf('--root')
  const root = path.resolve(rootAt >= 0 ? args[rootAt + 1]! : '.')
  const rows = measureStructure(root)
  if (args.includes('--json')) {
    console.log(JSON.stringify(rows, null, 2))
    return
  }
  for (const row of rows) {
    const inUse = Object.values(row.ways).filter((n) => n > 0).length
    const detail = Object.entries(row.ways)
      .map(([way, n]) => `${way} ${n}`)
      .join(', ')
    console.log(row.definitions ? `${row.thing}\n  ${detail}` : `${row.thing}\n  ways in use: ${inUse} (${detail})`)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main()
