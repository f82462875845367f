import type { OwnershipGraph } from '@/lib/contracts/ownership'

/*
 * The ownership graph's layout (docs/ownership.md#screens), shared by the interactive graph and the KYC PDF: a tidy
 * tree, top to bottom, the business at the top and each holder under what it holds. Pure: no DOM, so the PDF lays the
 * structure out the same way on the server.
 *
 * The structure is a tree: every holder is one shareholder row with one parent (the business or the company, trust or
 * nominee it is under). A general layered layout (dagre) spent most of the graph's time budget on a tree it could
 * not make better (issue 40: 570 ms of 1,000 on a phone profile for 200 holdings); a tree is laid out here in one pass.
 *
 * Each subtree is placed as a block whose outline is known layer by layer (its leftmost and rightmost edge at each
 * depth); the subtrees of a node's holders are set left to right, each moved right just enough to keep `nodeSep`
 * from the ones before at every layer they share, and the node is centred over its first and last holder. Edges that
 * would make it something other than a tree (not produced by the server) are drawn as lines and do not move the
 * nodes; a node no edge reaches starts a tree of its own, to the right.
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

const MARGIN = 10

/** A subtree's outline: at each depth below its root (0: the root), its left and right edge from the root's centre. */
interface Outline {
  left: number[]
  right: number[]
}

export function layoutOwnership(graph: Pick<OwnershipGraph, 'nodes' | 'edges'>, options: LayoutOptions): OwnershipLayout {
  const { nodeWidth: w, nodeHeight: h } = options
  const rankSep = options.rankSep ?? 70
  const nodeSep = options.nodeSep ?? 30
  const ids = new Set(graph.nodes.map((n) => n.id))

  // The tree: each node's first parent; children in the order of the edges.
  const parent = new Map<string, string>()
  const children = new Map<string, string[]>()
  for (const e of graph.edges) {
    if (!ids.has(e.source) || !ids.has(e.target) || e.source === e.target || parent.has(e.target)) continue
    // No loop: the holder may not be above the held entity.
    let up: string | undefined = e.source
    while (up !== undefined && up !== e.target) up = parent.get(up)
    if (up === e.target) continue
    parent.set(e.target, e.source)
    const list = children.get(e.source)
    if (list) list.push(e.target)
    else children.set(e.source, [e.target])
  }

  // Post-order without recursion (a deep chain must not overflow the stack): each node's offset from its parent's
  // centre, and its subtree's outline.
  const offset = new Map<string, number>()
  const outlines = new Map<string, Outline>()
  const place = (root: string) => {
    const stack: Array<{ id: string; visited: boolean }> = [{ id: root, visited: false }]
    while (stack.length) {
      const top = stack.pop()!
      const kids = children.get(top.id) ?? []
      if (!top.visited) {
        stack.push({ id: top.id, visited: true })
        for (let i = kids.length - 1; i >= 0; i--) stack.push({ id: kids[i]!, visited: false })
        continue
      }
      // The holders' subtrees, left to right, as close as the layers they share allow.
      const merged: Outline = { left: [], right: [] }
      const at: number[] = []
      for (const kid of kids) {
        const o = outlines.get(kid)!
        let shift = 0
        if (at.length > 0) {
          shift = -Infinity
          for (let d = 0; d < Math.min(o.left.length, merged.right.length); d++)
            shift = Math.max(shift, merged.right[d]! + nodeSep - o.left[d]!)
        }
        at.push(shift)
        for (let d = 0; d < o.left.length; d++) {
          if (d >= merged.left.length) merged.left.push(o.left[d]! + shift)
          merged.right[d] = o.right[d]! + shift
        }
        outlines.delete(kid)
      }
      const centre = at.length ? (at[0]! + at.at(-1)!) / 2 : 0
      kids.forEach((kid, i) => offset.set(kid, at[i]! - centre))
      outlines.set(top.id, {
        left: [-w / 2, ...merged.left.map((x) => x - centre)],
        right: [w / 2, ...merged.right.map((x) => x - centre)],
      })
    }
  }

  // Each tree (the business's first), side by side.
  const centres = new Map<string, number>()
  const depth = new Map<string, number>()
  let nextLeft = MARGIN
  let maxDepth = 0
  for (const n of graph.nodes) {
    if (parent.has(n.id) || centres.has(n.id)) continue
    place(n.id)
    const outline = outlines.get(n.id)!
    outlines.delete(n.id)
    const rootCentre = nextLeft - Math.min(...outline.left)
    nextLeft = rootCentre + Math.max(...outline.right) + nodeSep
    const stack = [n.id]
    centres.set(n.id, rootCentre)
    depth.set(n.id, 0)
    while (stack.length) {
      const id = stack.pop()!
      for (const kid of children.get(id) ?? []) {
        centres.set(kid, centres.get(id)! + offset.get(kid)!)
        const d = depth.get(id)! + 1
        depth.set(kid, d)
        if (d > maxDepth) maxDepth = d
        stack.push(kid)
      }
    }
  }

  const positions = new Map<string, { x: number; y: number }>()
  for (const n of graph.nodes)
    positions.set(n.id, { x: centres.get(n.id)! - w / 2, y: MARGIN + depth.get(n.id)! * (h + rankSep) })

  // From the held entity's bottom to its holder's top, square: down, across half-way between the layers, down.
  const edgePoints = new Map<string, Array<{ x: number; y: number }>>()
  for (const e of graph.edges) {
    const from = positions.get(e.source)
    const to = positions.get(e.target)
    if (!from || !to) continue
    const start = { x: from.x + w / 2, y: from.y + h }
    const end = { x: to.x + w / 2, y: to.y }
    const middle = (start.y + end.y) / 2
    edgePoints.set(e.id, [start, { x: start.x, y: middle }, { x: end.x, y: middle }, end])
  }
  return {
    positions,
    edgePoints,
    width: graph.nodes.length ? nextLeft - nodeSep + MARGIN : 0,
    height: graph.nodes.length ? 2 * MARGIN + maxDepth * (h + rankSep) + h : 0,
  }
}
