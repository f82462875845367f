import type { OwnershipGraph, OwnershipGraphNode } from '@/lib/contracts/ownership'
import { edgeLabel, pepLabel, reasonsInWords, screeningLabel } from '@/lib/kyc/ownership-words'

type Positions = ReadonlyMap<string, { x: number; y: number }>

/** The laid-out nodes as layers (equal y), top first, each left to right. */
function layers(positions: Positions): string[][] {
  const byY = new Map<number, Array<{ id: string; x: number }>>()
  for (const [id, p] of positions) {
    const y = Math.round(p.y)
    byY.set(y, [...(byY.get(y) ?? []), { id, x: p.x }])
  }
  return [...byY.entries()].sort(([a], [b]) => a - b).map(([, row]) => row.sort((a, b) => a.x - b.x).map((n) => n.id))
}

/**
 * Where an arrow key (or Home / End) moves the graph's focus from `id`: left and right along the layer, up and down to
 * the nearest node of the layer above or below. `null`: the key is the graph's but there is nowhere to go; `undefined`:
 * not a key the graph takes.
 */
export function nextNodeId(key: string, id: string, positions: Positions): string | null | undefined {
  const rows = layers(positions)
  const order = rows.flat()
  if (key === 'Home') return order[0] ?? null
  if (key === 'End') return order.at(-1) ?? null
  const r = rows.findIndex((row) => row.includes(id))
  if (r < 0) return undefined
  const row = rows[r]!
  const i = row.indexOf(id)
  switch (key) {
    case 'ArrowLeft':
      return row[i - 1] ?? null
    case 'ArrowRight':
      return row[i + 1] ?? null
    case 'ArrowUp':
    case 'ArrowDown': {
      const target = rows[key === 'ArrowUp' ? r - 1 : r + 1]
      if (!target) return null
      const x = positions.get(id)!.x
      return target.reduce((best, candidate) =>
        Math.abs(positions.get(candidate)!.x - x) < Math.abs(positions.get(best)!.x - x) ? candidate : best,
      )
    }
    default:
      return undefined
  }
}

/** The focused node's details in sentences: what it holds, who holds it, its control, screening and PEP status. */
export function nodeDetails(node: OwnershipGraphNode, graph: Pick<OwnershipGraph, 'nodes' | 'edges'>): string[] {
  const name = new Map(graph.nodes.map((n) => [n.id, n.name]))
  const out: string[] = []
  const holds = graph.edges.filter((e) => e.target === node.id)
  const heldBy = graph.edges.filter((e) => e.source === node.id)
  if (holds.length) out.push(`In: ${holds.map((e) => `${name.get(e.source)} (${edgeLabel(e)})`).join('; ')}.`)
  if (heldBy.length) out.push(`Held by: ${heldBy.map((e) => `${name.get(e.target)} (${edgeLabel(e)})`).join('; ')}.`)
  if (node.significantControl.length) out.push(`Person with significant control: ${reasonsInWords(node.significantControl)}.`)
  if (node.kind === 'PERSON') {
    const screening = screeningLabel(node)
    out.push(`${screening ? `${screening.charAt(0).toUpperCase()}${screening.slice(1)}; ` : ''}${pepLabel(node)}.`)
  }
  return out
}
