/**
 * Proves the import boundaries of eslint.config.mjs: the project's own `createConfig` is applied to
 * tests/fixtures/lint-boundaries, a miniature of the app's layout with deliberate violations, and every file's
 * problems are compared with what the architecture says. The real config on the real tree is `npm run lint` (the README's
 * test command and CI run it; linting the tree here too ran the same 55 CPU-seconds twice).
 */
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ESLint, type Linter } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const fixtureRoot = path.join(projectRoot, 'tests/fixtures/lint-boundaries')

interface ConfigModule {
  default: Linter.Config[]
  createConfig: (root: string) => Linter.Config[]
}

/** A non-literal specifier: the config is plain JavaScript, loaded the way ESLint loads it. */
async function loadConfigModule(): Promise<ConfigModule> {
  return (await import(pathToFileURL(path.join(projectRoot, 'eslint.config.mjs')).href)) as ConfigModule
}

interface Problem {
  ruleId: string | null
  line: number
  message: string
}

/**
 * Every file of the fixture and the rules it must break (an empty list: the file must lint clean).
 * A file added to the fixture without an entry here fails the test.
 */
const EXPECTED: Record<string, string[]> = {
  // features -> lib, components, own feature: allowed
  'features/alpha/components/alpha-card.tsx': [],
  'features/alpha/api/endpoint.ts': [],
  'features/alpha/schemas/alpha.ts': [],
  'features/beta/schemas/beta.ts': [],
  // features -> server, another feature, pages: forbidden
  'features/alpha/api/uses-server.ts': ['import/no-restricted-paths'],
  'features/alpha/api/uses-beta.ts': ['import/no-restricted-paths'],
  'features/alpha/api/uses-beta-relative.ts': ['import/no-restricted-paths'],
  'features/beta/api/uses-alpha.ts': ['import/no-restricted-paths'],
  'features/alpha/components/uses-page.tsx': ['import/no-restricted-paths'],
  'features/alpha/api/reads-env.ts': ['no-restricted-properties'],
  // components
  'components/ui/button.tsx': [],
  'components/ui/uses-feature.tsx': ['import/no-restricted-paths'],
  'components/layouts/uses-page.tsx': ['import/no-restricted-paths'],
  // lib
  'lib/config/env.ts': [],
  'lib/config/public.ts': [],
  'lib/contracts/widget.ts': [],
  'lib/format/money.ts': [],
  'lib/http/client.ts': [],
  'lib/session/keys.ts': [],
  'lib/session/cookie.ts': [],
  'lib/format/uses-feature.ts': ['import/no-restricted-paths'],
  'lib/http/uses-server.ts': ['import/no-restricted-paths'],
  'lib/http/uses-component.ts': ['import/no-restricted-paths'],
  'lib/cycle/cycle-a.ts': ['import/no-cycle'],
  'lib/cycle/cycle-b.ts': ['import/no-cycle'],
  // pages
  'pages/index.tsx': [],
  'pages/api/v1/[[...path]].ts': [],
  'pages/uses-server.tsx': ['import/no-restricted-paths'],
  'pages/s/uses-server.tsx': ['import/no-restricted-paths'],
  'pages/s/uses-page-answers.tsx': [],
  // server
  'server/app.ts': [],
  'server/bff/page-session.ts': [],
  'server/bff/page-answers.ts': [],
  'server/db/client.ts': [],
  'server/db/uses-module.ts': ['import/no-restricted-paths'],
  'server/seed/demo-widgets.ts': [],
  'server/modules/widgets/uses-seed.ts': ['import/no-restricted-paths'],
  'server/modules/widgets/update-one.ts': [],
  'server/modules/widgets/update-all.ts': ['drizzle/enforce-update-with-where', 'drizzle/enforce-delete-with-where'],
  'server/records/widget-record.ts': [],
  'server/records/uses-module.ts': ['import/no-restricted-paths'],
  'server/http/uses-record.ts': ['import/no-restricted-paths'],
  'server/modules/widgets/uses-record.ts': [],
  'server/modules/widgets/uses-sqlstate.ts': ['no-restricted-syntax'],
  'server/db/errors.ts': [],
  'server/modules/authorizations/registry.ts': [],
  'server/modules/authorizations/uses-domain.ts': ['import/no-restricted-paths'],
  'server/modules/gadgets/gadget-kinds.ts': [],
  'server/uses-feature.ts': ['import/no-restricted-paths'],
  'server/uses-lib-http.ts': ['import/no-restricted-paths'],
  'server/uses-lib-session-other.ts': ['import/no-restricted-paths'],
  // everything else
  'proxy.ts': ['import/no-restricted-paths'],
  'scripts/seed.ts': [],
  'tests/helper.ts': [],
}

