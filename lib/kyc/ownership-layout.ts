import { graphlib, layout } from '@dagrejs/dagre'
import type { OwnershipGraph } from '@/lib/contracts/ownership'

/*
 * The ownership graph's layout (docs/ownership.md#screens), shared by the interactive graph and the KYC PDF: dagre,
 * top to bottom, the business at the top. Pure: no DOM, so the PDF lays the structure out the same way on the server.
 */

export interface LayoutOptions {
  nodeWidth: number
  nodeHeight: number
  /** Vertical gap between layers, horizontal gap between nodes. */
  rankSep?: number
  nodeSep?: number
}

export interface OwnershipLayout {
  /** Each node's top-left corner. */
  positions: Map<string, { x: number; y: number }>
  /** Each edge's path, from the held entity (above) to its holder (below). */
  edgePoints: Map<string, Array<{ x: number; y: number }>>
  width: number
  height: number
}

/** Dagre, top to bottom: an edge goes from the held entity to its holder, so the business is the top layer. */
export function layoutOwnership(graph: Pick<OwnershipGraph, 'nodes' | 'edges'>, options: LayoutOptions): OwnershipLayout {
  const g = new graphlib.Graph({ multigraph: true })
  g.setGraph({ rankdir: 'TB', ranksep: options.rankSep ?? 70, nodesep: options.nodeSep ?? 30, marginx: 10, marginy: 10 })
  g.setDefaultEdgeLabel(() => ({}))
  const ids = new Set(graph.nodes.map((n) => n.id))
  for (const n of graph.nodes) g.setNode(n.id, { width: options.nodeWidth, height: options.nodeHeight })
  for (const e of graph.edges) if (ids.has(e.source) && ids.has(e.target)) g.setEdge(e.source, e.target, {}, e.id)
  layout(g)
  const positions = new Map<string, { x: number; y: number }>()
  for (const id of g.nodes()) {
    const n = g.node(id)
    positions.set(id, { x: n.x - options.nodeWidth / 2, y: n.y - options.nodeHeight / 2 })
  }
  const edgePoints = new Map<string, Array<{ x: number; y: number }>>()
  for (const e of g.edges())
    if (e.name) edgePoints.set(e.name, (g.edge(e) as { points?: Array<{ x: number; y: number }> }).points ?? [])
  const size = g.graph() as { width?: number; height?: number }
  return { positions, edgePoints, width: size.width ?? 0, height: size.height ?? 0 }
}
