import { spawnSync } from 'node:child_process'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ONBOARDING_GROUP } from '@/lib/permissions/checks'
import { getDb } from '@/server/db/client'
import { audits, marketingEvents, meansOfIds, shareholders } from '@/server/db/schema'
import { startFromDemo } from './demo-template'
import { api, errorsOf, signedInUser } from './helpers'
import { createKyc, individualBody, meansOfIdBody, ownerWithBusiness, revealed } from './kyc-fixtures'

// The seeded demo, made once per run (tests/api/demo-template.ts).
await startFromDemo({ shippedLists: true })

/** Distinctive numbers, so a hit anywhere in the database can only be a copy of them. */
const BVN = '22290817263'
const HOLDER_BVN = '22281726354'
const PASSPORT = 'B90817263'
const NIN = '71829364501'
const HOLDER_BORN = '1961-10-07'

type Rows<T> = { rows: T[] }

/** Every row of every table in the public schema, as PostgreSQL prints it (every text and jsonb column included). */
async function rawDatabaseText(): Promise<string> {
  const db = await getDb()
  const tables = (
    (await db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    )) as unknown as Rows<{ table_name: string }>
  ).rows.map((r) => r.table_name)
  expect(tables).toContain('means_of_ids')
  const parts: string[] = []
  // Published designations (issue 38): the UN and OFAC lists' own people and their dates of birth are public records,
  // not data subjects of the portal, and one of ~4,000 listed birth dates can be a demo person's by chance.
  const published = new Set(['screening_entries', 'screening_entry_names', 'screening_staged_entries'])
  for (const table of tables.filter((t) => !published.has(t))) {
    const rows = (await db.execute(sql`SELECT t::text AS row FROM ${sql.identifier(table)} t`)) as unknown as Rows<{
      row: string
    }>
    parts.push(...rows.rows.map((r) => `${table}: ${r.row}`))
  }
  return parts.join('\n')
}

/** Every clear identity number the portal holds, read through the app (which decrypts). */
async function clearNumbersHeld(): Promise<string[]> {
  const db = await getDb()
  const ids = await db.select({ bvn: meansOfIds.bvn, idNumber: meansOfIds.idNumber }).from(meansOfIds)
  const holders = await db.select({ bvn: shareholders.bvn }).from(shareholders)
  return [...new Set([...ids.flatMap((i) => [i.bvn, i.idNumber]), ...holders.map((h) => h.bvn)].filter((v): v is string => !!v))]
}

/** Every date of birth the portal holds (issue 38), read through the app: no other date stored is that old. */
async function clearDatesOfBirthHeld(): Promise<string[]> {
  const db = await getDb()
  const { governmentRepresentatives } = await import('@/server/db/schema')
  const rows = [
    ...(await db.select({ d: meansOfIds.dateOfBirth }).from(meansOfIds)),
    ...(await db.select({ d: shareholders.dateOfBirth }).from(shareholders)),
    ...(await db.select({ d: governmentRepresentatives.dateOfBirth }).from(governmentRepresentatives)),
  ]
  return [...new Set(rows.map((r) => r.d).filter((v): v is string => !!v))]
}

