/**
 * The floors of server/ where a lint zone cannot reach (docs/architecture.md#import-rules): no two modules import each
 * other, every unit sits on a floor, and the only upward arrows are the ones the architecture explains. The graph is
 * scripts/server-imports.ts's (TypeScript's resolver, type-only imports included), the same figures anyone reruns with
 * `npx tsx scripts/server-imports.ts`.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { measureServerImports, type ServerImports } from '@/scripts/server-imports'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The upward arrows docs/architecture.md#import-rules names, each with why. */
const EXPLAINED_UPWARD = ['auth -> http', 'auth -> lifecycle', 'crypto -> db']

describe('server/ floors (the import graph)', () => {
  let graph: ServerImports

  beforeAll(() => {
    graph = measureServerImports(projectRoot)
  }, 60_000)

  it('has no two modules importing each other', () => {
    expect(graph.modulePairs.map(({ from, to, files }) => ({ pair: `${from} <-> ${to}`, files }))).toEqual([])
  })

  it('puts every unit of server/ on a floor', () => {
    expect(graph.unknown).toEqual([])
  })

  it('has only the upward arrows the architecture explains', () => {
    const unexplained = graph.upward.filter(({ from, to }) => !EXPLAINED_UPWARD.includes(`${from} -> ${to}`))
    expect(unexplained.map(({ from, to, files }) => ({ arrow: `${from} -> ${to}`, files }))).toEqual([])
  })
})
