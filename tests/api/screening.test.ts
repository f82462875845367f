import { BlockBlobClient } from '@azure/storage-blob'
import { and, eq, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { getDb } from '@/server/db/client'
import {
  audits,
  businesses,
  kycDetails,
  meansOfIds,
  screeningChecks,
  screeningHits,
  screeningListVersions,
  screeningLists,
  shareholders,
} from '@/server/db/schema'
import { seedShippedLists } from '@/server/modules/screening/lists/shipped-lists'
import { runMonitoringBatch } from '@/server/modules/screening/monitoring/monitoring-runs'
import { findCandidates } from '@/server/modules/screening/screen/find-candidates'
import { openBusinessScreening } from '@/server/modules/screening/screen/screen-business'
import { api, errorsOf, latestMail, signedInUser } from './helpers'
import { businessReadyForApproval } from './review-fixtures'

/** A UN-listed person from the shipped snapshot (CDi.001: ERIC BADEGE, born 1971, DRC). */
const LISTED = { first: 'Eric', last: 'Badege', sourceId: 'CDi.001' }

async function ownerShareholderOf(businessId: string) {
  const db = await getDb()
  const [holder] = await db
    .select({ id: shareholders.id })
    .from(shareholders)
    .innerJoin(kycDetails, eq(kycDetails.id, shareholders.kycDetailsId))
    .where(eq(kycDetails.businessId, businessId))
  return holder!.id
}

/**
 * A business ready for approval whose director and shareholder (one person: the means of ID is linked to the
 * shareholding) is renamed to `first last`, born on `dateOfBirth`, and screened again.
 */
async function businessWithShareholder(first: string, last: string, options: { approved?: boolean; dateOfBirth?: string } = {}) {
  const ready = await businessReadyForApproval()
  const db = await getDb()
  const person = { firstName: first, lastName: last, dateOfBirth: options.dateOfBirth ?? '1971-06-15' }
  await db
    .update(shareholders)
    .set(person)
    .where(eq(shareholders.id, await ownerShareholderOf(ready.business.id)))
  await db.update(meansOfIds).set(person).where(eq(meansOfIds.businessId, ready.business.id))
  if (options.approved)
    await db
      .update(businesses)
      .set({ approvalStatus: 'APPROVED', approvedAt: new Date() })
      .where(eq(businesses.id, ready.business.id))
  await openBusinessScreening(db, ready.business.id, SYSTEM_AUDIT_CONTEXT)
  return ready
}

async function screeningOf(businessId: string, token: string) {
  const res = await api(`/businesses/${businessId}/screening`, { token })
  expect(res.status).toBe(200)
  return (await res.json()) as {
    status: string
    onWatch: boolean
    checks: {
      subjectName: string
      status: string
      hits: { id: string; status: string; score: number; entry: { sourceId: string }; factors: { factor: string }[] }[]
    }[]
  }
}

/** Clears every open candidate of the business as `token`'s user; answers how many. */
async function clearAll(businessId: string, token: string) {
  const open = openHitsOf(await screeningOf(businessId, token))
  for (const hit of open) {
    const res = await api(`/screening/hits/${hit.id}`, {
      method: 'PUT',
      token,
      json: { decision: 'FALSE_MATCH', reason: 'Another person: date of birth and BVN differ' },
    })
    expect(res.status).toBe(200)
  }
  return open.length
}

const openHitsOf = (screening: Awaited<ReturnType<typeof screeningOf>>) =>
  screening.checks.flatMap((c) => c.hits).filter((h) => h.status === 'OPEN')

// What a first start does with the default SCREENING_SHIPPED_LISTS (the suite's template leaves the lists out).
beforeAll(async () => {
  await seedShippedLists(await getDb())
}, 120_000)

describe('screening lists', () => {
  it('loads the shipped UN and OFAC snapshot at first start, each as an active version 1 with its checksum', async () => {
    const staff = await signedInUser({ staffRole: 'APPROVER' })
    const res = await api('/screening/lists', { token: staff.token })
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      lists: { code: string; entries: number; current: { number: number; publishedOn: string | null; checksum: string } | null }[]
      matchThreshold: number
    }
    const un = body.lists.find((l) => l.code === 'UN_CONSOLIDATED')!
    expect(un.entries).toBe(1003)
    expect(un.current).toMatchObject({ number: 1, publishedOn: '2026-02-27' })
    expect(un.current!.checksum).toMatch(/^[0-9a-f]{64}$/)
    expect(body.lists.find((l) => l.code === 'OFAC_SDN')!.entries).toBeGreaterThan(8000)
    expect(body.lists.find((l) => l.code === 'NG_DOMESTIC')!.current).toBeNull()
    expect(body.matchThreshold).toBeGreaterThan(0.5)
  })

  it('refuses the lists to business users and staff without a screening permission', async () => {
    const owner = await signedInUser({ businesses: [{}] })
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    expect((await api('/screening/lists', { token: owner.token })).status).toBe(403)
    expect((await api('/screening/lists', { token: officer.token })).status).toBe(403)
  })
})

