import { describe, expect, it } from 'vitest'
import {
  computeSignificantControl,
  entityKeyOf,
  OwnershipLoopError,
  type ControlNode,
  type ControlOptions,
} from './significant-control'

// The worked examples of docs/ownership.md#worked-examples, one test each.

const person = (id: string, parentId: string | null, shares: number, extra: Partial<ControlNode> = {}): ControlNode => ({
  id,
  parentId,
  kind: 'PERSON',
  name: extra.name ?? id,
  shares,
  personKey: `name:${id}`,
  ...extra,
})
const company = (id: string, parentId: string | null, shares: number, extra: Partial<ControlNode> = {}): ControlNode => ({
  id,
  parentId,
  kind: 'COMPANY',
  name: id,
  shares,
  ...extra,
})

function control(nodes: ControlNode[], options?: ControlOptions) {
  const result = computeSignificantControl(nodes, options)
  const of = (name: string) => result.persons.find((p) => p.name === name)!
  return { result, of }
}

describe('persons with significant control (docs/ownership.md worked examples)', () => {
  it('direct', () => {
    const { of } = control([person('Ada', null, 12), person('Bola', null, 4)])
    expect(of('Ada')).toMatchObject({ reasons: ['SHARES', 'VOTES'], effectiveShares: 12, effectiveVotes: 12 })
    expect(of('Bola').reasons).toEqual([])
  })

  it('indirect through layers: controlled companies count whole, others in proportion', () => {
    const { of } = control([
      company('Eko Holdings', null, 40),
      company('Lagoon Ventures', 'Eko Holdings', 60),
      person('Emeka', 'Eko Holdings', 40),
      person('Chidi', 'Lagoon Ventures', 80),
      person('Dayo', 'Lagoon Ventures', 20),
    ])
    expect(of('Chidi')).toMatchObject({ reasons: ['SHARES', 'VOTES'], effectiveShares: 40 })
    expect(of('Dayo')).toMatchObject({ reasons: ['SHARES', 'VOTES'], effectiveShares: 8 })
    expect(of('Emeka')).toMatchObject({ reasons: ['SHARES', 'VOTES'], effectiveShares: 16 })
  })

  it('votes without shares', () => {
    const { of } = control([person('Funke', null, 2, { votes: 30 })])
    expect(of('Funke')).toMatchObject({ reasons: ['VOTES'], effectiveShares: 2, effectiveVotes: 30 })
    expect(of('Funke').explanation).toContain('30% of the voting rights')
  })

  it('appointment rights, directly and through a controlled company only', () => {
    const { of } = control([
      person('Gbenga', null, 1, { appointsMajority: true }),
      company('Kano Ltd', null, 3, { appointsMajority: true }),
      person('Hauwa', 'Kano Ltd', 70),
      person('Musa', 'Kano Ltd', 30),
    ])
    expect(of('Gbenga').reasons).toEqual(['APPOINTMENT'])
    expect(of('Hauwa').reasons).toEqual(['APPOINTMENT'])
    expect(of('Hauwa').effectiveShares).toBe(3)
    expect(of('Musa').reasons).toEqual([])
    const weaker = control([company('Kano Ltd', null, 3, { appointsMajority: true }), person('Hauwa', 'Kano Ltd', 40)])
    expect(weaker.of('Hauwa').reasons).toEqual([])
  })

  it('influence', () => {
    const { of } = control([person('Ike', null, 1, { influence: true })])
    expect(of('Ike').reasons).toEqual(['INFLUENCE'])
  })

  it('a trust: its settlor, trustees and beneficiaries when the trust meets a condition', () => {
    const trust: ControlNode = { id: 'trust', parentId: null, kind: 'TRUST', name: 'Obi Family Trust', shares: 20 }
    const { result, of } = control([
      trust,
      person('Ngozi', 'trust', 0, { role: 'SETTLOR' }),
      person('Uche', 'trust', 0, { role: 'TRUSTEE' }),
      person('Tobi', 'trust', 0, { role: 'BENEFICIARY' }),
    ])
    for (const name of ['Ngozi', 'Uche', 'Tobi']) expect(of(name).reasons).toEqual(['TRUST'])
    expect(of('Uche').explanation).toContain('a trustee of Obi Family Trust')
    expect(result.reasonsByNode.has('trust')).toBe(false)
    const small = control([{ ...trust, shares: 3 }, person('Uche', 'trust', 0, { role: 'TRUSTEE' })])
    expect(small.of('Uche').reasons).toEqual([])
  })

  it('a nominee: its principal holds the nominee holding', () => {
    const { result, of } = control([
      { id: 'lekki', parentId: null, kind: 'NOMINEE', name: 'Lekki Nominees', shares: 15 },
      person('Kemi', 'lekki', 0, { role: 'PRINCIPAL' }),
    ])
    expect(of('Kemi')).toMatchObject({ reasons: ['SHARES', 'VOTES'], effectiveShares: 15, effectiveVotes: 15 })
    expect(of('Kemi').explanation).toContain('Lekki Nominees holds for them')
    expect(result.persons.map((p) => p.name)).toEqual(['Kemi'])
  })

  it('two paths merged', () => {
    const { result, of } = control([
      person('ada-direct', null, 3, { name: 'Ada', personKey: 'bvn:idx-ada' }),
      company('Eko', null, 4),
      person('ada-eko', 'Eko', 50, { name: 'Ada', personKey: 'bvn:idx-ada' }),
    ])
    expect(result.persons).toHaveLength(1)
    expect(of('Ada')).toMatchObject({ reasons: ['SHARES', 'VOTES'], effectiveShares: 5, nodeIds: ['ada-direct', 'ada-eko'] })
    expect(of('Ada').explanation).toContain('through 2 holdings together')
  })

  it('a loop refused', () => {
    const nodes = [
      company('Eko Holdings', null, 30, { entityKey: 'RC200' }),
      company('Lagoon Ventures', 'Eko Holdings', 50, { entityKey: 'RC300' }),
      company('Acme Ltd', 'Lagoon Ventures', 40, { entityKey: entityKeyOf('RC 100') }),
    ]
    const options = { rootEntityKey: 'RC100', rootName: 'Acme Ltd' }
    expect(() => computeSignificantControl(nodes, options)).toThrow(OwnershipLoopError)
    expect(() => computeSignificantControl(nodes, options)).toThrow(
      'Circular holding: Acme Ltd → Lagoon Ventures → Eko Holdings → Acme Ltd',
    )
    // A company holding, through others, in itself.
    const inner = [
      company('Eko Holdings', null, 30, { entityKey: 'RC200' }),
      company('Lagoon Ventures', 'Eko Holdings', 50, { entityKey: 'RC300' }),
      company('Eko again', 'Lagoon Ventures', 40, { entityKey: 'RC200' }),
    ]
    expect(() => computeSignificantControl(inner)).toThrow('Eko again → Lagoon Ventures → Eko Holdings')
  })

  it('influence over a company that controls the business counts; over one that does not, not', () => {
    const { of } = control([
      company('Big', null, 60),
      person('Yemi', 'Big', 1, { influence: true }),
      company('Small', null, 10),
      person('Zara', 'Small', 1, { influence: true }),
    ])
    expect(of('Yemi').reasons).toEqual(['INFLUENCE'])
    expect(of('Zara').reasons).toEqual([])
  })
})