async function capture() {
  const { owner, businessId } = await ownerWithBusiness()
  const kyc = await createKyc(owner.token, businessId)
  const holderRes = await api('/kyc/shareholders', {
    method: 'POST',
    token: owner.token,
    json: individualBody(kyc.id, { bvn: HOLDER_BVN, dateOfBirth: HOLDER_BORN }),
  })
  expect(holderRes.status, await holderRes.clone().text()).toBe(201)
  const holder = (await holderRes.json()) as { id: string; bvn: string }
  const idRes = await api('/kyc/means-of-ids', {
    method: 'POST',
    token: owner.token,
    json: meansOfIdBody(kyc.id, { bvn: BVN, idNumber: PASSPORT, shareholderId: holder.id }),
  })
  expect(idRes.status, await idRes.clone().text()).toBe(201)
  const meansOfId = (await idRes.json()) as { id: string; bvn: string; idNumber: string }
  const ninRes = await api('/kyc/means-of-ids', {
    method: 'POST',
    token: owner.token,
    json: meansOfIdBody(kyc.id, { idType: 'NATIONAL_ID_CARD', idNumber: NIN, expiryDate: undefined, bvn: undefined }),
  })
  expect(ninRes.status).toBe(201)
  // A draft of the means-of-ID step, autosaved while typing.
  const draft = await api('/draft-forms', {
    method: 'POST',
    token: owner.token,
    json: { businessId, kycDetailTypeId: 'MEANS_OF_ID', data: { bvn: BVN, idNumber: PASSPORT, firstName: 'Ada' } },
  })
  expect(draft.status, await draft.clone().text()).toBeLessThan(300)
  return { owner, businessId, kyc, holder, meansOfId }
}

