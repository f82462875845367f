import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { OwnershipGraph } from '@/lib/contracts/ownership'
import { getDb } from '@/server/db/client'
import { audits } from '@/server/db/schema'
import { findKycCaptureGaps } from '@/server/modules/kyc/kyc-capture-gaps'
import { gatherRiskFacts } from '@/server/modules/risk/risk-facts'
import { api, errorsOf, signedInUser } from './helpers'
import { corporateBody, createKyc, individualBody, ownerWithBusiness } from './kyc-fixtures'

interface Holder {
  id: string
  type: string
  role: string | null
  percentage: number
  votingPercentage: number
  votesFollowShares: boolean
  appointsMajority: boolean
  significantInfluence: boolean
  influenceDescription: string | null
  isBeneficialOwner: boolean
  controlReasons: string[]
  needsMeansOfId: boolean
}

async function setup() {
  const { owner, business, businessId } = await ownerWithBusiness()
  const kyc = await createKyc(owner.token, businessId)
  const post = (body: Record<string, unknown>) => api('/kyc/shareholders', { method: 'POST', token: owner.token, json: body })
  const add = async (body: Record<string, unknown>) => {
    const res = await post(body)
    expect(res.status, await res.clone().text()).toBe(201)
    return (await res.json()) as Holder
  }
  const put = (id: string, body: Record<string, unknown>) =>
    api(`/kyc/shareholders/${id}`, { method: 'PUT', token: owner.token, json: body })
  const graph = async (token = owner.token) => {
    const res = await api(`/businesses/${businessId}/ownership`, { token })
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as OwnershipGraph
  }
  return { owner, business, businessId, kyc, post, add, put, graph }
}

const person = (kycDetailsId: string, first: string, bvn: string, overrides: Record<string, unknown> = {}) =>
  individualBody(kycDetailsId, { firstName: first, lastName: 'Test', bvn, ...overrides })

