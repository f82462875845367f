/**
 * Persons with significant control (issue 40, docs/ownership.md): `computeSignificantControl` on a 6-layer structure of
 * 200 holdings (companies five deep, persons in the sixth layer, trusts and nominees at the edges, persons on several paths). Goal ≤ 10 ms.
 *
 *   npx tsx bench/ownership-control.ts [--runs=200]
 *
 * Prints one JSON line: holdings, layers, persons with significant control, and the median, p95 and largest time of
 * one computation in milliseconds (after 20 warm-up runs).
 */
import { performance } from 'node:perf_hooks'
import { computeSignificantControl, type ControlNode } from '../lib/kyc/significant-control'
import { parseIntFlag } from './generate-businesses'

const runs = parseIntFlag(process.argv.slice(2), 'runs', 200, 1)

/** Five company layers, four holdings each level (companies, persons, a trust and a nominee), 200 nodes in all. */
function structure(): ControlNode[] {
  const nodes: ControlNode[] = []
  let n = 0
  const add = (node: Omit<ControlNode, 'id'>) => {
    const id = `n${n++}`
    nodes.push({ id, ...node })
    return id
  }
  let companies: (string | null)[] = [null]
  let fourth: string[] = []
  for (let layer = 1; layer <= 5; layer++) {
    if (layer === 5) fourth = companies as string[]
    const next: string[] = []
    for (const parent of companies) {
      if (nodes.length >= 180) break
      // Two companies (one controlling), a person on several paths, a person with votes only.
      next.push(add({ parentId: parent, kind: 'COMPANY', name: `Co ${n}`, shares: 55, entityKey: `RC${n}` }))
      next.push(add({ parentId: parent, kind: 'COMPANY', name: `Co ${n}`, shares: 25, entityKey: `RC${n}` }))
      add({ parentId: parent, kind: 'PERSON', name: 'Ada', shares: 10, personKey: 'bvn:ada' })
      add({ parentId: parent, kind: 'PERSON', name: `P ${n}`, shares: 1, votes: 9, personKey: `bvn:${n}` })
    }
    companies = next
  }
  while (nodes.length < 200) {
    // Trusts and nominees in the fourth layer's companies: their persons are the sixth layer.
    const parent = fourth[nodes.length % fourth.length]!
    const trust = add({ parentId: parent, kind: 'TRUST', name: `Trust ${n}`, shares: 4 })
    add({ parentId: trust, kind: 'PERSON', name: `T ${n}`, role: 'TRUSTEE', shares: 0, personKey: `bvn:t${n}` })
    const nominee = add({ parentId: parent, kind: 'NOMINEE', name: `Nominee ${n}`, shares: 1 })
    add({ parentId: nominee, kind: 'PERSON', name: `K ${n}`, role: 'PRINCIPAL', shares: 0, personKey: `bvn:k${n}` })
  }
  return nodes.slice(0, 200)
}

const nodes = structure()
const depth = (id: string | null): number => (id ? 1 + depth(nodes.find((x) => x.id === id)!.parentId) : 0)
const layers = Math.max(...nodes.map((x) => depth(x.id)))
let pscs = 0
for (let i = 0; i < 20; i++) pscs = computeSignificantControl(nodes).persons.filter((p) => p.reasons.length).length
const times: number[] = []
for (let i = 0; i < runs; i++) {
  const start = performance.now()
  computeSignificantControl(nodes)
  times.push(performance.now() - start)
}
times.sort((a, b) => a - b)
const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 1000) / 1000
console.log(
  JSON.stringify({
    holdings: nodes.length,
    layers,
    personsWithSignificantControl: pscs,
    medianMs: at(0.5),
    p95Ms: at(0.95),
    maxMs: at(1),
    goalMs: 10,
  }),
)
