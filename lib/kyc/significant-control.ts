/**
 * Persons with significant control (CAMA 2020 s.868, PSC Regulations 2022), through every layer of a declared
 * shareholding. Pure and zod-free, like effective-ownership: the server (the ownership graph, the KYC gaps, the
 * shareholder lists) and the browser compute the same answer. The reading implemented, with worked examples, is
 * docs/ownership.md; lib/kyc/significant-control.test.ts checks every example.
 *
 * The shareholding is a tree: a holding (person, company, trust, nominee) names the company it holds in as its parent,
 * or none for a direct holding of the business. Under a trust hang its settlor, trustees and beneficiaries, under a
 * nominee the person it acts for (`role` set): they hold nothing themselves.
 */

/** `12.5%`: percentages are below 1000, so no grouping (and no Intl call: explanations are built for every person). */
const formatPercentage = (value: number) => `${Math.round((Number.isFinite(value) ? value : 0) * 100) / 100}%`

/** At or above this percentage of the shares or of the votes, a person has significant control. */
export const SIGNIFICANT_CONTROL_THRESHOLD = 5

/** More than this percentage of a company's votes controls it (its holdings then count whole upward). */
export const MAJORITY = 50

const EPSILON = 1e-9

export type ControlHolderKind = 'PERSON' | 'COMPANY' | 'TRUST' | 'NOMINEE'
export type ControlRole = 'SETTLOR' | 'TRUSTEE' | 'BENEFICIARY' | 'PRINCIPAL'
export type SignificantControlReason = 'SHARES' | 'VOTES' | 'APPOINTMENT' | 'INFLUENCE' | 'TRUST'

export interface ControlNode {
  id: string
  /** The company held in (or the trust or nominee a role person stands under); null: the business itself. */
  parentId: string | null
  kind: ControlHolderKind
  /** How a message names it. */
  name: string
  /** Persons under a trust or a nominee; null for a holding. */
  role?: ControlRole | null
  /** Percent of the parent's shares (0 for role persons). */
  shares: number
  /** Percent of the parent's voting rights; null or undefined: as the shares. */
  votes?: number | null
  appointsMajority?: boolean
  influence?: boolean
  /** Persons: who they are (personKeyOf), so the same person on several paths adds up. */
  personKey?: string | null
  /** Companies, trusts, nominees: who they are (a normalised registration number), to find circular holdings. */
  entityKey?: string | null
}

export interface ControlOptions {
  threshold?: number
  /** The business's own registration number (normalised), so a holding of itself through others is a loop. */
  rootEntityKey?: string | null
  /** How a loop message names the business. */
  rootName?: string
}

export interface ControllingPerson {
  personKey: string
  name: string
  /** Every node that is this person (holdings, and places under trusts and nominees). */
  nodeIds: string[]
  /** Empty when the person has no significant control. */
  reasons: SignificantControlReason[]
  /** Percent of the business's shares and votes through every path, indirect holdings through controlled companies whole. */
  effectiveShares: number
  effectiveVotes: number
  /** Plain words, for the owner and the reviewer. */
  explanation: string
}

export interface ControlResult {
  /** Every person of the structure, persons with significant control first, then by name. */
  persons: ControllingPerson[]
  /** Node ids of persons with significant control, with their merged reasons. */
  reasonsByNode: ReadonlyMap<string, SignificantControlReason[]>
}

/** A circular holding: a company holding (through others) in itself or in the business. */
export class OwnershipLoopError extends Error {
  constructor(readonly loop: string[]) {
    super(`Circular holding: ${loop.join(' → ')} (each holds shares in the next): a company cannot hold shares in itself.`)
    this.name = 'OwnershipLoopError'
  }
}

/** `RC 123-4567` → `RC1234567`: registration numbers compared as CAC writes them. */
export function entityKeyOf(registrationNumber: string | null | undefined): string | null {
  const key = registrationNumber?.replace(/[\s-]+/g, '').toUpperCase()
  return key ? key : null
}

/**
 * The loop a node closes, as names from the entity first held to the node again, or null. A loop is a node whose
 * entity key is the business's own or an ancestor's, or a parent chain that comes back to itself.
 */
