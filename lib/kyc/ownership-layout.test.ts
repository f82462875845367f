import { describe, expect, it } from 'vitest'
import type { OwnershipGraph } from '@/lib/contracts/ownership'
import { GROUP_GRAPH, generatedGroup } from '@/tests/components/ownership-fixtures'
import { layoutOwnership } from './ownership-layout'

const SIZE = { nodeWidth: 200, nodeHeight: 80, rankSep: 70, nodeSep: 30 }

/** Two boxes of one layer overlap, or stand closer than the gap. */
function crowded(laid: ReturnType<typeof layoutOwnership>, gap: number) {
  const all = [...laid.positions.entries()]
  const out: string[] = []
  for (const [a, p] of all)
    for (const [b, q] of all)
      if (a < b && p.y === q.y && Math.abs(p.x - q.x) < SIZE.nodeWidth + gap - 0.001) out.push(`${a}/${b}`)
  return out
}

describe('layoutOwnership', () => {
  it('lays a 6-layer, 200-holding structure out in layers, no two boxes closer than the gap, inside its size', () => {
    const graph = generatedGroup(6, 200)
    const laid = layoutOwnership(graph, SIZE)
    expect(laid.positions.size).toBe(graph.nodes.length)
    expect(crowded(laid, SIZE.nodeSep)).toEqual([])
    for (const e of graph.edges)
      expect(laid.positions.get(e.target)!.y - laid.positions.get(e.source)!.y).toBe(SIZE.nodeHeight + SIZE.rankSep)
    const xs = [...laid.positions.values()].map((p) => p.x)
    const ys = [...laid.positions.values()].map((p) => p.y)
    expect(Math.min(...xs)).toBe(10)
    expect(Math.max(...xs) + SIZE.nodeWidth + 10).toBeCloseTo(laid.width)
    expect(Math.max(...ys) + SIZE.nodeHeight + 10).toBe(laid.height)
    expect(laid.height).toBe(20 + 6 * (80 + 70) + 80)
  })

  it('centres each node over its holders and draws each edge from its bottom to the holder’s top', () => {
    const laid = layoutOwnership(GROUP_GRAPH, SIZE)
    const centre = (id: string) => laid.positions.get(id)!.x + SIZE.nodeWidth / 2
    const holders = new Map<string, string[]>()
    for (const e of GROUP_GRAPH.edges) holders.set(e.source, [...(holders.get(e.source) ?? []), e.target])
    for (const [held, list] of holders) {
      const cs = list.map(centre)
      expect(centre(held)).toBeCloseTo((Math.min(...cs) + Math.max(...cs)) / 2)
    }
    expect(crowded(laid, SIZE.nodeSep)).toEqual([])
    const e = GROUP_GRAPH.edges[0]!
    const points = laid.edgePoints.get(e.id)!
    expect(points[0]).toEqual({ x: centre(e.source), y: laid.positions.get(e.source)!.y + SIZE.nodeHeight })
    expect(points.at(-1)).toEqual({ x: centre(e.target), y: laid.positions.get(e.target)!.y })
  })

  it('packs a narrow subtree beside a wide one rather than past its widest layer', () => {
    // a has one holder with four holders of its own; b has one holder: b's side fits under a's narrow top layers.
    const node = (id: string) => ({
      id,
      kind: 'COMPANY' as const,
      name: id,
      significantControl: [],
      personKey: null,
      screening: null,
      pep: null,
    })
    const holding = (id: string, source: string, target: string) => ({
      id,
      kind: 'HOLDING' as const,
      source,
      target,
      shares: 10,
      votes: 10,
      appointsMajority: false,
      influence: false,
    })
    const graph = {
      nodes: ['root', 'a', 'a1', 'x1', 'x2', 'x3', 'x4', 'b', 'b1'].map(node),
      edges: [
        holding('1', 'root', 'a'),
        holding('2', 'a', 'a1'),
        ...['x1', 'x2', 'x3', 'x4'].map((x, i) => holding(`3${i}`, 'a1', x)),
        holding('4', 'root', 'b'),
        holding('5', 'b', 'b1'),
      ],
    } as unknown as Pick<OwnershipGraph, 'nodes' | 'edges'>
    const laid = layoutOwnership(graph, SIZE)
    expect(crowded(laid, SIZE.nodeSep)).toEqual([])
    // b1 clears x4 (the widest layer under a is the third), b sits next to a's column, not beyond x4.
    expect(laid.positions.get('b')!.x - laid.positions.get('a')!.x).toBe(SIZE.nodeWidth + SIZE.nodeSep)
  })

  it('keeps every node when an edge would close a loop or give a node a second parent', () => {
    const base = generatedGroup(2, 4)
    const extra = { ...base.edges[0]!, id: 'loop', source: base.edges.at(-1)!.target, target: 'root' }
    const second = { ...base.edges[0]!, id: 'second', source: 'l1n1', target: 'l2n0' }
    const laid = layoutOwnership({ nodes: base.nodes, edges: [...base.edges, extra, second] }, SIZE)
    expect(laid.positions.size).toBe(base.nodes.length)
    expect(laid.positions.get('root')!.y).toBe(10)
    expect(laid.edgePoints.get('loop')).toHaveLength(4)
    expect(crowded(laid, SIZE.nodeSep)).toEqual([])
  })
})