describe('import boundaries (fixture tree, project rules)', () => {
  const problems = new Map<string, Problem[]>()

  beforeAll(async () => {
    const { createConfig } = await loadConfigModule()
    const eslint = new ESLint({ cwd: fixtureRoot, overrideConfigFile: true, overrideConfig: createConfig(fixtureRoot) })
    for (const result of await eslint.lintFiles(['.'])) {
      const file = path.relative(fixtureRoot, result.filePath).split(path.sep).join('/')
      problems.set(
        file,
        result.messages.map(({ ruleId, line, message }) => ({ ruleId, line, message })),
      )
    }
  }, 60_000)

  /** The problems of one fixture file, checking the file was linted at all. */
  function problemsOf(file: string): Problem[] {
    const found = problems.get(file)
    if (!found) throw new Error(`${file} was not linted (linted: ${[...problems.keys()].join(', ')})`)
    return found
  }

  function rulesOf(file: string): string[] {
    return problemsOf(file).map((p) => p.ruleId ?? `(no rule) ${p.message}`)
  }

  it('lints exactly the fixture files listed in the expectations', () => {
    expect([...problems.keys()].sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  it.each(Object.entries(EXPECTED))('%s reports %j', (file, rules) => {
    expect(rulesOf(file).sort()).toEqual([...rules].sort())
  })

  it('reports a feature importing server/ as an import/no-restricted-paths error', () => {
    const [problem] = problemsOf('features/alpha/api/uses-server.ts')
    expect(problem).toMatchObject({ ruleId: 'import/no-restricted-paths', line: 2 })
    expect(problem?.message).toContain('"@/server/db/client"')
    expect(problem?.message).toContain('only pages/api, scripts, bench, tests and e2e import it')
  })

  it('reports a feature importing another feature, by alias or relative path, in either direction', () => {
    for (const file of ['features/alpha/api/uses-beta.ts', 'features/alpha/api/uses-beta-relative.ts']) {
      expect(problemsOf(file)[0]?.message).toContain('features/alpha must not import another feature')
    }
    expect(problemsOf('features/beta/api/uses-alpha.ts')[0]?.message).toContain('features/beta must not import another feature')
  })

  it('reports lib importing a feature and components importing a feature', () => {
    expect(problemsOf('lib/format/uses-feature.ts')[0]?.message).toContain('lib/ is the bottom layer')
    expect(problemsOf('components/ui/uses-feature.tsx')[0]?.message).toContain('components/ are feature-agnostic')
  })

  it('lets proxy.ts import the page session check from server/bff, and nothing else from server/', () => {
    const found = problemsOf('proxy.ts')
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ ruleId: 'import/no-restricted-paths', line: 2 })
    expect(found[0]?.message).toContain('proxy.ts may import only server/bff/page-session')
  })

  it('lets a feature import lib, components and itself', () => {
    expect(problemsOf('features/alpha/components/alpha-card.tsx')).toEqual([])
  })

  it('lets pages/api import server/ but not a page', () => {
    expect(problemsOf('pages/api/v1/[[...path]].ts')).toEqual([])
    expect(problemsOf('pages/uses-server.tsx')[0]?.message).toContain('"@/server/db/client"')
    expect(problemsOf('pages/s/uses-server.tsx')[0]?.message).toContain('"@/server/app"')
  })

  it('keeps server/ to the isomorphic parts of lib', () => {
    expect(problemsOf('server/app.ts')).toEqual([])
    expect(problemsOf('server/uses-lib-http.ts')[0]?.message).toContain('the rest of lib/ is browser code')
  })

  it('keeps server/db below the services, and the seed above the modules', () => {
    expect(problemsOf('server/db/uses-module.ts')).toEqual([
      expect.objectContaining({ ruleId: 'import/no-restricted-paths', line: 2 }),
    ])
    expect(problemsOf('server/db/uses-module.ts')[0]?.message).toContain(
      'server/db/ (schema, client, query helpers) must not import',
    )
    expect(problemsOf('server/seed/demo-widgets.ts')).toEqual([])
    expect(problemsOf('server/modules/widgets/uses-seed.ts')[0]?.message).toContain('server/seed/ composes services')
  })

  it('keeps the floors of server/: modules -> records -> the edge (http, auth, …) -> db, never upward', () => {
    expect(problemsOf('server/records/widget-record.ts')).toEqual([])
    expect(problemsOf('server/modules/widgets/uses-record.ts')).toEqual([])
    expect(problemsOf('server/records/uses-module.ts')).toEqual([
      expect.objectContaining({ ruleId: 'import/no-restricted-paths', line: 2 }),
    ])
    expect(problemsOf('server/records/uses-module.ts')[0]?.message).toContain('server/records/ sits below the modules')
    expect(problemsOf('server/http/uses-record.ts')).toEqual([
      expect.objectContaining({ ruleId: 'import/no-restricted-paths', line: 2 }),
    ])
    expect(problemsOf('server/http/uses-record.ts')[0]?.message).toContain('sit below the records and the modules')
  })

  it('keeps authorizations from importing a domain: the domain registers its kinds with it', () => {
    expect(problemsOf('server/modules/gadgets/gadget-kinds.ts')).toEqual([])
    expect(problemsOf('server/modules/authorizations/registry.ts')).toEqual([])
    expect(problemsOf('server/modules/authorizations/uses-domain.ts')).toEqual([
      expect.objectContaining({ ruleId: 'import/no-restricted-paths', line: 2 }),
    ])
    expect(problemsOf('server/modules/authorizations/uses-domain.ts')[0]?.message).toContain(
      'server/modules/authorizations imports no domain module',
    )
  })

  it('reads PostgreSQL error codes only in server/db/errors.ts (uniqueViolationOf)', () => {
    expect(problemsOf('server/db/errors.ts')).toEqual([])
    expect(problemsOf('server/modules/widgets/uses-sqlstate.ts')).toEqual([
      expect.objectContaining({ ruleId: 'no-restricted-syntax', line: 2 }),
    ])
    expect(problemsOf('server/modules/widgets/uses-sqlstate.ts')[0]?.message).toContain('uniqueViolationOf')
  })

  it('reports a dependency cycle with import/no-cycle', () => {
    expect(problemsOf('lib/cycle/cycle-a.ts')).toEqual([expect.objectContaining({ ruleId: 'import/no-cycle', line: 2 })])
  })

  it('reports drizzle update and delete without where, on db and tx', () => {
    expect(problemsOf('server/modules/widgets/update-all.ts')).toEqual([
      expect.objectContaining({ ruleId: 'drizzle/enforce-update-with-where', line: 5 }),
      expect.objectContaining({ ruleId: 'drizzle/enforce-delete-with-where', line: 9 }),
    ])
    expect(problemsOf('server/modules/widgets/update-one.ts')).toEqual([])
  })
})

describe('the project configuration', () => {
  it('loads and configures the boundary rules for project files', async () => {
    const { default: config } = await loadConfigModule()
    expect(Array.isArray(config)).toBe(true)
    const eslint = new ESLint({ cwd: projectRoot })
    const forFeature = (await eslint.calculateConfigForFile(path.join(projectRoot, 'features/any/file.ts'))) as Linter.Config
    const rules = forFeature.rules ?? {}
    for (const rule of [
      'import/no-restricted-paths',
      'import/no-cycle',
      'drizzle/enforce-update-with-where',
      'drizzle/enforce-delete-with-where',
      'no-restricted-properties',
      '@typescript-eslint/no-unused-vars',
    ]) {
      expect([rule, rules[rule]]).toEqual([rule, expect.arrayContaining([2])])
    }
    expect(await eslint.isPathIgnored(path.join(fixtureRoot, 'features/alpha/api/uses-server.ts'))).toBe(true)
  })
})
