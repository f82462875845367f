/**
 * Counts the import arrows between the parts of `server/`, resolved by TypeScript's own resolver (tsconfig paths,
 * `bundler` resolution), so anyone can rerun the figures quoted in docs/architecture.md#import-rules:
 *
 *   npx tsx scripts/server-imports.ts            # the counts and every mutual pair and upward arrow
 *   npx tsx scripts/server-imports.ts --json     # the same as JSON
 *   npx tsx scripts/server-imports.ts --root <dir>   # another tree, e.g. `git archive <commit> server tsconfig.json`
 *
 * A unit is a module (`modules/<name>`), a record (`records/<name>`), or another top-level folder or file of
 * `server/` (`http`, `db`, `app.ts`, …). Tests next to the code (`*.test.ts`) are left out. Type-only imports count
 * too (`import type` still ties one unit to the other's shape); `--runtime` leaves them out.
 *
 * - Mutual pairs: two units each importing the other.
 * - Upward arrows: an import from a unit to one on a higher floor (FLOORS below, the rule in
 *   docs/architecture.md#import-rules), plus, for each mutual pair of units on the same floor, the arrow against
 *   the direction of the other one (counted once per pair, so a pair is one upward arrow, not two).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'

/**
 * The floors of server/, bottom first. A unit may import its own floor's units and lower floors; mutual imports on
 * one floor are counted as upward arrows too. Units not listed are reported as unknown.
 */
const FLOORS: { name: string; units: (unit: string) => boolean }[] = [
  { name: 'base', units: (u) => ['db', 'crypto', 'data', 'logger.ts'].includes(u) },
  { name: 'edge', units: (u) => ['http', 'audit', 'auth', 'integrations', 'jobs', 'lifecycle'].includes(u) },
  { name: 'records', units: (u) => u === 'records' || u.startsWith('records/') },
  { name: 'modules', units: (u) => u.startsWith('modules/') },
  { name: 'entry', units: (u) => ['seed', 'bff', 'app.ts', 'main.ts'].includes(u) },
]

function floorOf(unit: string): number {
  return FLOORS.findIndex((f) => f.units(unit))
}

function unitOf(serverRoot: string, file: string): string | undefined {
  const rel = path.relative(serverRoot, file).split(path.sep)
  if (rel[0] === '..' || rel.length === 0) return undefined
  if ((rel[0] === 'modules' || rel[0] === 'records') && rel.length > 2) return `${rel[0]}/${rel[1]}`
  if (rel[0] === 'records' && rel.length === 2) return `records/${rel[1]!.replace(/\.ts$/, '')}`
  return rel[0]
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Every module specifier of a file, and whether it is type-only. */
function specifiers(file: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true)
  const found: { specifier: string; typeOnly: boolean }[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)))
      found.push({ specifier: node.moduleSpecifier.text, typeOnly })
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly })
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false })
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** An arrow between two units of server/. */
export interface Arrow {
  from: string
  to: string
  /** The imports behind it, `server/`-relative: "from-file -> to-file". */
  files: string[]
}

export interface ServerImports {
  /** Every arrow between two units. */
  arrows: Arrow[]
  /** Two modules (`modules/<name>`) importing each other: the arrow from the first name to the second. */
  modulePairs: Arrow[]
  /** Any two units importing each other. */
  mutualPairs: Arrow[]
  /** Imports of a higher floor, and one arrow per same-floor mutual pair. */
  upward: Arrow[]
  /** Units on no floor (a new top-level folder of server/ to place in FLOORS). */
  unknown: string[]
}

/** The import graph of `<root>/server` between units, resolved through `<root>/tsconfig.json`. */
export function measureServerImports(root: string, { runtimeOnly = false } = {}): ServerImports {
  const serverRoot = path.join(root, 'server')
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), (f) => ts.sys.readFile(f))
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root)

  /** unit -> unit -> the files behind the arrow ("from -> to"). */
  const graph = new Map<string, Map<string, Set<string>>>()
  for (const file of sourceFiles(serverRoot)) {
    const from = unitOf(serverRoot, file)
    if (!from) continue
    for (const { specifier, typeOnly } of specifiers(file)) {
      if (runtimeOnly && typeOnly) continue
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule
      if (!resolved || resolved.isExternalLibraryImport) continue
      const to = unitOf(serverRoot, resolved.resolvedFileName)
      if (!to || to === from) continue
      const targets = graph.get(from) ?? new Map<string, Set<string>>()
      graph.set(from, targets)
      const files = targets.get(to) ?? new Set<string>()
      targets.set(to, files)
      files.add(`${path.relative(serverRoot, file)} -> ${path.relative(serverRoot, resolved.resolvedFileName)}`)
    }
  }

  const filesOf = (from: string, to: string) => [...(graph.get(from)?.get(to) ?? [])].sort()
  const arrow = (from: string, to: string): Arrow => ({ from, to, files: filesOf(from, to) })
  const has = (a: string, b: string) => graph.get(a)?.has(b) ?? false
  const arrows = [...graph.entries()].flatMap(([from, targets]) => [...targets.keys()].map((to) => arrow(from, to)))
  const mutualPairs = arrows.filter(({ from, to }) => from < to && has(to, from))
  const modulePairs = mutualPairs.filter(({ from, to }) => from.startsWith('modules/') && to.startsWith('modules/'))
  const unknown = [...new Set(arrows.flatMap(({ from, to }) => [from, to]))].filter((u) => floorOf(u) < 0).sort()
  const upward = [
    ...arrows.filter(({ from, to }) => floorOf(to) > floorOf(from)),
    // One arrow per same-floor pair: the one with fewer files behind it (the one to turn round).
    ...mutualPairs
      .filter(({ from, to }) => floorOf(from) === floorOf(to))
      .map(({ from, to }) => (filesOf(from, to).length <= filesOf(to, from).length ? arrow(from, to) : arrow(to, from))),
  ]
  return { arrows, modulePairs, mutualPairs, upward, unknown }
}

function main(argv: string[]) {
  const args = new Set(argv)
  /** `--root <dir>`: another checkout's tree (e.g. a commit unpacked with `git archive`), for before/after figures. */
  const rootArg = argv.indexOf('--root')
  const root = rootArg >= 0 ? path.resolve(argv[rootArg + 1]!) : path.resolve(import.meta.dirname, '..')
  const runtimeOnly = args.has('--runtime')
  const { arrows, modulePairs, mutualPairs, upward, unknown } = measureServerImports(root, { runtimeOnly })
  if (args.has('--json')) {
    console.log(JSON.stringify({ runtimeOnly, modulePairs, mutualPairs, upward, unknown }, null, 2))
    return
  }
  console.log(`server/ import graph${runtimeOnly ? ' (runtime imports only)' : ''}: ${arrows.length} arrows between units`)
  console.log(`module pairs importing each other: ${modulePairs.length}`)
  console.log(`mutual pairs of any units: ${mutualPairs.length}`)
  for (const pair of mutualPairs) console.log(`  ${pair.from} <-> ${pair.to}`)
  console.log(`upward arrows: ${upward.length}`)
  for (const { from, to, files } of upward) {
    console.log(`  ${from} -> ${to} (${files.length}: ${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''})`)
  }
  if (unknown.length) console.log(`units on no floor: ${unknown.join(', ')}`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2))