describe('ownership and control: the shareholder fields', () => {
  it('stores votes, the appointment right and a declared influence, with the votes following the shares by default', async () => {
    const { kyc, add, put } = await setup()
    const plain = await add(person(kyc.id, 'Bola', '22200000001', { percentage: 4 }))
    expect(plain).toMatchObject({ votingPercentage: 4, votesFollowShares: true, appointsMajority: false, controlReasons: [] })
    const funke = await add(person(kyc.id, 'Funke', '22200000002', { percentage: 2, votingPercentage: 30 }))
    expect(funke).toMatchObject({ percentage: 2, votingPercentage: 30, votesFollowShares: false })
    expect(funke).toMatchObject({ isBeneficialOwner: true, controlReasons: ['VOTES'], needsMeansOfId: true })
    const gbenga = await add(person(kyc.id, 'Gbenga', '22200000003', { percentage: 1, appointsMajority: true }))
    expect(gbenga.controlReasons).toEqual(['APPOINTMENT'])
    const updated = await put(plain.id, { significantInfluence: true, influenceDescription: 'Veto over the budget' })
    expect(updated.status).toBe(200)
    expect(await updated.json()).toMatchObject({ significantInfluence: true, controlReasons: ['INFLUENCE'] })
    const rows = await (await getDb()).select().from(audits).where(eq(audits.resourceId, plain.id))
    expect(rows.map((r) => r.action).sort()).toEqual(['CREATE', 'UPDATE'])
  })

  it('refuses bad input with a 400 naming the field', async () => {
    const { kyc, post, add, put } = await setup()
    const influence = await post(person(kyc.id, 'Ike', '22200000004', { percentage: 1, significantInfluence: true }))
    expect(influence.status).toBe(400)
    expect((await errorsOf(influence)).map((e) => e.field)).toContain('influenceDescription')
    const votes = await post(person(kyc.id, 'Ike', '22200000004', { percentage: 1, votingPercentage: 101 }))
    expect(votes.status).toBe(400)
    expect((await errorsOf(votes)).map((e) => e.field)).toContain('votingPercentage')
    const kind = await post({ kycDetailsId: kyc.id, type: 'PARTNERSHIP', companyName: 'X', percentage: 1 })
    expect(kind.status).toBe(400)
    // A trustee needs a trust; a holding under a trust is refused; a trust's person holds no shares.
    const orphan = await post(person(kyc.id, 'Uche', '22200000005', { role: 'TRUSTEE', percentage: undefined }))
    expect(orphan.status).toBe(400)
    expect((await errorsOf(orphan)).map((e) => e.field)).toContain('parentShareholderId')
    const trust = await add({ kycDetailsId: kyc.id, type: 'TRUST', companyName: 'Obi Family Trust', percentage: 20 })
    const holding = await post(person(kyc.id, 'Uche', '22200000005', { parentShareholderId: trust.id, percentage: 10 }))
    expect(holding.status).toBe(400)
    expect((await errorsOf(holding)).map((e) => e.field)).toContain('role')
    const shares = await post(
      person(kyc.id, 'Uche', '22200000005', { parentShareholderId: trust.id, role: 'TRUSTEE', percentage: 10 }),
    )
    expect(shares.status).toBe(400)
    expect((await errorsOf(shares)).map((e) => e.field)).toContain('percentage')
    const trustee = await add(
      person(kyc.id, 'Uche', '22200000005', { parentShareholderId: trust.id, role: 'TRUSTEE', percentage: undefined }),
    )
    const roleShares = await put(trustee.id, { percentage: 5 })
    expect(roleShares.status).toBe(400)
    expect((await errorsOf(roleShares)).map((e) => e.field)).toContain('percentage')
  })

  it('refuses shares or votes over 100% at one level, naming the field', async () => {
    const { kyc, add, post, put } = await setup()
    const a = await add(person(kyc.id, 'Ada', '22200000011', { percentage: 40, votingPercentage: 70 }))
    const over = await post(person(kyc.id, 'Bola', '22200000012', { percentage: 31 }))
    expect(over.status).toBe(400)
    const errors = await errorsOf(over)
    expect(errors.map((e) => e.field)).toEqual(['votingPercentage'])
    expect(errors[0]!.message).toContain('Voting rights held directly in the business would add up to 101%')
    await add(person(kyc.id, 'Bola', '22200000012', { percentage: 30, votingPercentage: 30 }))
    const shares = await post(person(kyc.id, 'Chidi', '22200000013', { percentage: 31, votingPercentage: 0 }))
    expect(shares.status).toBe(400)
    expect((await errorsOf(shares)).map((e) => e.field)).toEqual(['percentage'])
    const raised = await put(a.id, { votingPercentage: 71 })
    expect(raised.status).toBe(400)
    expect((await errorsOf(raised)).map((e) => e.field)).toEqual(['votingPercentage'])
  })

  it('refuses a circular holding with an error naming the loop', async () => {
    const { kyc, add, post, put, business } = await setup()
    const eko = await add(corporateBody(kyc.id, { companyName: 'Eko Holdings', registrationNumber: 'RC200200', percentage: 30 }))
    const lagoon = await add(
      corporateBody(kyc.id, {
        parentShareholderId: eko.id,
        companyName: 'Lagoon Ventures',
        registrationNumber: 'RC300300',
        percentage: 50,
      }),
    )
    const itself = await post(
      corporateBody(kyc.id, {
        parentShareholderId: lagoon.id,
        companyName: 'Acme',
        registrationNumber: business.regNo,
        percentage: 40,
      }),
    )
    expect(itself.status).toBe(400)
    const [error] = await errorsOf(itself)
    expect(error).toMatchObject({ field: 'registrationNumber' })
    expect(error!.message).toContain(`Circular holding: Acme → Lagoon Ventures → Eko Holdings → ${business.name}`)
    const again = await post(
      corporateBody(kyc.id, {
        parentShareholderId: lagoon.id,
        companyName: 'Eko again',
        registrationNumber: 'RC 200200',
        percentage: 40,
      }),
    )
    expect(again.status).toBe(400)
    expect((await errorsOf(again))[0]!.message).toContain('Eko again → Lagoon Ventures → Eko Holdings')
    const edited = await add(
      corporateBody(kyc.id, {
        parentShareholderId: lagoon.id,
        companyName: 'Harmless',
        registrationNumber: 'RC400400',
        percentage: 40,
      }),
    )
    const renumbered = await put(edited.id, { registrationNumber: 'RC200200' })
    expect(renumbered.status).toBe(400)
    expect((await errorsOf(renumbered))[0]!.message).toContain('Circular holding')
  })
})