describe('identity numbers at rest', () => {
  it('are nowhere in clear after the demo seed and a KYC capture through the API, and come back through the reveal call', async () => {
    const { owner, holder, meansOfId } = await capture()
    // Edited: the audit rows carry before and after.
    const put = await api(`/kyc/means-of-ids/${meansOfId.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { firstName: 'Adaeze' },
    })
    expect(put.status).toBe(200)

    const held = await clearNumbersHeld()
    for (const value of [BVN, HOLDER_BVN, PASSPORT, NIN]) expect(held).toContain(value)
    expect(held.length).toBeGreaterThan(20) // the demo seed's people too
    const raw = await rawDatabaseText()
    const leaks = held.filter((value) => raw.includes(value))
    expect(leaks, 'identity numbers stored in clear').toEqual([])
    // Dates of birth too: the demo seed's people, the representatives and the capture.
    const born = await clearDatesOfBirthHeld()
    expect(born).toContain(HOLDER_BORN)
    expect(born.length).toBeGreaterThan(20)
    expect(
      born.filter((value) => raw.includes(value)),
      'dates of birth stored in clear',
    ).toEqual([])

    // Answers are masked; the owner reveals the clear values.
    expect(meansOfId).toMatchObject({ bvn: '*******7263', idNumber: '*****7263' })
    expect(holder.bvn).toBe('*******6354')
    expect(await revealed(owner.token, 'means-of-ids', meansOfId.id, 'bvn')).toBe(BVN)
    expect(await revealed(owner.token, 'means-of-ids', meansOfId.id, 'idNumber')).toBe(PASSPORT)
    expect(await revealed(owner.token, 'shareholders', holder.id, 'bvn')).toBe(HOLDER_BVN)
  }, 180_000)

  it.runIf(!!process.env.TEST_DATABASE_URL)('are nowhere in clear in a pg_dump of the database', async () => {
    await capture()
    const held = await clearNumbersHeld()
    const dump = spawnSync('pg_dump', [process.env.DATABASE_URL!], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 })
    expect(dump.status, dump.stderr).toBe(0)
    expect(dump.stdout).toContain('means_of_ids')
    expect(held.filter((value) => dump.stdout.includes(value))).toEqual([])
  })
})

describe('identity numbers in answers', () => {
  it('are masked in every read of the business a staff user or a member without the KYC edit rights can make, drafts included', async () => {
    const { owner, businessId, kyc, holder, meansOfId } = await capture()
    const draft = (await (await api(`/draft-forms/${businessId}/MEANS_OF_ID`, { token: owner.token })).json()) as {
      id: string
      data: Record<string, unknown>
    }
    // The owner reads its own draft in clear: the scan below would find the numbers if staff were answered the same.
    expect(draft.data).toMatchObject({ bvn: BVN, idNumber: PASSPORT })
    const ids = [businessId, kyc.id, holder.id, meansOfId.id, draft.id]
    const openapi = (await (await api('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema?: { format?: string } }[] }>>
    }
    const urls = Object.entries(openapi.paths).flatMap(([path, ops]) => {
      const get = ops.get
      if (!get) return []
      const params = (get.parameters ?? []).filter((p) => p.in === 'path')
      let paths = [path.replace(/^\/api\/v1/, '')]
      for (const param of params) {
        const values = param.name === 'kycDetailTypeId' ? ['MEANS_OF_ID'] : param.schema?.format === 'uuid' ? ids : null
        if (!values) return []
        paths = paths.flatMap((p) => values.map((v) => p.replace(`{${param.name}}`, v)))
      }
      return paths.map((p) => `${p}?businessId=${businessId}&kycDetailsId=${kyc.id}`)
    })
    expect(urls).toContain(`/draft-forms/${businessId}/MEANS_OF_ID?businessId=${businessId}&kycDetailsId=${kyc.id}`)
    const readers = [
      ...(await Promise.all(
        (
          ['AUDITOR', 'GOVERNMENT_OFFICER', 'DATA_PROTECTION_OFFICER', 'APPROVER', 'ONBOARDING_OFFICER', 'SUPER_ADMIN'] as const
        ).map((staffRole) => signedInUser({ staffRole })),
      )),
      await signedInUser({ businesses: [{ businessId, permissions: ['CAN_READ_BUSINESS'] }] }),
    ]
    const leaks: string[] = []
    let answered = 0
    for (const url of urls) {
      for (const reader of readers) {
        const res = await api(url, { token: reader.token })
        if (res.status !== 200) continue
        answered++
        const text = await res.text()
        for (const value of [BVN, HOLDER_BVN, PASSPORT, NIN, HOLDER_BORN])
          if (text.includes(value)) leaks.push(`${url}: ${value}`)
      }
    }
    expect(answered).toBeGreaterThan(50)
    expect(leaks).toEqual([])
  }, 180_000)
})

describe('revealing an identity number', () => {
  it('answers the owner and KYC editors of the business, permitted staff (audited with the reason), and refuses the rest', async () => {
    const { owner, businessId, meansOfId, holder } = await capture()
    const editor = await signedInUser({ businesses: [{ businessId, permissions: [...ONBOARDING_GROUP] }] })
    expect(await revealed(editor.token, 'means-of-ids', meansOfId.id, 'idNumber')).toBe(PASSPORT)
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    const reason = 'Comparing the BVN with the bank statement'
    expect(await revealed(approver.token, 'means-of-ids', meansOfId.id, 'bvn', reason)).toBe(BVN)

    const db = await getDb()
    const [row] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, meansOfId.id), eq(audits.action, 'REVEAL'), eq(audits.actorId, approver.user.id)))
    expect(row?.after).toEqual({ businessId, field: 'bvn', reason })
    expect(row?.resource).toBe('means_of_id')
    // The owner reads the staff reveal in the business's view log, with whose number and why.
    const views = await api(`/businesses/${businessId}/data-views`, { token: owner.token })
    expect(views.status).toBe(200)
    const { content } = (await views.json()) as {
      content: { actor: { id: string }; subjectId: string; detail: string; purpose: string }[]
    }
    expect(content).toContainEqual(
      expect.objectContaining({
        actor: expect.objectContaining({ id: approver.user.id }),
        subjectId: meansOfId.id,
        detail: expect.stringMatching(/^BVN of /),
        purpose: reason,
      }),
    )

    const call = (token: string, path = `/kyc/means-of-ids/${meansOfId.id}/reveal`, json: unknown = { field: 'bvn', reason }) =>
      api(path, { method: 'POST', token, json })
    const auditor = await signedInUser({ staffRole: 'AUDITOR' })
    expect((await call(auditor.token)).status).toBe(403)
    const outsider = await ownerWithBusiness()
    expect((await call(outsider.owner.token)).status).toBe(404)
    const reader = await signedInUser({ businesses: [{ businessId, permissions: ['CAN_READ_BUSINESS'] }] })
    expect((await call(reader.token)).status).toBe(403)
    const noReason = await call(owner.token, undefined, { field: 'bvn', reason: 'x' })
    expect(noReason.status).toBe(400)
    expect((await errorsOf(noReason)).map((e) => e.field)).toEqual(['reason'])
    const wrongField = await call(owner.token, `/kyc/shareholders/${holder.id}/reveal`, { field: 'idNumber', reason })
    expect((await errorsOf(wrongField)).map((e) => e.field)).toEqual(['field'])
  })

  it('needs a reason of at least 10 characters that are not all spaces: 9 refused, 10 accepted, 10 spaces refused, none audited', async () => {
    const { owner, meansOfId } = await capture()
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    const db = await getDb()
    const reveals = async () =>
      (
        await db
          .select()
          .from(audits)
          .where(and(eq(audits.resourceId, meansOfId.id), eq(audits.action, 'REVEAL')))
      ).length
    const before = await reveals()
    for (const user of [owner, approver]) {
      for (const reason of ['Ninechars', ' '.repeat(10), `  ${'a'.repeat(9)}  `]) {
        const res = await api(`/kyc/means-of-ids/${meansOfId.id}/reveal`, {
          method: 'POST',
          token: user.token,
          json: { field: 'bvn', reason },
        })
        expect(res.status, JSON.stringify(reason)).toBe(400)
        expect(await res.clone().text()).not.toContain(BVN)
        expect(await errorsOf(res)).toEqual([expect.objectContaining({ code: 'VALIDATION_FAILED', field: 'reason' })])
      }
    }
    expect(await reveals()).toBe(before)
    expect(await revealed(approver.token, 'means-of-ids', meansOfId.id, 'bvn', 'Tenchars!!')).toBe(BVN)
    expect(await reveals()).toBe(before + 1)
  })

  it('keeps the stored number when a form sends the mask back, and never echoes a rejected number', async () => {
    const { owner, meansOfId, kyc } = await capture()
    const put = await api(`/kyc/means-of-ids/${meansOfId.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { bvn: meansOfId.bvn, idNumber: meansOfId.idNumber, lastName: 'Okafor' },
    })
    expect(put.status, await put.clone().text()).toBe(200)
    expect(await revealed(owner.token, 'means-of-ids', meansOfId.id, 'bvn')).toBe(BVN)
    expect(await revealed(owner.token, 'means-of-ids', meansOfId.id, 'idNumber')).toBe(PASSPORT)

    const badBvn = '2229081726'
    const bad = await api('/kyc/means-of-ids', {
      method: 'POST',
      token: owner.token,
      json: meansOfIdBody(kyc.id, { bvn: badBvn }),
    })
    expect(bad.status).toBe(400)
    const body = await bad.text()
    expect(body).toContain('bvn')
    expect(body).not.toContain(badBvn)
    const badId = await api('/kyc/means-of-ids', {
      method: 'POST',
      token: owner.token,
      json: meansOfIdBody(kyc.id, { idType: 'NATIONAL_ID_CARD', idNumber: '9182736450', expiryDate: undefined }),
    })
    expect(badId.status).toBe(400)
    expect(await badId.text()).not.toContain('9182736450')
  })
})

describe('marketing events', () => {
  it('never keep an identity number, under a personal key or as a bare 11-digit value', async () => {
    const res = await api('/marketing/events', {
      method: 'POST',
      json: {
        type: 'track',
        event: 'Means of ID saved',
        properties: { step: 'MEANS_OF_ID', bvn: BVN, form: { idNumber: PASSPORT, typed: NIN }, values: [HOLDER_BVN, 'ok'] },
      },
    })
    expect(res.status, await res.clone().text()).toBeLessThan(300)
    const { id } = (await res.json()) as { id: string }
    const db = await getDb()
    const [row] = await db.select().from(marketingEvents).where(eq(marketingEvents.id, id))
    expect(row?.properties).toEqual({ step: 'MEANS_OF_ID', form: {}, values: ['ok'] })
  })
})