describe('ad-hoc search', () => {
  it('finds a listed person from a variant of the name, best first, with the factors; a common Nigerian name finds nothing', async () => {
    const staff = await signedInUser({ staffRole: 'APPROVER' })
    const res = await api('/screening/search', {
      method: 'POST',
      token: staff.token,
      json: { name: 'Badege Eric', type: 'PERSON', dateOfBirth: '1971-05-02' },
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      candidates: {
        entry: { sourceId: string; list: { code: string } }
        score: number
        factors: { factor: string; detail: string }[]
      }[]
    }
    // Listed by the UN and by OFAC: both found, best first.
    const un = body.candidates.find((c) => c.entry.sourceId === LISTED.sourceId)!
    expect(un.entry.list.code).toBe('UN_CONSOLIDATED')
    expect(un.factors.map((f) => f.factor)).toContain('date-of-birth')
    expect(body.candidates.map((c) => c.entry.list.code)).toContain('OFAC_SDN')
    const scores = body.candidates.map((c) => c.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))

    const none = await api('/screening/search', {
      method: 'POST',
      token: staff.token,
      json: { name: 'Chidinma Okonkwo-Adeyemi', type: 'PERSON', dateOfBirth: '1988-03-14', nationality: 'NG' },
    })
    expect(((await none.json()) as { candidates: unknown[] }).candidates).toEqual([])
  })

  it('names the field of bad input', async () => {
    const staff = await signedInUser({ staffRole: 'APPROVER' })
    for (const [json, field] of [
      [{ name: 'A', type: 'PERSON' }, 'name'],
      [{ name: 'Eric Badege', type: 'PEOPLE' }, 'type'],
      [{ name: 'Eric Badege', type: 'PERSON', dateOfBirth: '1971-02-31' }, 'dateOfBirth'],
      [{ name: 'Eric Badege', type: 'PERSON', nationality: 'Nigeria' }, 'nationality'],
    ] as const) {
      const res = await api('/screening/search', { method: 'POST', token: staff.token, json })
      expect(res.status, JSON.stringify(json)).toBe(400)
      expect((await errorsOf(res))[0]!.field).toBe(field)
    }
  })
})