export function findLoop(nodes: readonly ControlNode[], options: ControlOptions = {}): string[] | null {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  for (const node of nodes) {
    const chain: ControlNode[] = []
    const seen = new Set<string>([node.id])
    let parent = node.parentId ? byId.get(node.parentId) : undefined
    while (parent) {
      chain.push(parent)
      if (seen.has(parent.id)) return [node.name, ...chain.map((c) => c.name)]
      seen.add(parent.id)
      // The node is the very entity it holds in, through the companies between.
      if (node.entityKey && parent.entityKey === node.entityKey) return [node.name, ...chain.map((c) => c.name)]
      parent = parent.parentId ? byId.get(parent.parentId) : undefined
    }
    if (node.entityKey && options.rootEntityKey && node.entityKey === options.rootEntityKey) {
      return [node.name, ...chain.map((c) => c.name), options.rootName ?? 'the business']
    }
  }
  return null
}

const clamp = (value: number | null | undefined) => {
  const v = value ?? 0
  if (!Number.isFinite(v) || v < 0) return 0
  return v > 100 ? 100 : v
}
const votesOf = (n: ControlNode) => clamp(n.votes ?? n.shares)
/** A holding controls what it is held in: a majority of its votes, or the right to appoint a majority of its directors. */
const controls = (n: ControlNode) => votesOf(n) > MAJORITY || !!n.appointsMajority

interface PathFigures {
  shares: number
  votes: number
  appointment: boolean
  influence: boolean
  /** The names of the entities above the business the path goes through, top first (for explanations). */
  via: string[]
}

/**
 * The figures of one holding on its path to the business (docs/ownership.md#the-reading): the last holding's shares
 * and votes, each upper holding counting whole when it controls the company it is held in, else by its own percentage;
 * the appointment right of the last holding, or an influence on any holding, when every other holding of the path
 * controls.
 */
function pathFigures(node: ControlNode, byId: ReadonlyMap<string, ControlNode>): PathFigures {
  const path: ControlNode[] = [node]
  let parent = node.parentId ? byId.get(node.parentId) : undefined
  while (parent) {
    path.push(parent)
    parent = parent.parentId ? byId.get(parent.parentId) : undefined
  }
  const last = path[path.length - 1]!
  if (last.parentId !== null) return { shares: 0, votes: 0, appointment: false, influence: false, via: [] }
  let shares = clamp(last.shares)
  let votes = votesOf(last)
  const upper = path.slice(0, -1)
  for (const h of upper) {
    if (controls(h)) continue
    shares = (shares * clamp(h.shares)) / 100
    votes = (votes * votesOf(h)) / 100
  }
  const appointment = !!last.appointsMajority && upper.every(controls)
  // Influence over one entity of the path counts when every other holding of the path controls.
  const influence = path.some((h) => h.influence && path.every((o) => o === h || controls(o)))
  return { shares, votes, appointment, influence, via: path.slice(1).map((h) => h.name) }
}

interface Contribution {
  nodeId: string
  figures: PathFigures
  /** Set for a person under a trust: the trust's name and whether the trust meets a condition. */
  trust?: { name: string; role: ControlRole; qualifies: boolean }
  /** Set for a nominee's principal: the nominee's name. */
  nominee?: string
}

/**
 * Every person of the structure with their control, persons with significant control marked by their reasons.
 * Throws OwnershipLoopError on a circular holding.
 */
