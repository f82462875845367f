import { z } from 'zod'

/**
 * GET /businesses/{id}/ownership (issue 40, docs/ownership.md): the declared structure as a graph, and the persons
 * with significant control computed through every layer. The server builds it; the graph, its table and the KYC PDF
 * read the same answer.
 */

export const OWNERSHIP_NODE_KINDS = ['BUSINESS', 'COMPANY', 'TRUST', 'PERSON', 'NOMINEE'] as const
export type OwnershipNodeKind = (typeof OWNERSHIP_NODE_KINDS)[number]

/** Why a person has significant control (CAMA 2020 s.868, PSC Regulations 2022), each at or above 5 % where a share. */
export const CONTROL_REASONS = ['SHARES', 'VOTES', 'APPOINTMENT', 'INFLUENCE', 'TRUST'] as const
export type ControlReason = (typeof CONTROL_REASONS)[number]

/** A person's screening state as the graph shows it (docs/screening.md): none yet, clear, candidates open, a true match. */
export const PERSON_SCREENING_STATES = ['NOT_SCREENED', 'CLEAR', 'OPEN', 'TRUE_MATCH'] as const

/** How an edge links two nodes: a holding (shares and votes), a trust's roles, or a nominee acting for someone. */
export const OWNERSHIP_EDGE_KINDS = ['HOLDING', 'SETTLOR', 'TRUSTEE', 'BENEFICIARY', 'NOMINEE_FOR'] as const

export const ownershipNodeSchema = z.object({
  /** The business's own id for the root; a shareholder's id; for a trust's persons, `${trustId}:${role}:${index}`. */
  id: z.string(),
  kind: z.enum(OWNERSHIP_NODE_KINDS),
  name: z.string(),
  /** Persons only: the merged person (several nodes on several paths share one key). */
  personKey: z.string().nullable(),
  /** Persons only: PEP as declared or confirmed. */
  pep: z.enum(['NOT_PEP', 'DECLARED', 'CONFIRMED']).nullable(),
  screening: z.enum(PERSON_SCREENING_STATES).nullable(),
  /** Companies: the country of registration when known (ISO alpha-2). */
  country: z.string().nullable(),
  /** Set when this node is (one place of) a person with significant control. */
  significantControl: z.array(z.enum(CONTROL_REASONS)),
})
export type OwnershipGraphNode = z.infer<typeof ownershipNodeSchema>

export const ownershipEdgeSchema = z.object({
  id: z.string(),
  /** The holder (upper in the drawing is the business: edges go from the held entity to its holder). */
  source: z.string(),
  target: z.string(),
  kind: z.enum(OWNERSHIP_EDGE_KINDS),
  /** HOLDING only: percent of the held entity's shares and voting rights. */
  shares: z.number().nullable(),
  votes: z.number().nullable(),
  /** HOLDING only: the holder may appoint or remove a majority of the held entity's directors. */
  appointsMajority: z.boolean(),
  /** HOLDING only: a declared significant influence, with its description. */
  influence: z.string().nullable(),
})
export type OwnershipGraphEdge = z.infer<typeof ownershipEdgeSchema>

export const personWithSignificantControlSchema = z.object({
  personKey: z.string(),
  name: z.string(),
  reasons: z.array(z.enum(CONTROL_REASONS)),
  /** Percent of the business, through every path, summed. */
  effectiveShares: z.number(),
  effectiveVotes: z.number(),
  /** The graph nodes that are this person. */
  nodeIds: z.array(z.string()),
  /** Plain words: why this person counts (shown to the owner and the reviewer). */
  explanation: z.string(),
})
export type PersonWithSignificantControl = z.infer<typeof personWithSignificantControlSchema>

export const ownershipGraphSchema = z.object({
  nodes: z.array(ownershipNodeSchema),
  edges: z.array(ownershipEdgeSchema),
  personsWithSignificantControl: z.array(personWithSignificantControlSchema),
})
export type OwnershipGraph = z.infer<typeof ownershipGraphSchema>
