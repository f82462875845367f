/**
 * The ownership section's chunk for a page's `next/dynamic`, with its graph's chunk (xyflow, the larger) asked for at
 * the same time rather than once the section has mounted: the graph can then be drawn as soon as the ownership answer
 * is there (issue 40's ≤ 300 ms, docs/ownership.md#screens). The section reports and retries a graph chunk that failed.
 */
export function loadOwnershipSection() {
  import('../components/ownership-graph').catch(() => undefined)
  return import('../components/ownership-section').then((m) => m.OwnershipSection)
}
