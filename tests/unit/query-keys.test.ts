// @vitest-environment jsdom
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { AxiosAdapter } from 'axios'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiClient } from '@/lib/http/client'
import { businessReads } from '@/lib/query/shared-queries'

/**
 * One cache entry per endpoint: every query-key factory (each feature's `api/*-queries.ts` and the shared reads of
 * lib/query/shared-queries.ts) is called with placeholder arguments, its query function run against a recording
 * adapter, and the endpoint it reads paired with the key it writes. An endpoint read under two keys would be two
 * cache entries that drift apart (one refreshed, the other stale).
 */
const factoryModules = import.meta.glob(['/features/*/api/*-queries.ts', '/lib/query/shared-queries.ts'], { eager: true })

const ARGS = ['ARG0', 'ARG1', 'ARG2'] as const
const placeholders = (text: string) => ARGS.reduce((out, arg, i) => out.split(arg).join(`{${i}}`), text)

interface Read {
  factory: string
  endpoint: string
  /** The key without its trailing arguments (ids, filters): the entry a screen derives options from keeps it. */
  family: string
}

const isArgument = (part: unknown) => typeof part === 'object' || (typeof part === 'string' && /^\{\d\}$/.test(part))
function familyOf(key: readonly unknown[]): string {
  const parts = JSON.parse(placeholders(JSON.stringify(key))) as unknown[]
  while (parts.length && isArgument(parts.at(-1))) parts.pop()
  return JSON.stringify(parts)
}

const seenUrls: string[] = []
const recordingAdapter: AxiosAdapter = async (config) => {
  seenUrls.push(config.url ?? '')
  return { status: 200, statusText: 'OK', data: [], headers: {}, config, request: {} }
}

async function collectReads(): Promise<Read[]> {
  const reads: Read[] = []
  for (const [file, module] of Object.entries(factoryModules)) {
    for (const [exportName, factory] of Object.entries(module as Record<string, unknown>)) {
      if (!factory || typeof factory !== 'object') continue
      for (const [entry, build] of Object.entries(factory as Record<string, unknown>)) {
        if (typeof build !== 'function') continue
        const options = (build as (...args: unknown[]) => unknown)(...ARGS) as {
          queryKey?: readonly unknown[]
          queryFn?: (context: unknown) => unknown
        }
        if (!options || typeof options.queryFn !== 'function' || !options.queryKey) continue
        seenUrls.length = 0
        try {
          await options.queryFn({ queryKey: options.queryKey, signal: new AbortController().signal, meta: undefined })
        } catch {
          // The placeholder answer may not fit what the function makes of it; the request has been recorded.
        }
        expect(seenUrls, `${file} ${exportName}.${entry} reads one endpoint`).toHaveLength(1)
        const endpoint = placeholders(seenUrls[0]!.split('?')[0]!)
          .replace(/\{\d\}/g, '{}')
          .replace(/^https?:\/\/[^/]+/, '')
        reads.push({ factory: `${exportName}.${entry}`, endpoint, family: familyOf(options.queryKey) })
      }
    }
  }
  return reads
}

let reads: Read[] = []
beforeAll(async () => {
  apiClient.defaults.adapter = recordingAdapter
  vi.stubGlobal('fetch', async (url: string) => {
    seenUrls.push(url)
    return new Response('[]', { status: 200 })
  })
  reads = await collectReads()
})
afterAll(() => {
  apiClient.defaults.adapter = undefined
  vi.unstubAllGlobals()
})

const groupBy = (by: (read: Read) => string, of: (read: Read) => string) => {
  const groups = new Map<string, Set<string>>()
  for (const read of reads) groups.set(by(read), (groups.get(by(read)) ?? new Set()).add(of(read)))
  return groups
}

describe('query keys', () => {
  it('finds the factories of every feature and the shared reads', () => {
    expect(reads.length).toBeGreaterThan(40)
    expect(reads.map((r) => r.factory)).toEqual(
      expect.arrayContaining(['businessReads.detail', 'kycReads.details', 'referenceReads.businessTypes']),
    )
  })

  it('reads each endpoint under exactly one key', () => {
    const keysPerEndpoint = groupBy(
      (r) => r.endpoint,
      (r) => r.family,
    )
    const repeated = [...keysPerEndpoint].filter(([, keys]) => keys.size > 1)
    const factoriesOf = (endpoint: string) => reads.filter((r) => r.endpoint === endpoint).map((r) => r.factory)
    expect(repeated.map(([endpoint]) => `${endpoint}: ${factoriesOf(endpoint).join(', ')}`)).toEqual([])
  })

  it('never files two endpoints under one key', () => {
    const endpointsPerKey = groupBy(
      (r) => r.family,
      (r) => r.endpoint,
    )
    expect([...endpointsPerKey].filter(([, endpoints]) => endpoints.size > 1)).toEqual([])
  })

  it('caches GET /businesses/{id} once, under the businesses prefix that business changes invalidate', () => {
    expect(reads.filter((r) => r.endpoint === '/businesses/{}').map((r) => r.factory)).toEqual(['businessReads.detail'])
    expect(businessReads.detail('b-1').queryKey).toEqual(['businesses', 'detail', 'b-1'])
  })
})

describe('query keys in the source', () => {
  const roots = ['features', 'components', 'pages']
  const sourceFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) return name === 'api' && dir === 'pages' ? [] : sourceFiles(full)
      return /\.(ts|tsx)$/.test(name) ? [full] : []
    })

  it('writes no key as a string literal: keys come from the factories', () => {
    const literalKey = /queryKey:\s*\[\s*['"`]/
    const offenders = roots.flatMap(sourceFiles).filter((file) => literalKey.test(readFileSync(file, 'utf8')))
    expect(offenders).toEqual([])
  })
})
