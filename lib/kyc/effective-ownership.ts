/**
 * Effective ownership through corporate layers (docs/domain.md#kyc-capture). Pure and zod-free: the server (KYC gaps,
 * shareholder lists, PDF info) and the browser (shareholder editor) compute the same numbers.
 *
 * A shareholding is a tree: direct shareholders of the business have no parent; a corporate shareholder's own
 * shareholders name it as their parent, to any depth. A node's effective stake in the business is its percentage
 * times its parent's effective stake (/100). A person may appear more than once (directly and through a corporate,
 * or through two corporates); their effective ownership is the sum of the stakes of every node that is them.
 */

/** Individuals at or above this effective percentage are beneficial owners and need a means of ID. */
export const BENEFICIAL_OWNER_THRESHOLD = 5

/** Percentages carry at most two decimals, so sums are checked exactly in hundredths of a percent. */
export const PERCENT_SCALE = 100
export const FULL_HOLDING_UNITS = 100 * PERCENT_SCALE

/** Comparisons of computed stakes tolerate floating-point noise this small. */
const EPSILON = 1e-9

export type ShareholderKind = 'INDIVIDUAL' | 'CORPORATE'

export interface OwnershipNode {
  id: string
  /** The corporate shareholder this one holds shares in; null for a direct shareholder of the business. */
  parentId: string | null
  kind: ShareholderKind
  /** Percentage of the parent (or of the business), 0–100. */
  percentage: number
  /**
   * Who the individual is, so the same person found at several places adds up: their BVN when known, else their
   * normalised name (see `personKeyOf`). Ignored for corporates.
   */
  personKey?: string | null
}

/** BVN when given, else the lower-cased name with spaces collapsed; two entries with the same key are one person. */
export function personKeyOf(person: { bvn?: string | null; firstName?: string | null; lastName?: string | null }): string {
  const bvn = person.bvn?.replace(/\s+/g, '')
  if (bvn) return `bvn:${bvn}`
  const name = `${person.firstName ?? ''} ${person.lastName ?? ''}`.toLowerCase().replace(/\s+/g, ' ').trim()
  return `name:${name}`
}

/** `12.345` → 1235 hundredths; non-finite values count as 0. */
export function toPercentUnits(percentage: number): number {
  return Number.isFinite(percentage) ? Math.round(percentage * PERCENT_SCALE) : 0
}

export interface OwnershipSummary {
  /** Every node's own effective stake in the business, in percent. */
  stakeOf: ReadonlyMap<string, number>
  /** Every individual node's effective ownership as a person (the sum over every node with the same person key). */
  effectiveOwnershipOf: ReadonlyMap<string, number>
  /** Individual node ids whose person is a beneficial owner. */
  beneficialOwnerIds: ReadonlySet<string>
}

/**
 * Effective stakes of every node. A node whose parent is missing, is not corporate, or lies on a cycle has stake 0
 * (such data cannot be written through the API, but the computation stays total and never yields NaN).
 */
export function computeOwnership(nodes: readonly OwnershipNode[], threshold = BENEFICIAL_OWNER_THRESHOLD): OwnershipSummary {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const stakeOf = new Map<string, number>()
  const visiting = new Set<string>()

  const stake = (node: OwnershipNode): number => {
    const known = stakeOf.get(node.id)
    if (known !== undefined) return known
    if (visiting.has(node.id)) return 0
    visiting.add(node.id)
    const own = clampPercent(node.percentage)
    let value: number
    if (node.parentId === null) value = own
    else {
      const parent = byId.get(node.parentId)
      value = parent && parent.kind === 'CORPORATE' ? (stake(parent) * own) / 100 : 0
    }
    visiting.delete(node.id)
    stakeOf.set(node.id, value)
    return value
  }
  for (const node of nodes) stake(node)

  const byPerson = new Map<string, number>()
  const keyOf = (node: OwnershipNode) => node.personKey ?? `node:${node.id}`
  for (const node of nodes) {
    if (node.kind !== 'INDIVIDUAL') continue
    byPerson.set(keyOf(node), (byPerson.get(keyOf(node)) ?? 0) + stakeOf.get(node.id)!)
  }
  const effectiveOwnershipOf = new Map<string, number>()
  const beneficialOwnerIds = new Set<string>()
  for (const node of nodes) {
    if (node.kind !== 'INDIVIDUAL') continue
    const total = byPerson.get(keyOf(node))!
    effectiveOwnershipOf.set(node.id, total)
    if (total + EPSILON >= threshold) beneficialOwnerIds.add(node.id)
  }
  return { stakeOf, effectiveOwnershipOf, beneficialOwnerIds }
}

function clampPercent(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0
  return value > 100 ? 100 : value
}

/** Sum of the percentages held directly in the business (parentId null), in hundredths of a percent. */
export function directHoldingUnits(nodes: readonly OwnershipNode[]): number {
  return nodes.filter((n) => n.parentId === null).reduce((sum, n) => sum + toPercentUnits(n.percentage), 0)
}

/** Sum of the percentages held in one corporate shareholder, in hundredths of a percent. */
export function childHoldingUnits(nodes: readonly OwnershipNode[], parentId: string): number {
  return nodes.filter((n) => n.parentId === parentId).reduce((sum, n) => sum + toPercentUnits(n.percentage), 0)
}

/**
 * What a holding may still grow to at one level: 100% minus what the siblings hold (the node itself excluded,
 * so an edit can keep or lower its own percentage). In percent, two decimals.
 */
export function remainingPercentage(nodes: readonly OwnershipNode[], parentId: string | null, exceptId?: string): number {
  const used = nodes
    .filter((n) => n.parentId === parentId && n.id !== exceptId)
    .reduce((sum, n) => sum + toPercentUnits(n.percentage), 0)
  return Math.max(0, FULL_HOLDING_UNITS - used) / PERCENT_SCALE
}

/** Levels whose holdings add up to more than 100%: `parentId` null is the business itself. */
export function overAllocatedLevels(
  nodes: readonly OwnershipNode[],
): Array<{ parentId: string | null; totalPercentage: number }> {
  const totals = new Map<string | null, number>()
  for (const n of nodes) totals.set(n.parentId, (totals.get(n.parentId) ?? 0) + toPercentUnits(n.percentage))
  return [...totals]
    .filter(([, units]) => units > FULL_HOLDING_UNITS)
    .map(([parentId, units]) => ({ parentId, totalPercentage: units / PERCENT_SCALE }))
}

/** The ids of a node and everything below it (for deletes). */
export function subtreeIds(nodes: readonly Pick<OwnershipNode, 'id' | 'parentId'>[], rootId: string): string[] {
  const children = new Map<string, string[]>()
  for (const n of nodes) {
    if (n.parentId === null) continue
    const list = children.get(n.parentId) ?? []
    list.push(n.id)
    children.set(n.parentId, list)
  }
  const out: string[] = []
  const seen = new Set<string>()
  const stack = [rootId]
  while (stack.length) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    out.push(id)
    stack.push(...(children.get(id) ?? []))
  }
  return out
}

let percentFormat: Intl.NumberFormat | undefined

/**
 * `12.5` → `12.5%`, `3.3333` → `3.33%`: what a person reads. One `Intl.NumberFormat`, made once: `toLocaleString` with
 * options builds a new one on every call (the ownership graph's 200 labels and table rows spent 170 ms on it on a phone
 * profile, bench/ownership-graph.ts).
 */
export function formatPercentage(value: number): string {
  const rounded = Math.round((Number.isFinite(value) ? value : 0) * 100) / 100
  percentFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
  return `${percentFormat.format(rounded)}%`
}