export function computeSignificantControl(nodes: readonly ControlNode[], options: ControlOptions = {}): ControlResult {
  const threshold = options.threshold ?? SIGNIFICANT_CONTROL_THRESHOLD
  const loop = findLoop(nodes, options)
  if (loop) throw new OwnershipLoopError(loop)
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const figures = new Map<string, PathFigures>()
  const figuresOf = (n: ControlNode) => {
    let f = figures.get(n.id)
    if (!f) figures.set(n.id, (f = pathFigures(n, byId)))
    return f
  }
  const qualifies = (f: PathFigures) =>
    f.shares + EPSILON >= threshold || f.votes + EPSILON >= threshold || f.appointment || f.influence

  const byPerson = new Map<string, { name: string; contributions: Contribution[] }>()
  for (const node of nodes) {
    if (node.kind !== 'PERSON') continue
    const key = node.personKey ?? `node:${node.id}`
    const entry = byPerson.get(key) ?? { name: node.name, contributions: [] }
    byPerson.set(key, entry)
    const parent = node.parentId ? byId.get(node.parentId) : undefined
    if (node.role && parent?.kind === 'NOMINEE') {
      // The nominee's holding is the principal's: its shares, votes, rights and influence.
      entry.contributions.push({ nodeId: node.id, figures: figuresOf(parent), nominee: parent.name })
    } else if (node.role && parent?.kind === 'TRUST') {
      entry.contributions.push({
        nodeId: node.id,
        figures: { shares: 0, votes: 0, appointment: false, influence: false, via: [] },
        trust: { name: parent.name, role: node.role, qualifies: qualifies(figuresOf(parent)) },
      })
    } else if (!node.role) {
      entry.contributions.push({ nodeId: node.id, figures: figuresOf(node) })
    }
  }

  const persons: ControllingPerson[] = []
  const reasonsByNode = new Map<string, SignificantControlReason[]>()
  for (const [personKey, { name, contributions }] of byPerson) {
    const effectiveShares = round4(contributions.reduce((s, c) => s + c.figures.shares, 0))
    const effectiveVotes = round4(contributions.reduce((s, c) => s + c.figures.votes, 0))
    const reasons: SignificantControlReason[] = []
    if (effectiveShares + EPSILON >= threshold) reasons.push('SHARES')
    if (effectiveVotes + EPSILON >= threshold) reasons.push('VOTES')
    if (contributions.some((c) => c.figures.appointment)) reasons.push('APPOINTMENT')
    if (contributions.some((c) => c.figures.influence)) reasons.push('INFLUENCE')
    if (contributions.some((c) => c.trust?.qualifies)) reasons.push('TRUST')
    const nodeIds = contributions.map((c) => c.nodeId)
    if (reasons.length) for (const id of nodeIds) reasonsByNode.set(id, reasons)
    persons.push({
      personKey,
      name,
      nodeIds,
      reasons,
      effectiveShares,
      effectiveVotes,
      explanation: explain(name, reasons, effectiveShares, effectiveVotes, contributions, threshold),
    })
  }
  persons.sort((a, b) => Number(!a.reasons.length) - Number(!b.reasons.length) || a.name.localeCompare(b.name))
  return { persons, reasonsByNode }
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000

function explain(
  name: string,
  reasons: readonly SignificantControlReason[],
  shares: number,
  votes: number,
  contributions: readonly Contribution[],
  threshold: number,
): string {
  if (!reasons.length)
    return `${name} holds ${formatPercentage(shares)} of the shares and ${formatPercentage(votes)} of the votes, below ${formatPercentage(threshold)}, with no right to appoint directors or declared influence.`
  const parts: string[] = []
  const paths = contributions.filter((c) => !c.trust).length
  const through = paths > 1 ? ` (through ${paths} holdings together)` : ''
  if (reasons.includes('SHARES')) parts.push(`holds ${formatPercentage(shares)} of the shares${through}`)
  if (reasons.includes('VOTES')) parts.push(`holds ${formatPercentage(votes)} of the voting rights${through}`)
  if (reasons.includes('APPOINTMENT')) {
    const c = contributions.find((x) => x.figures.appointment)!
    parts.push(
      `can appoint or remove a majority of the directors${c.figures.via.length ? ` through ${c.figures.via.join(', ')}` : ''}`,
    )
  }
  if (reasons.includes('INFLUENCE')) parts.push('exercises significant influence or control, as declared')
  for (const c of contributions) {
    if (c.trust?.qualifies) parts.push(`is ${article(c.trust.role)} of ${c.trust.name}, which has significant control`)
  }
  const nominees = [...new Set(contributions.flatMap((c) => (c.nominee ? [c.nominee] : [])))]
  const nomineeNote = nominees.length ? ` ${nominees.join(' and ')} hold${nominees.length > 1 ? '' : 's'} for them.` : ''
  return `${name} ${joinWords(parts)} (${formatPercentage(threshold)} or more of shares or votes, a right to appoint the board, or influence counts).${nomineeNote}`
}

function article(role: ControlRole): string {
  return { SETTLOR: 'the settlor', TRUSTEE: 'a trustee', BENEFICIARY: 'a beneficiary', PRINCIPAL: 'the principal' }[role]
}

function joinWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? ''
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}
