import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BENEFICIAL_OWNER_THRESHOLD,
  computeOwnership,
  directHoldingUnits,
  overAllocatedLevels,
  personKeyOf,
  remainingPercentage,
  subtreeIds,
  type OwnershipNode,
} from '@/lib/kyc/effective-ownership'

/** Percentages with two decimals, as the API accepts them. */
const pct = fc.integer({ min: 1, max: 10_000 }).map((units) => units / 100)

/**
 * A valid shareholding tree: every level's percentages add up to at most 100%. Built by splitting 100% among a few
 * children, some of which are corporates that recurse. Individuals get distinct person keys.
 */
function treeArb(maxDepth: number): fc.Arbitrary<OwnershipNode[]> {
  let counter = 0
  const level = (parentId: string | null, depth: number): fc.Arbitrary<OwnershipNode[]> =>
    fc
      .array(fc.record({ units: fc.integer({ min: 1, max: 10_000 }), corporate: fc.boolean() }), { minLength: 1, maxLength: 4 })
      .chain((children) => {
        // Scale so the level totals at most 100%.
        const total = children.reduce((s, c) => s + c.units, 0)
        const scale = total > 10_000 ? 10_000 / total : 1
        const nodes = children.map((c) => {
          const id = `n${++counter}`
          const isCorporate = c.corporate && depth < maxDepth
          return {
            id,
            parentId,
            kind: isCorporate ? ('CORPORATE' as const) : ('INDIVIDUAL' as const),
            percentage: Math.max(1, Math.floor(c.units * scale)) / 100,
            personKey: isCorporate ? null : `p:${id}`,
          }
        })
        const below = nodes.filter((n) => n.kind === 'CORPORATE').map((n) => level(n.id, depth + 1))
        return (below.length ? fc.tuple(...below) : fc.constant([] as OwnershipNode[][])).map((subtrees) => [
          ...nodes,
          ...subtrees.flat(),
        ])
      })
  return fc.constant(null).chain(() => {
    counter = 0
    return level(null, 0)
  })
}

const individuals = (nodes: readonly OwnershipNode[]) => nodes.filter((n) => n.kind === 'INDIVIDUAL')

