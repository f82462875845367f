import { describe, expect, it } from 'vitest'
import { layoutOwnership } from '@/lib/kyc/ownership-layout'
import { GROUP_GRAPH, OWNED_BUSINESS_ID } from '@/tests/components/ownership-fixtures'
import { nextNodeId, nodeDetails } from './graph-navigation'

const laid = layoutOwnership(GROUP_GRAPH, { nodeWidth: 200, nodeHeight: 80 })
const y = (id: string) => laid.positions.get(id)!.y

describe('the ownership layout', () => {
  it('puts the business at the top and every holder below what it holds', () => {
    expect(Math.min(...[...laid.positions.values()].map((p) => p.y))).toBe(y(OWNED_BUSINESS_ID))
    for (const e of GROUP_GRAPH.edges) expect(y(e.target)).toBeGreaterThan(y(e.source))
    expect(laid.edgePoints.get('e9')!.length).toBeGreaterThan(1)
  })
})

describe('nextNodeId', () => {
  it('moves down to a holder, up to what it holds, along a layer, and to the first and last node', () => {
    const down = nextNodeId('ArrowDown', OWNED_BUSINESS_ID, laid.positions)!
    expect(['c1', 'n1', 'p3', 'p4']).toContain(down)
    expect(nextNodeId('ArrowUp', down, laid.positions)).toBe(OWNED_BUSINESS_ID)
    expect(nextNodeId('ArrowUp', OWNED_BUSINESS_ID, laid.positions)).toBeNull()
    expect(nextNodeId('Home', 'p1', laid.positions)).toBe(OWNED_BUSINESS_ID)
    const last = nextNodeId('End', OWNED_BUSINESS_ID, laid.positions)!
    expect(nextNodeId('ArrowDown', last, laid.positions)).toBeNull()
    // Right along the business's holders visits each once, then stops.
    let at = down
    while (nextNodeId('ArrowLeft', at, laid.positions)) at = nextNodeId('ArrowLeft', at, laid.positions)!
    const row = [at]
    while (nextNodeId('ArrowRight', at, laid.positions)) row.push((at = nextNodeId('ArrowRight', at, laid.positions)!))
    expect(row.sort()).toEqual(['c1', 'n1', 'p3', 'p4'])
    expect(nextNodeId('Enter', at, laid.positions)).toBeUndefined()
  })
})

describe('nodeDetails', () => {
  it('says what a node holds, who holds it, its control, screening and PEP status', () => {
    const ada = GROUP_GRAPH.nodes.find((n) => n.id === 'p1')!
    expect(nodeDetails(ada, GROUP_GRAPH)).toEqual([
      'In: Oba Holdings Limited (70% shares · 70% votes · appoints majority).',
      'Person with significant control: 5% or more of the shares; 5% or more of the votes.',
      'Screening: possible matches to review; PEP (declared).',
    ])
    const company = GROUP_GRAPH.nodes.find((n) => n.id === 'c1')!
    expect(nodeDetails(company, GROUP_GRAPH)).toEqual([
      'In: Adebayo Foods Limited (60% shares · 60% votes).',
      'Held by: Ada Obi (70% shares · 70% votes · appoints majority); Kanu Family Trust (30% shares · 30% votes).',
    ])
  })
})