describe('GET /businesses/{id}/ownership', () => {
  it('answers the graph and the persons with significant control through layers, a trust and a nominee', async () => {
    const { kyc, add, graph, businessId } = await setup()
    // Eko 40% (Lagoon controls it with 60%; Dayo holds 20% of Lagoon → 40 × 20% = 8%).
    const eko = await add(corporateBody(kyc.id, { companyName: 'Eko Holdings', registrationNumber: 'RC200201', percentage: 40 }))
    const lagoon = await add(
      corporateBody(kyc.id, {
        parentShareholderId: eko.id,
        companyName: 'Lagoon',
        registrationNumber: 'RC300301',
        percentage: 60,
      }),
    )
    const dayo = await add(person(kyc.id, 'Dayo', '22200000021', { parentShareholderId: lagoon.id, percentage: 20 }))
    const trust = await add({ kycDetailsId: kyc.id, type: 'TRUST', companyName: 'Obi Family Trust', percentage: 20 })
    const uche = await add(
      person(kyc.id, 'Uche', '22200000022', { parentShareholderId: trust.id, role: 'TRUSTEE', percentage: undefined }),
    )
    const nominee = await add({ kycDetailsId: kyc.id, type: 'NOMINEE', companyName: 'Lekki Nominees', percentage: 15 })
    const kemi = await add(
      person(kyc.id, 'Kemi', '22200000023', { parentShareholderId: nominee.id, role: 'PRINCIPAL', percentage: undefined }),
    )
    const funke = await add(person(kyc.id, 'Funke', '22200000024', { percentage: 2, votingPercentage: 20 }))
    expect(uche).toMatchObject({ role: 'TRUSTEE', percentage: 0, controlReasons: ['TRUST'] })

    const answer = await graph()
    expect(answer.nodes[0]).toMatchObject({ id: businessId, kind: 'BUSINESS' })
    expect(answer.nodes.find((n) => n.id === trust.id)).toMatchObject({ kind: 'TRUST', name: 'Obi Family Trust' })
    expect(answer.nodes.find((n) => n.id === nominee.id)?.kind).toBe('NOMINEE')
    expect(answer.nodes.find((n) => n.id === kemi.id)).toMatchObject({
      kind: 'PERSON',
      pep: 'NOT_PEP',
      significantControl: ['SHARES', 'VOTES'],
    })
    // The owner does not see screening results.
    expect(answer.nodes.find((n) => n.id === kemi.id)?.screening).toBeNull()
    expect(answer.edges.find((e) => e.target === lagoon.id)).toMatchObject({
      source: eko.id,
      kind: 'HOLDING',
      shares: 60,
      votes: 60,
    })
    expect(answer.edges.find((e) => e.target === uche.id)).toMatchObject({ source: trust.id, kind: 'TRUSTEE', shares: null })
    expect(answer.edges.find((e) => e.target === kemi.id)).toMatchObject({ source: nominee.id, kind: 'NOMINEE_FOR' })
    expect(answer.edges.find((e) => e.target === funke.id)).toMatchObject({ source: businessId, shares: 2, votes: 20 })
    const pscs = Object.fromEntries(answer.personsWithSignificantControl.map((p) => [p.name, p]))
    expect(Object.keys(pscs).sort()).toEqual(['Dayo Test', 'Funke Test', 'Kemi Test', 'Uche Test'])
    expect(pscs['Dayo Test']).toMatchObject({ reasons: ['SHARES', 'VOTES'], effectiveShares: 8, nodeIds: [dayo.id] })
    expect(pscs['Funke Test']).toMatchObject({ reasons: ['VOTES'], effectiveShares: 2, effectiveVotes: 20 })
    expect(pscs['Uche Test']!.reasons).toEqual(['TRUST'])
    expect(pscs['Kemi Test']!.explanation).toContain('Lekki Nominees holds for them')
    // Opaque person keys: no blind index leaves the server.
    expect(pscs['Dayo Test']!.personKey).toMatch(/^person-\d+$/)

    // The KYC gaps ask a means of ID of every person with significant control.
    const gaps = await findKycCaptureGaps(await getDb(), { businessId })
    const idGaps = gaps.filter((g) => g.code === 'BENEFICIAL_OWNER_ID_MISSING').map((g) => g.message)
    expect(idGaps).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Funke Test has significant control of the business (voting rights)'),
        expect.stringContaining('Uche Test has significant control'),
        expect.stringContaining('Kemi Test'),
        expect.stringContaining('Dayo Test'),
      ]),
    )
  })

  it('merges a person found on two paths into one person with significant control', async () => {
    const { kyc, add, graph } = await setup()
    const direct = await add(person(kyc.id, 'Ada', '22200000031', { percentage: 3 }))
    const eko = await add(corporateBody(kyc.id, { companyName: 'Eko', registrationNumber: 'RC200202', percentage: 4 }))
    const deep = await add(person(kyc.id, 'Ada', '22200000031', { parentShareholderId: eko.id, percentage: 50 }))
    const answer = await graph()
    expect(answer.personsWithSignificantControl).toHaveLength(1)
    expect(answer.personsWithSignificantControl[0]).toMatchObject({ effectiveShares: 5, nodeIds: [direct.id, deep.id] })
    const keys = answer.nodes.filter((n) => n.kind === 'PERSON').map((n) => n.personKey)
    expect(new Set(keys).size).toBe(1)
  })

  it('is for readers of the business KYC: the owner and staff with CAN_READ_BUSINESS; 404 for others', async () => {
    const { businessId, graph } = await setup()
    const outsider = await signedInUser({ businesses: [{}] })
    expect((await api(`/businesses/${businessId}/ownership`, { token: outsider.token })).status).toBe(404)
    const staff = await signedInUser({ staffPermissions: ['CAN_READ_BUSINESS', 'CAN_AUDIT_SYSTEM'] })
    const answer = await graph(staff.token)
    expect(answer.nodes).toHaveLength(1)
    const screeningReader = await signedInUser({ staffPermissions: ['CAN_READ_BUSINESS', 'CAN_READ_SCREENING'] })
    expect((await graph(screeningReader.token)).personsWithSignificantControl).toEqual([])
    const other = await signedInUser({ staffPermissions: ['CAN_READ_SCREENING'] })
    expect((await api(`/businesses/${businessId}/ownership`, { token: other.token })).status).toBe(403)
    expect((await api(`/businesses/${crypto.randomUUID()}/ownership`, { token: staff.token })).status).toBe(404)
    expect((await api(`/businesses/${businessId}/ownership`)).status).toBe(401)
  })

  it('shows staff who read screening each person’s screening state', async () => {
    const { kyc, add, businessId } = await setup()
    const ada = await add(person(kyc.id, 'Ada', '22200000041', { percentage: 50 }))
    const reader = await signedInUser({ staffPermissions: ['CAN_READ_BUSINESS', 'CAN_READ_SCREENING'] })
    const answer = (await (await api(`/businesses/${businessId}/ownership`, { token: reader.token })).json()) as OwnershipGraph
    // Screening runs at submission (docs/screening.md); before it, no check yet.
    expect(answer.nodes.find((n) => n.id === ada.id)?.screening).toBe('NOT_SCREENED')
  })

  it('gives the risk facts a trust as a layer and a nominee as the person behind it', async () => {
    const { kyc, add, businessId } = await setup()
    const eko = await add(corporateBody(kyc.id, { companyName: 'Eko', registrationNumber: 'RC200203', percentage: 40 }))
    const trust = await add({
      kycDetailsId: kyc.id,
      type: 'TRUST',
      companyName: 'Obi Trust',
      percentage: 50,
      parentShareholderId: eko.id,
    })
    const uche = await add(
      person(kyc.id, 'Uche', '22200000051', { parentShareholderId: trust.id, role: 'TRUSTEE', percentage: undefined }),
    )
    const nominee = await add({ kycDetailsId: kyc.id, type: 'NOMINEE', companyName: 'Lekki Nominees', percentage: 10 })
    await add(
      person(kyc.id, 'Kemi', '22200000052', { parentShareholderId: nominee.id, role: 'PRINCIPAL', percentage: undefined }),
    )
    const kemi = await add(person(kyc.id, 'Kemi', '22200000052', { percentage: 5 }))
    const facts = (await gatherRiskFacts(await getDb(), [businessId])).get(businessId)!
    const byId = new Map(facts.shareholders.map((s) => [s.id, s]))
    expect(byId.get(trust.id)).toMatchObject({ kind: 'CORPORATE', parentId: eko.id })
    expect(byId.has(uche.id)).toBe(false)
    expect(byId.get(nominee.id)).toMatchObject({ kind: 'INDIVIDUAL', personKey: byId.get(kemi.id)!.personKey })
    expect(facts.shareholders).toHaveLength(4)
  })
})
