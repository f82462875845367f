import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The screens that render with their page (server-rendered, their chunks in the page's first load) must not reach zod
 * through their static imports: evaluating zod and building schemas is a long task on a phone (docs/architecture.md#first-paint).
 * Forms load their schemas lazily (lazyZodResolver) and plain rules live in the contracts' `*-values.ts` files.
 */
const ROOT = resolve(__dirname, '../..')
const SCREENS_RENDERED_WITH_THEIR_PAGE = [
  'features/approvals/components/business-preview.tsx',
  'features/businesses/components/dashboard-screen.tsx',
  'features/businesses/components/dashboard-sections.tsx',
  'features/kyc/components/kyc-stepper-screen.tsx',
  'features/admin-businesses/components/admin-business-list.tsx',
  'features/reports/components/business-charts.tsx',
  'pages/_app.tsx',
  'pages/auth/login.tsx',
]

const IMPORT = /^(?:import|export)\s+(type\s+)?(?:([^'"]*?)\s+from\s+)?['"]([^'"]+)['"]/gm

function resolveModule(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? join(ROOT, specifier.slice(2))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null
  if (!base) return null
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  return null
}

/** Each package a module reaches by value imports (not `import type`, not `import()`), with the chain that reaches it. */
function packagesReached(entry: string): Map<string, string[]> {
  const parent = new Map<string, string | null>([[entry, null]])
  const reached = new Map<string, string[]>()
  const chainOf = (file: string) => {
    const chain: string[] = []
    for (let f: string | null | undefined = file; f; f = parent.get(f)) chain.push(relative(ROOT, f))
    return chain
  }
  for (const queue = [entry]; queue.length > 0;) {
    const file = queue.shift()!
    for (const [, typeOnly, names, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (typeOnly || (names && /^\{(\s*type\s+[\w$]+(\s+as\s+[\w$]+)?\s*,?)*\s*\}$/.test(names.trim()))) continue
      if (specifier!.endsWith('.css')) continue
      const target = resolveModule(file, specifier!)
      if (!target) {
        if (!specifier!.startsWith('.') && !specifier!.startsWith('@/') && !reached.has(specifier!))
          reached.set(specifier!, chainOf(file))
        continue
      }
      if (target.includes('/server/') || parent.has(target)) continue
      parent.set(target, file)
      queue.push(target)
    }
  }
  return reached
}

describe('first paint imports', () => {
  it.each(SCREENS_RENDERED_WITH_THEIR_PAGE)('%s does not reach zod', (screen) => {
    const reached = packagesReached(join(ROOT, screen))
    const zod = [...reached].filter(([name]) => name === 'zod' || name.startsWith('zod/'))
    expect(zod.map(([name, chain]) => `${name} <= ${chain.join(' <= ')}`)).toEqual([])
  })

  it('finds zod where a screen does import it (the check can fail)', () => {
    const reached = packagesReached(join(ROOT, 'lib/contracts/registry-check.ts'))
    expect(reached.has('zod')).toBe(true)
  })
})