describe('screening in onboarding', () => {
  it('opens a hit for a listed shareholder; the checklist waits; a false match is cleared with its reason and remembered', async () => {
    const { business } = await businessWithShareholder(LISTED.first, LISTED.last)
    const analyst = await signedInUser({ staffRole: 'KYC_ANALYST' })
    const screening = await screeningOf(business.id, analyst.token)
    expect(screening.status).toBe('HITS_OPEN')
    const hits = openHitsOf(screening)
    const hit = hits.find((h) => h.entry.sourceId === LISTED.sourceId)
    expect(hit).toBeDefined()

    const approver = await signedInUser({ staffRole: 'APPROVER' })
    const checklist = (await (await api(`/businesses/${business.id}/approval-checklist`, { token: approver.token })).json()) as {
      code: string
      met: boolean
    }[]
    expect(checklist.find((c) => c.code === 'SCREENING')).toMatchObject({ met: false })
    const refused = await api(`/businesses/${business.id}/approve`, {
      method: 'PUT',
      token: approver.token,
      json: { decision: 'APPROVED' },
    })
    expect(refused.status).toBe(409)

    const noReason = await api(`/screening/hits/${hit!.id}`, {
      method: 'PUT',
      token: analyst.token,
      json: { decision: 'FALSE_MATCH' },
    })
    expect((await errorsOf(noReason))[0]!.field).toBe('reason')
    const cleared = await api(`/screening/hits/${hit!.id}`, {
      method: 'PUT',
      token: analyst.token,
      json: { decision: 'FALSE_MATCH', reason: 'Different person: born 1990 in Enugu, BVN verified' },
    })
    expect(cleared.status).toBe(200)
    expect(((await cleared.json()) as { businessScreeningStatus: string }).businessScreeningStatus).toBe(
      hits.length > 1 ? 'HITS_OPEN' : 'CLEAR',
    )
    await clearAll(business.id, analyst.token)
    const again = await api(`/screening/hits/${hit!.id}`, {
      method: 'PUT',
      token: analyst.token,
      json: { decision: 'TRUE_MATCH', reason: 'second thoughts' },
    })
    expect(again.status).toBe(409)

    // Screened again with the same facts (the check superseded as a change would): the same entry does not alert again.
    const db = await getDb()
    await db.update(screeningChecks).set({ supersededAt: new Date() }).where(eq(screeningChecks.businessId, business.id))
    await openBusinessScreening(db, business.id, SYSTEM_AUDIT_CONTEXT)
    const rescreened = await screeningOf(business.id, analyst.token)
    expect(openHitsOf(rescreened)).toEqual([])
    expect(rescreened.status).toBe('CLEAR')
    // A change on the person's side (another nationality) is a new screening: the entry alerts again.
    await db
      .update(shareholders)
      .set({ nationality: 'CD' })
      .where(eq(shareholders.id, await ownerShareholderOf(business.id)))
    await openBusinessScreening(db, business.id, SYSTEM_AUDIT_CONTEXT)
    expect(openHitsOf(await screeningOf(business.id, analyst.token)).map((h) => h.entry.sourceId)).toContain(LISTED.sourceId)
    // Audited: the screening runs and the adjudication with its reason.
    const rows = await db
      .select({ action: audits.action, resource: audits.resource })
      .from(audits)
      .where(eq(audits.resource, 'screening_hit'))
    expect(rows.map((r) => r.action)).toContain('CLEAR')
  })

  it('an owner renaming a director of a submitted KYC through the API screens that person again, in the same write', async () => {
    const ready = await businessReadyForApproval()
    const staff = await signedInUser({ staffRole: 'APPROVER' })
    const before = await screeningOf(ready.business.id, staff.token)
    expect(before.status).toBe('CLEAR')
    const db = await getDb()
    const [director] = await db.select({ id: meansOfIds.id }).from(meansOfIds).where(eq(meansOfIds.businessId, ready.business.id))

    const res = await api(`/kyc/means-of-ids/${director!.id}`, {
      method: 'PUT',
      token: ready.owner.token,
      json: { firstName: LISTED.first, lastName: LISTED.last, dateOfBirth: '1971-03-04' },
    })
    expect(res.status, await res.clone().text()).toBe(200)

    const after = await screeningOf(ready.business.id, staff.token)
    expect(after.status).toBe('HITS_OPEN')
    const renamed = after.checks.find((c) => c.subjectName === `${LISTED.first} ${LISTED.last}`)!
    expect(renamed.status).toBe('OPEN')
    expect(renamed.hits.map((h) => h.entry.sourceId)).toContain(LISTED.sourceId)
    expect(after.checks.map((c) => c.subjectName)).not.toContain('Ada Obi')
    // The earlier check of the person is kept, superseded.
    const all = await db.select().from(screeningChecks).where(eq(screeningChecks.businessId, ready.business.id))
    expect(all.filter((c) => c.supersededAt && c.subjectName === 'Ada Obi')).toHaveLength(1)
  })

  it('a person recorded under another name on their shareholding is screened under that name too', async () => {
    const ready = await businessReadyForApproval()
    const staff = await signedInUser({ staffRole: 'APPROVER' })
    const db = await getDb()
    const [director] = await db.select().from(meansOfIds).where(eq(meansOfIds.businessId, ready.business.id))
    // The owner's shareholding is the director's (linked): one person, now with a second spelling of their name.
    expect(director!.shareholderId).toBe(await ownerShareholderOf(ready.business.id))
    await db
      .update(shareholders)
      .set({ firstName: LISTED.first, lastName: LISTED.last })
      .where(eq(shareholders.id, director!.shareholderId!))
    await db.update(meansOfIds).set({ dateOfBirth: '1971-03-04' }).where(eq(meansOfIds.id, director!.id))
    await openBusinessScreening(db, ready.business.id, SYSTEM_AUDIT_CONTEXT)

    const after = await screeningOf(ready.business.id, staff.token)
    const person = after.checks.find((c) => c.subjectName === `${director!.firstName} ${director!.lastName}`)!
    expect(person.status).toBe('OPEN')
    const hit = person.hits.find((h) => h.entry.sourceId === LISTED.sourceId)!
    expect(hit).toBeDefined()
    const name = (hit.factors as { factor: string; detail: string }[]).find((f) => f.factor === 'name')!
    expect(name.detail).toContain(`under the other recorded name "${LISTED.first} ${LISTED.last}"`)
  })

  it('the one who cleared a hit may not approve the business; another approver may', async () => {
    const { business } = await businessWithShareholder(LISTED.first, LISTED.last)
    const first = await signedInUser({ staffRole: 'APPROVER' })
    expect(await clearAll(business.id, first.token)).toBeGreaterThan(0)
    const own = await api(`/businesses/${business.id}/approve`, {
      method: 'PUT',
      token: first.token,
      json: { decision: 'APPROVED' },
    })
    expect(own.status).toBe(403)
    expect((await errorsOf(own))[0]!.code).toBe('FOUR_EYES')
    const second = await signedInUser({ staffRole: 'APPROVER' })
    const approved = await api(`/businesses/${business.id}/approve`, {
      method: 'PUT',
      token: second.token,
      json: { decision: 'APPROVED' },
    })
    expect(approved.status).toBe(200)
  })

  it('a true sanctions match blocks approval for good; the decline records the NFIU report reference', async () => {
    const { business } = await businessWithShareholder(LISTED.first, LISTED.last)
    const analyst = await signedInUser({ staffRole: 'KYC_ANALYST' })
    const [hit] = openHitsOf(await screeningOf(business.id, analyst.token))
    const confirmed = await api(`/screening/hits/${hit!.id}`, {
      method: 'PUT',
      token: analyst.token,
      json: { decision: 'TRUE_MATCH', reason: 'Same person: passport and date of birth agree' },
    })
    expect(((await confirmed.json()) as { businessScreeningStatus: string }).businessScreeningStatus).toBe('SANCTIONED')
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    expect(
      (await api(`/businesses/${business.id}/approve`, { method: 'PUT', token: approver.token, json: { decision: 'APPROVED' } }))
        .status,
    ).toBe(409)
    const noReference = await api(`/businesses/${business.id}/approve`, {
      method: 'PUT',
      token: approver.token,
      json: { decision: 'DECLINED', comment: 'Sanctioned shareholder' },
    })
    expect(noReference.status).toBe(400)
    expect((await errorsOf(noReference))[0]!.field).toBe('reportReference')
    const declined = await api(`/businesses/${business.id}/approve`, {
      method: 'PUT',
      token: approver.token,
      json: { decision: 'DECLINED', comment: 'Sanctioned shareholder', reportReference: 'NFIU-STR-2026-00042' },
    })
    expect(declined.status).toBe(200)
  })

  it('ten adjudications of one hit at once: one wins, the rest are 409', async () => {
    const { business } = await businessWithShareholder(LISTED.first, LISTED.last)
    const analyst = await signedInUser({ staffRole: 'KYC_ANALYST' })
    const [hit] = openHitsOf(await screeningOf(business.id, analyst.token))
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api(`/screening/hits/${hit!.id}`, {
          method: 'PUT',
          token: analyst.token,
          json: { decision: 'FALSE_MATCH', reason: 'Not the listed person' },
        }),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)])
  })

  it("tells the business's own users only whether screening is done", async () => {
    const { business, owner } = await businessWithShareholder(LISTED.first, LISTED.last)
    const res = await api(`/businesses/${business.id}/screening`, { token: owner.token })
    expect(await res.json()).toEqual({ businessId: business.id, state: 'IN_PROGRESS' })
    const stranger = await signedInUser({ businesses: [{}] })
    expect((await api(`/businesses/${business.id}/screening`, { token: stranger.token })).status).toBe(404)
  })
})

