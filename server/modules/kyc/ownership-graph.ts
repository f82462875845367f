import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type {
  OwnershipGraph,
  OwnershipGraphEdge,
  OwnershipGraphNode,
  PersonWithSignificantControl,
} from '@/lib/contracts/ownership'
import { PERMISSIONS } from '@/lib/permissions/names'
import type { Executor } from '@/server/db/client'
import {
  businesses,
  screeningChecks,
  screeningEntries,
  screeningHits,
  screeningLists,
  shareholders,
  type Shareholder,
} from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { canActOnBusiness } from '@/server/http/scope'
import { countryCodeOf } from '@/server/modules/locations/country-codes'
import { assertKycReadable, findKycDetailsOfBusiness, kycNotFound } from './kyc-record'
import { shareholderName, shareholderPersonKey, significantControlOf } from './ownership-nodes'

const NODE_KIND = { INDIVIDUAL: 'PERSON', CORPORATE: 'COMPANY', TRUST: 'TRUST', NOMINEE: 'NOMINEE' } as const
const ROLE_EDGE = { SETTLOR: 'SETTLOR', TRUSTEE: 'TRUSTEE', BENEFICIARY: 'BENEFICIARY', PRINCIPAL: 'NOMINEE_FOR' } as const

/** Screening results are for screening readers only (docs/screening.md): others get null, and only declared PEPs. */
const SCREENING_RESULT_READERS = [PERMISSIONS.CAN_READ_SCREENING, PERMISSIONS.CAN_ADJUDICATE_SCREENING] as const

type PersonScreening = { state: 'CLEAR' | 'OPEN' | 'TRUE_MATCH'; pepConfirmed: boolean }

/**
 * GET /businesses/{id}/ownership (docs/ownership.md#where-it-is-used): the declared structure as a graph and the persons
 * with significant control. Readers of the business's KYC; 404 for an unknown business or anyone else's.
 */
export async function readOwnershipGraph(options: { db: Executor; actor: Actor; businessId: string }): Promise<OwnershipGraph> {
  const { db, actor, businessId } = options
  assertKycReadable(actor, businessId, 'Business')
  const [business] = await db
    .select({ id: businesses.id, name: businesses.name, country: businesses.country })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  if (!business) throw kycNotFound('Business')
  const kyc = await findKycDetailsOfBusiness(db, businessId)
  const rows = kyc
    ? await db
        .select()
        .from(shareholders)
        .where(eq(shareholders.kycDetailsId, kyc.id))
        .orderBy(asc(shareholders.createdAt), asc(shareholders.id))
    : []
  const seesScreening = actor.isStaff && SCREENING_RESULT_READERS.some((p) => canActOnBusiness(actor, businessId, p))
  const screening = seesScreening ? await screeningOfShareholders(db, businessId) : null

  const control = significantControlOf(rows)
  // Opaque person keys: the blind index behind personKeyOf stays on the server.
  const opaque = new Map<string, string>()
  const keyOf = (row: Shareholder) => {
    const key = shareholderPersonKey(row)
    if (!opaque.has(key)) opaque.set(key, `person-${opaque.size + 1}`)
    return opaque.get(key)!
  }

  const nodes: OwnershipGraphNode[] = [
    {
      id: business.id,
      kind: 'BUSINESS',
      name: business.name,
      personKey: null,
      pep: null,
      screening: null,
      country: (await countryCodeOf(kyc?.countryOfIncorporation)) ?? (await countryCodeOf(business.country)),
      significantControl: [],
    },
  ]
  const edges: OwnershipGraphEdge[] = []
  for (const row of rows) {
    const isPerson = row.type === 'INDIVIDUAL'
    const screened = screening?.get(row.id)
    nodes.push({
      id: row.id,
      kind: NODE_KIND[row.type],
      name: shareholderName(row),
      personKey: isPerson ? keyOf(row) : null,
      pep: isPerson ? pepOf(row, screened) : null,
      screening: isPerson && screening ? (screened?.state ?? 'NOT_SCREENED') : null,
      country: isPerson ? null : await countryCodeOf(row.nationality),
      significantControl: control.reasonsByNode.get(row.id) ?? [],
    })
    const source = row.parentShareholderId ?? business.id
    edges.push(
      row.role
        ? {
            id: `edge-${row.id}`,
            source,
            target: row.id,
            kind: ROLE_EDGE[row.role],
            shares: null,
            votes: null,
            appointsMajority: false,
            influence: null,
          }
        : {
            id: `edge-${row.id}`,
            source,
            target: row.id,
            kind: 'HOLDING',
            shares: row.percentageUnits / 100,
            votes: (row.votingUnits ?? row.percentageUnits) / 100,
            appointsMajority: row.appointsMajority,
            influence: row.significantInfluence ? (row.influenceDescription ?? '') : null,
          },
    )
  }
  const byId = new Map(rows.map((r) => [r.id, r]))
  const personsWithSignificantControl: PersonWithSignificantControl[] = control.persons
    .filter((p) => p.reasons.length)
    .map((p) => ({
      personKey: keyOf(byId.get(p.nodeIds[0]!)!),
      name: p.name,
      reasons: p.reasons,
      effectiveShares: p.effectiveShares,
      effectiveVotes: p.effectiveVotes,
      nodeIds: p.nodeIds,
      explanation: p.explanation,
    }))
  return { nodes, edges, personsWithSignificantControl }
}

function pepOf(row: Shareholder, screened: PersonScreening | undefined): OwnershipGraphNode['pep'] {
  if (screened?.pepConfirmed) return 'CONFIRMED'
  return row.pepStatus && row.pepStatus !== 'NOT_PEP' ? 'DECLARED' : 'NOT_PEP'
}

/**
 * Each shareholder's current screening (a check names its records in `subject_ref`, `shareholders:<id>,…`): a true
 * match, else an open candidate, else clear; `pepConfirmed` on a true match on a PEP list.
 */
async function screeningOfShareholders(db: Executor, businessId: string): Promise<Map<string, PersonScreening>> {
  const checks = await db
    .select({ id: screeningChecks.id, subjectRef: screeningChecks.subjectRef, status: screeningChecks.status })
    .from(screeningChecks)
    .where(and(eq(screeningChecks.businessId, businessId), isNull(screeningChecks.supersededAt)))
  const trueMatches = checks.length
    ? await db
        .select({ checkId: screeningHits.checkId, kind: screeningLists.kind })
        .from(screeningHits)
        .innerJoin(screeningEntries, eq(screeningEntries.id, screeningHits.entryId))
        .innerJoin(screeningLists, eq(screeningLists.id, screeningEntries.listId))
        .where(
          and(
            inArray(
              screeningHits.checkId,
              checks.map((c) => c.id),
            ),
            eq(screeningHits.status, 'TRUE_MATCH'),
          ),
        )
    : []
  const out = new Map<string, PersonScreening>()
  for (const check of checks) {
    const matches = trueMatches.filter((m) => m.checkId === check.id)
    const state = matches.length ? 'TRUE_MATCH' : check.status === 'OPEN' ? 'OPEN' : 'CLEAR'
    const value = { state, pepConfirmed: matches.some((m) => m.kind === 'PEP') } as const
    for (const ref of check.subjectRef.split(','))
      if (ref.startsWith('shareholders:')) out.set(ref.slice('shareholders:'.length), value)
  }
  return out
}
