import type { OwnershipGraph, OwnershipGraphEdge, OwnershipGraphNode } from '@/lib/contracts/ownership'

export const OWNED_BUSINESS_ID = '44444444-4444-4444-8444-444444444444'

const node = (id: string, kind: OwnershipGraphNode['kind'], name: string, extra: Partial<OwnershipGraphNode> = {}) =>
  ({
    id,
    kind,
    name,
    personKey: kind === 'PERSON' ? `key-${id}` : null,
    pep: kind === 'PERSON' ? 'NOT_PEP' : null,
    screening: kind === 'PERSON' ? 'CLEAR' : null,
    country: kind === 'COMPANY' ? 'NG' : null,
    significantControl: [],
    ...extra,
  }) satisfies OwnershipGraphNode

const holding = (
  id: string,
  held: string,
  holder: string,
  shares: number,
  votes: number,
  extra: Partial<OwnershipGraphEdge> = {},
): OwnershipGraphEdge => ({
  id,
  source: held,
  target: holder,
  kind: 'HOLDING',
  shares,
  votes,
  appointsMajority: false,
  influence: null,
  ...extra,
})

const role = (id: string, source: string, target: string, kind: OwnershipGraphEdge['kind']): OwnershipGraphEdge => ({
  id,
  source,
  target,
  kind,
  shares: null,
  votes: null,
  appointsMajority: false,
  influence: null,
})

/**
 * A multi-layer group: a holding company (itself held by a person and a family trust), a nominee acting for a named
 * person, a person who controls through votes only (2 % of the shares, 30 % of the votes) and one small holder who is
 * not a person with significant control.
 */
export const GROUP_GRAPH: OwnershipGraph = {
  nodes: [
    node(OWNED_BUSINESS_ID, 'BUSINESS', 'Adebayo Foods Limited'),
    node('c1', 'COMPANY', 'Oba Holdings Limited'),
    node('p1', 'PERSON', 'Ada Obi', { pep: 'DECLARED', screening: 'OPEN', significantControl: ['SHARES', 'VOTES'] }),
    node('t1', 'TRUST', 'Kanu Family Trust'),
    node('t1:SETTLOR:0', 'PERSON', 'Emeka Kanu'),
    node('t1:TRUSTEE:0', 'PERSON', 'Ngozi Kanu', { significantControl: ['TRUST'] }),
    node('t1:BENEFICIARY:0', 'PERSON', 'Chidi Kanu', { screening: 'NOT_SCREENED', pep: null }),
    node('n1', 'NOMINEE', 'Lagos Nominees Limited'),
    node('p2', 'PERSON', 'Bola Ade', { significantControl: ['SHARES', 'VOTES'] }),
    node('p3', 'PERSON', 'Tunde Bakare', { significantControl: ['VOTES'] }),
    node('p4', 'PERSON', 'Femi Ola'),
  ],
  edges: [
    holding('e1', OWNED_BUSINESS_ID, 'c1', 60, 60),
    holding('e2', 'c1', 'p1', 70, 70, { appointsMajority: true }),
    holding('e3', 'c1', 't1', 30, 30),
    role('e4', 't1', 't1:SETTLOR:0', 'SETTLOR'),
    role('e5', 't1', 't1:TRUSTEE:0', 'TRUSTEE'),
    role('e6', 't1', 't1:BENEFICIARY:0', 'BENEFICIARY'),
    holding('e7', OWNED_BUSINESS_ID, 'n1', 10, 10),
    role('e8', 'n1', 'p2', 'NOMINEE_FOR'),
    holding('e9', OWNED_BUSINESS_ID, 'p3', 2, 30),
    holding('e10', OWNED_BUSINESS_ID, 'p4', 3, 3),
  ],
  personsWithSignificantControl: [
    {
      personKey: 'key-p1',
      name: 'Ada Obi',
      reasons: ['SHARES', 'VOTES'],
      effectiveShares: 60,
      effectiveVotes: 60,
      nodeIds: ['p1'],
      explanation:
        'Ada Obi holds 70% of Oba Holdings Limited, which holds 60% of the business: she controls that company, so its whole 60% counts as hers.',
    },
    {
      personKey: 'key-t1:TRUSTEE:0',
      name: 'Ngozi Kanu',
      reasons: ['TRUST'],
      effectiveShares: 18,
      effectiveVotes: 18,
      nodeIds: ['t1:TRUSTEE:0'],
      explanation: 'Ngozi Kanu is a trustee of Kanu Family Trust, which holds 18% of the business through Oba Holdings Limited.',
    },
    {
      personKey: 'key-p2',
      name: 'Bola Ade',
      reasons: ['SHARES', 'VOTES'],
      effectiveShares: 10,
      effectiveVotes: 10,
      nodeIds: ['p2'],
      explanation: 'Lagos Nominees Limited holds 10% of the business for Bola Ade: a nominee’s holding counts as the person’s.',
    },
    {
      personKey: 'key-p3',
      name: 'Tunde Bakare',
      reasons: ['VOTES'],
      effectiveShares: 2,
      effectiveVotes: 30,
      nodeIds: ['p3'],
      explanation: 'Tunde Bakare holds only 2% of the shares but 30% of the votes: 5% of the votes is enough.',
    },
  ],
}

export const EMPTY_GRAPH: OwnershipGraph = {
  nodes: [GROUP_GRAPH.nodes[0]!],
  edges: [],
  personsWithSignificantControl: [],
}

/**
 * `layers` layers under the business, `holdings` holdings in all: each layer's companies are held by the next layer's,
 * the last layer by persons (every tenth one a person with significant control). For the graph's bench.
 */
export function generatedGroup(layers: number, holdings: number): OwnershipGraph {
  const nodes: OwnershipGraphNode[] = [node('root', 'BUSINESS', 'Generated Group Plc')]
  const edges: OwnershipGraphEdge[] = []
  const perLayer = Math.max(1, Math.floor(holdings / layers))
  let previous = ['root']
  for (let layer = 1; layer <= layers; layer++) {
    const last = layer === layers
    const count = last ? holdings - edges.length : perLayer
    const current: string[] = []
    for (let i = 0; i < count; i++) {
      const id = `l${layer}n${i}`
      const psc = last && i % 10 === 0
      nodes.push(
        last
          ? node(id, 'PERSON', `Person ${layer}.${i}`, { significantControl: psc ? ['SHARES'] : [] })
          : node(id, 'COMPANY', `Company ${layer}.${i} Limited`),
      )
      const held = previous[i % previous.length]!
      const siblings = Math.ceil(count / previous.length)
      edges.push(holding(`e${layer}-${i}`, held, id, Math.floor(100 / siblings), Math.floor(100 / siblings)))
      current.push(id)
    }
    previous = current
  }
  const pscs = nodes.filter((n) => n.significantControl.length > 0)
  return {
    nodes,
    edges,
    personsWithSignificantControl: pscs.map((n) => ({
      personKey: n.personKey!,
      name: n.name,
      reasons: ['SHARES'],
      effectiveShares: 5,
      effectiveVotes: 5,
      nodeIds: [n.id],
      explanation: `${n.name} holds 5% or more of the shares through the group's companies.`,
    })),
  }
}