describe('effective ownership (property-based)', () => {
  it('in a flat structure, effective ownership equals the direct percentage', () => {
    fc.assert(
      fc.property(fc.array(pct, { minLength: 1, maxLength: 20 }), (percentages) => {
        const nodes = percentages.map((percentage, i) => ({
          id: `i${i}`,
          parentId: null,
          kind: 'INDIVIDUAL' as const,
          percentage,
          personKey: `p${i}`,
        }))
        const { effectiveOwnershipOf, beneficialOwnerIds } = computeOwnership(nodes)
        for (const n of nodes) {
          expect(effectiveOwnershipOf.get(n.id)).toBeCloseTo(n.percentage, 9)
          expect(beneficialOwnerIds.has(n.id)).toBe(n.percentage >= BENEFICIAL_OWNER_THRESHOLD)
        }
      }),
    )
  })

  it('when every level holds at most 100%, the individuals’ effective ownership adds up to at most 100%', () => {
    fc.assert(
      fc.property(treeArb(4), (nodes) => {
        expect(overAllocatedLevels(nodes)).toEqual([])
        const { effectiveOwnershipOf } = computeOwnership(nodes)
        const sum = individuals(nodes).reduce((s, n) => s + effectiveOwnershipOf.get(n.id)!, 0)
        expect(sum).toBeLessThanOrEqual(100 + 1e-9)
        for (const n of individuals(nodes)) expect(effectiveOwnershipOf.get(n.id)).toBeGreaterThanOrEqual(0)
      }),
    )
  })

  it('an effective stake is the product of the percentages on the path to the business', () => {
    fc.assert(
      fc.property(fc.array(pct, { minLength: 1, maxLength: 12 }), (chain) => {
        const nodes: OwnershipNode[] = chain.map((percentage, i) => ({
          id: `c${i}`,
          parentId: i === 0 ? null : `c${i - 1}`,
          kind: i === chain.length - 1 ? 'INDIVIDUAL' : 'CORPORATE',
          percentage,
        }))
        const expected = chain.reduce((acc, p) => (acc * p) / 100, 100)
        expect(computeOwnership(nodes).stakeOf.get(`c${chain.length - 1}`)).toBeCloseTo(expected, 9)
      }),
    )
  })

  it('scaling a corporate’s percentage scales the stake of everyone below it by the same factor', () => {
    fc.assert(
      fc.property(treeArb(3), fc.double({ min: 0.01, max: 1, noNaN: true }), (nodes, factor) => {
        const corporates = nodes.filter((n) => n.kind === 'CORPORATE')
        fc.pre(corporates.length > 0)
        const target = corporates[0]!
        const scaled = nodes.map((n) => (n.id === target.id ? { ...n, percentage: n.percentage * factor } : n))
        const before = computeOwnership(nodes).stakeOf
        const after = computeOwnership(scaled).stakeOf
        const below = new Set(subtreeIds(nodes, target.id))
        for (const n of nodes) {
          const expected = below.has(n.id) ? before.get(n.id)! * factor : before.get(n.id)!
          expect(after.get(n.id)).toBeCloseTo(expected, 9)
        }
      }),
    )
  })

  it('raising any percentage never lowers anyone’s effective ownership (monotonicity)', () => {
    fc.assert(
      fc.property(treeArb(3), fc.nat(), fc.integer({ min: 0, max: 5_000 }), (nodes, pick, extraUnits) => {
        const i = pick % nodes.length
        const raised = nodes.map((n, j) => (j === i ? { ...n, percentage: Math.min(100, n.percentage + extraUnits / 100) } : n))
        const before = computeOwnership(nodes)
        const after = computeOwnership(raised)
        for (const n of individuals(nodes)) {
          expect(after.effectiveOwnershipOf.get(n.id)!).toBeGreaterThanOrEqual(before.effectiveOwnershipOf.get(n.id)! - 1e-12)
          if (before.beneficialOwnerIds.has(n.id)) expect(after.beneficialOwnerIds.has(n.id)).toBe(true)
        }
      }),
    )
  })

  it('a person found at several places owns the sum of their stakes', () => {
    fc.assert(
      fc.property(pct, pct, pct, (direct, corporate, inside) => {
        const nodes: OwnershipNode[] = [
          { id: 'a', parentId: null, kind: 'INDIVIDUAL', percentage: direct, personKey: personKeyOf({ bvn: '22212345678' }) },
          { id: 'c', parentId: null, kind: 'CORPORATE', percentage: corporate },
          { id: 'b', parentId: 'c', kind: 'INDIVIDUAL', percentage: inside, personKey: personKeyOf({ bvn: '2221234 5678' }) },
        ]
        const { effectiveOwnershipOf } = computeOwnership(nodes)
        const total = direct + (corporate * inside) / 100
        expect(effectiveOwnershipOf.get('a')).toBeCloseTo(total, 9)
        expect(effectiveOwnershipOf.get('b')).toBeCloseTo(total, 9)
      }),
    )
  })

  it('never yields NaN or Infinity, however deep the nesting or odd the data', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.array(fc.oneof(pct, fc.constant(Number.NaN), fc.constant(-5), fc.constant(1e9)), { minLength: 1, maxLength: 400 }),
        (depth, percentages) => {
          const nodes: OwnershipNode[] = Array.from({ length: depth }, (_, i) => ({
            id: `d${i}`,
            parentId: i === 0 ? null : `d${i - 1}`,
            kind: i === depth - 1 ? 'INDIVIDUAL' : 'CORPORATE',
            percentage: percentages[i % percentages.length]!,
          }))
          // A dangling parent and a cycle, which the API never writes.
          nodes.push({ id: 'orphan', parentId: 'missing', kind: 'INDIVIDUAL', percentage: 50 })
          nodes.push(
            { id: 'x', parentId: 'y', kind: 'CORPORATE', percentage: 50 },
            { id: 'y', parentId: 'x', kind: 'CORPORATE', percentage: 50 },
          )
          const { stakeOf, effectiveOwnershipOf } = computeOwnership(nodes)
          for (const value of [...stakeOf.values(), ...effectiveOwnershipOf.values()]) {
            expect(Number.isFinite(value)).toBe(true)
            expect(value).toBeGreaterThanOrEqual(0)
            expect(value).toBeLessThanOrEqual(100)
          }
          expect(stakeOf.get('orphan')).toBe(0)
        },
      ),
    )
  })

  it('checks level totals exactly in hundredths of a percent', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 30 }), (units) => {
        const nodes = units.map((u, i) => ({ id: `s${i}`, parentId: null, kind: 'INDIVIDUAL' as const, percentage: u / 100 }))
        const total = units.reduce((s, u) => s + u, 0)
        expect(directHoldingUnits(nodes)).toBe(total)
        expect(overAllocatedLevels(nodes).length).toBe(total > 10_000 ? 1 : 0)
        expect(remainingPercentage(nodes, null)).toBe(Math.max(0, 10_000 - total) / 100)
      }),
    )
  })
})

describe('effective ownership examples', () => {
  it('follows the domain example: 50% corporate × 40% inside = 20% effective', () => {
    const nodes: OwnershipNode[] = [
      { id: 'corp', parentId: null, kind: 'CORPORATE', percentage: 50 },
      { id: 'ada', parentId: 'corp', kind: 'INDIVIDUAL', percentage: 40, personKey: 'ada' },
      { id: 'bola', parentId: 'corp', kind: 'INDIVIDUAL', percentage: 9.99, personKey: 'bola' },
    ]
    const result = computeOwnership(nodes)
    expect(result.effectiveOwnershipOf.get('ada')).toBe(20)
    expect(result.beneficialOwnerIds.has('ada')).toBe(true)
    expect(result.effectiveOwnershipOf.get('bola')).toBeCloseTo(4.995, 9)
    expect(result.beneficialOwnerIds.has('bola')).toBe(false)
  })

  it('counts exactly 5% as a beneficial owner', () => {
    const nodes: OwnershipNode[] = [
      { id: 'c', parentId: null, kind: 'CORPORATE', percentage: 10 },
      { id: 'p', parentId: 'c', kind: 'INDIVIDUAL', percentage: 50, personKey: 'p' },
    ]
    expect(computeOwnership(nodes).beneficialOwnerIds.has('p')).toBe(true)
  })
})
