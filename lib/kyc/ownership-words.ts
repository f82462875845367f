import type {
  ControlReason,
  OwnershipGraph,
  OwnershipGraphEdge,
  OwnershipGraphNode,
  OwnershipNodeKind,
} from '@/lib/contracts/ownership'
import { formatPercentage } from '@/lib/kyc/effective-ownership'

/**
 * What the ownership graph, its table and the KYC PDF's "Ownership and control" page say (docs/ownership.md#screens):
 * the words for kinds, reasons and statuses, each edge's label and the table's rows. The layout is in
 * `ownership-layout.ts`, apart, so that the table does not carry dagre.
 */

export const NODE_KIND_LABELS: Record<OwnershipNodeKind, string> = {
  BUSINESS: 'The business',
  COMPANY: 'Company',
  TRUST: 'Trust',
  PERSON: 'Person',
  NOMINEE: 'Nominee',
}

/** Why a person counts, as a reason shown beside their name. */
export const CONTROL_REASON_LABELS: Record<ControlReason, string> = {
  SHARES: '5% or more of the shares',
  VOTES: '5% or more of the votes',
  APPOINTMENT: 'may appoint or remove most directors',
  INFLUENCE: 'significant influence or control',
  TRUST: 'control through a trust',
}

const SCREENING_LABELS: Record<NonNullable<OwnershipGraphNode['screening']>, string> = {
  NOT_SCREENED: 'not screened yet',
  CLEAR: 'screened: clear',
  OPEN: 'screening: possible matches to review',
  TRUE_MATCH: 'screening: confirmed match',
}

const PEP_LABELS: Record<NonNullable<OwnershipGraphNode['pep']>, string> = {
  NOT_PEP: 'not a PEP',
  DECLARED: 'PEP (declared)',
  CONFIRMED: 'PEP (confirmed)',
}

export const screeningLabel = (node: Pick<OwnershipGraphNode, 'screening'>) =>
  node.screening ? SCREENING_LABELS[node.screening] : null
export const pepLabel = (node: Pick<OwnershipGraphNode, 'pep'>) => (node.pep ? PEP_LABELS[node.pep] : 'PEP not declared')

export const reasonsInWords = (reasons: readonly ControlReason[]) => reasons.map((r) => CONTROL_REASON_LABELS[r]).join('; ')

/** `40% shares · 60% votes · appoints majority · influence` for a holding; the role for the others. */
export function edgeLabel(edge: OwnershipGraphEdge): string {
  switch (edge.kind) {
    case 'HOLDING': {
      const parts: string[] = []
      if (edge.shares !== null) parts.push(`${formatPercentage(edge.shares)} shares`)
      if (edge.votes !== null) parts.push(`${formatPercentage(edge.votes)} votes`)
      if (edge.appointsMajority) parts.push('appoints majority')
      if (edge.influence) parts.push('influence')
      return parts.join(' · ')
    }
    case 'SETTLOR':
      return 'settlor'
    case 'TRUSTEE':
      return 'trustee'
    case 'BENEFICIARY':
      return 'beneficiary'
    case 'NOMINEE_FOR':
      return 'nominee for'
  }
}

/** How the holder (the edge's target) stands to what it holds (the source), read as "holder … source". */
export const RELATION_WORDS: Record<OwnershipGraphEdge['kind'], string> = {
  HOLDING: 'holds shares in',
  SETTLOR: 'is the settlor of',
  TRUSTEE: 'is a trustee of',
  BENEFICIARY: 'is a beneficiary of',
  NOMINEE_FOR: 'is the person behind the nominee',
}

export interface OwnershipTableRow {
  edgeId: string
  holder: OwnershipGraphNode
  relation: string
  held: OwnershipGraphNode
  shares: string
  votes: string
  /** Appointment right and declared influence, in words; '' when neither. */
  rights: string
  /** The holder's reasons for significant control, in words; '' when it has none. */
  control: string
}

/**
 * The graph as rows: who holds what in whom, top of the structure first (the order of the layout's ranks), so the
 * table says everything the drawing does.
 */
export function ownershipTableRows(graph: OwnershipGraph): OwnershipTableRow[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]))
  const depth = depthsFromRoot(graph)
  const rows: OwnershipTableRow[] = []
  for (const edge of graph.edges) {
    const holder = byId.get(edge.target)
    const held = byId.get(edge.source)
    if (!holder || !held) continue
    const holding = edge.kind === 'HOLDING'
    rows.push({
      edgeId: edge.id,
      holder,
      relation: RELATION_WORDS[edge.kind],
      held,
      shares: holding && edge.shares !== null ? formatPercentage(edge.shares) : '-',
      votes: holding && edge.votes !== null ? formatPercentage(edge.votes) : '-',
      rights: [
        edge.appointsMajority ? 'appoints or removes most directors' : '',
        edge.influence ? `influence: ${edge.influence}` : '',
      ]
        .filter(Boolean)
        .join('; '),
      control: reasonsInWords(holder.significantControl),
    })
  }
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => (depth.get(a.row.held.id) ?? 0) - (depth.get(b.row.held.id) ?? 0) || a.index - b.index)
    .map(({ row }) => row)
}

/** Each node's distance (in edges) from the business; nodes not reached come last. */
function depthsFromRoot(graph: OwnershipGraph): Map<string, number> {
  const depth = new Map<string, number>()
  const root = graph.nodes.find((n) => n.kind === 'BUSINESS')
  if (!root) return depth
  const holders = new Map<string, string[]>()
  for (const e of graph.edges) holders.set(e.source, [...(holders.get(e.source) ?? []), e.target])
  depth.set(root.id, 0)
  const queue = [root.id]
  while (queue.length) {
    const id = queue.shift()!
    for (const next of holders.get(id) ?? []) {
      if (depth.has(next)) continue
      depth.set(next, depth.get(id)! + 1)
      queue.push(next)
    }
  }
  return depth
}