async function uploadList(token: string, fileName: string, text: string) {
  const slot = await api('/screening/uploads', { method: 'POST', token, json: { fileName } })
  expect(slot.status).toBe(201)
  const { uploadId, uploadUrl } = (await slot.json()) as { uploadId: string; uploadUrl: string }
  await new BlockBlobClient(uploadUrl).uploadData(Buffer.from(text))
  return uploadId
}

describe('loading a list', () => {
  const domesticCsv = (rows: string[]) =>
    ['source_id,kind,name,aliases,dates_of_birth,nationalities,programmes,listed_on,remarks', ...rows].join('\n')

  it('refuses a malformed file naming the line, and keeps nothing', async () => {
    const manager = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const uploadId = await uploadList(
      manager.token,
      'domestic.csv',
      domesticCsv(['NGS.001,PERSON,Musa Kwankwaso Danladi,,1970-02-31,NG,TPPA,2025-01-10,']),
    )
    const res = await api('/screening/lists/NG_DOMESTIC/versions', {
      method: 'POST',
      token: manager.token,
      json: { format: 'GENERIC_CSV', files: [{ part: 'list', uploadId, fileName: 'domestic.csv' }] },
    })
    expect(res.status).toBe(400)
    const [error] = await errorsOf(res)
    expect(error!.field).toBe('file')
    expect(error!.message).toMatch(/line 2/)
    const lists = (await (await api('/screening/lists', { token: manager.token })).json()) as {
      lists: { code: string; waiting: unknown; current: unknown }[]
    }
    expect(lists.lists.find((l) => l.code === 'NG_DOMESTIC')).toMatchObject({ waiting: null, current: null })
  })

  it('dry run, four-eyes, one swap, then monitoring opens a hit on an approved business and puts it on watch', async () => {
    const { business } = await businessWithShareholder('Danladi', 'Kwankwasiyya', { approved: true, dateOfBirth: '1969-08-01' })
    const db = await getDb()
    const reviewer = await signedInUser({ staffRole: 'APPROVER' })
    await db.update(businesses).set({ assigneeId: reviewer.user.id }).where(eq(businesses.id, business.id))
    expect((await screeningOf(business.id, reviewer.token)).status).toBe('CLEAR')

    const maker = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const uploadId = await uploadList(
      maker.token,
      'domestic.csv',
      domesticCsv([
        'NGS.001,PERSON,Danladi Kwankwasiyya,Danladi Kwankwasia,1969,NG,TPPA 2022,2025-01-10,Designated by the Nigeria Sanctions Committee',
      ]),
    )
    const dry = await api('/screening/lists/NG_DOMESTIC/versions', {
      method: 'POST',
      token: maker.token,
      json: { format: 'GENERIC_CSV', files: [{ part: 'list', uploadId, fileName: 'domestic.csv' }] },
    })
    expect(dry.status).toBe(201)
    const dryRun = (await dry.json()) as {
      versionId: string
      added: number
      changed: number
      removed: number
      samples: { added: { sourceId: string }[] }
    }
    expect(dryRun).toMatchObject({ added: 1, changed: 0, removed: 0 })
    expect(dryRun.samples.added[0]!.sourceId).toBe('NGS.001')
    // Nothing screens against it yet.
    expect((await screeningOf(business.id, reviewer.token)).status).toBe('CLEAR')

    const requested = await api(`/screening/versions/${dryRun.versionId}/load`, {
      method: 'POST',
      token: maker.token,
      json: { reason: 'Committee designation of 10 January' },
    })
    expect(requested.status).toBe(202)
    const { pending } = (await requested.json()) as { pending: { id: string } }
    const own = await api(`/authorizations/${pending.id}`, { method: 'PUT', token: maker.token, json: { decision: 'APPROVED' } })
    expect(own.status).toBe(403)
    const checker = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const approved = await api(`/authorizations/${pending.id}`, {
      method: 'PUT',
      token: checker.token,
      json: { decision: 'APPROVED' },
    })
    expect(approved.status).toBe(200)

    for (let i = 0; i < 200; i++) if (!(await runMonitoringBatch({ db, batchSize: 500 })).worked) break
    const after = await screeningOf(business.id, reviewer.token)
    expect(after.status).toBe('HITS_OPEN')
    expect(after.onWatch).toBe(true)
    expect(openHitsOf(after).map((h) => h.entry.sourceId)).toContain('NGS.001')
    expect((await latestMail(reviewer.user.email))?.template).toBe('screening-hits')
    const listed = await db
      .select()
      .from(screeningHits)
      .where(and(eq(screeningHits.businessId, business.id), isNull(screeningHits.decidedAt)))
    expect(listed.length).toBeGreaterThan(0)

    // Monitoring searched only what the version changed: the same name finds nothing among the UN list's entries.
    const [un] = await db
      .select({ id: screeningListVersions.id })
      .from(screeningListVersions)
      .innerJoin(screeningLists, eq(screeningLists.id, screeningListVersions.listId))
      .where(and(eq(screeningLists.code, 'UN_CONSOLIDATED'), eq(screeningListVersions.status, 'ACTIVE')))
    const query = { name: 'Danladi Kwankwasiyya', kind: 'PERSON' as const }
    const inChange = await findCandidates(db, query, { threshold: 0.85, onlyAddedIn: [dryRun.versionId] })
    expect(inChange.map((c) => c.entry.sourceId)).toEqual(['NGS.001'])
    expect(await findCandidates(db, query, { threshold: 0.85, onlyAddedIn: [un!.id] })).toEqual([])
    const unListed = { name: 'Abubakar Shekau', kind: 'PERSON' as const }
    expect((await findCandidates(db, unListed, { threshold: 0.85, onlyAddedIn: [un!.id] })).length).toBeGreaterThan(0)
    expect(await findCandidates(db, unListed, { threshold: 0.85, onlyAddedIn: [dryRun.versionId] })).toEqual([])
  })
})
