import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FeeCharge, FeeClientAggregates, FeeRecord, FeeServiceAggregates, KycServiceDetail } from '@/lib/contracts/fees'
import type { Page } from '@/lib/contracts/pagination'
import { addIsoDays, isoDay } from '@/lib/format/iso-day'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { loadActor } from '@/server/auth/load-actor'
import { getDb } from '@/server/db/client'
import { audits, authorizations, businessDivisions, businesses, feeCharges, fees, kycVerifications } from '@/server/db/schema'
import type { KycProviderAdapter } from '@/server/integrations/kyc-provider'
import { runReverification } from '@/server/modules/verification/verification-calls'
import { approved, configChecker } from './four-eyes'
import { api, errorsOf, signedInUser } from './helpers'
import { businessWithKyc, json, post, put } from './staff-review-fixtures'

type User = Awaited<ReturnType<typeof signedInUser>>
let manager: User
let auditor: User
let officer: User
let owner: User
let trigger: User
let services: KycServiceDetail[]
const today = isoDay(new Date())

beforeAll(async () => {
  ;[manager, auditor, officer, owner, trigger] = await Promise.all([
    signedInUser({ staffRole: 'PRODUCT_MANAGER' }),
    signedInUser({ staffRole: 'AUDITOR' }),
    signedInUser({ staffRole: 'ONBOARDING_OFFICER' }),
    signedInUser({ businesses: [{}] }),
    signedInUser({ staffPermissions: ['CAN_TRIGGER_KYC_REVERIFICATION'] }),
  ])
  services = await json<KycServiceDetail[]>(await api('/kyc-service-details', { token: manager.token }))
})

const service = (type: KycServiceDetail['serviceType']) =>
  services.find((s) => s.serviceType === type && s.provider.code === 'MANUAL')!

/** A division of its own per test, so totals are only this test's. */
async function newDivision() {
  const db = await getDb()
  const code = `T${randomUUID().slice(0, 8)}`
  const [division] = await db
    .insert(businessDivisions)
    .values({ code, name: `Division ${code}` })
    .returning()
  return division!
}

const createFee = (token: string, body: Record<string, unknown>) => approved(post('/fees', token, body))
const updateFee = (id: string, token: string, body: Record<string, unknown>) => approved(put(`/fees/${id}`, token, body))

describe('fee clients and KYC services', () => {
  it('lists business divisions as clients and one client with its counts; 404 for an unknown one, 400 for a bad id', async () => {
    const clients = await json<{ code: string }[]>(await api('/fees/clients', { token: manager.token }))
    expect(clients.map((c) => c.code)).toEqual(expect.arrayContaining(['PAY', 'LND', 'CRD', 'GOV']))
    const division = await newDivision()
    await json(
      await createFee(manager.token, {
        divisionId: division.id,
        serviceDetailId: service('BVN').id,
        amount: 50,
        effectiveFrom: today,
      }),
      201,
    )
    expect(await json(await api(`/fees/clients/${division.id}/business-division`, { token: auditor.token }))).toMatchObject({
      id: division.id,
      code: division.code,
      businessCount: 0,
      activeFeeCount: 1,
    })
    expect((await api(`/fees/clients/${randomUUID()}/business-division`, { token: manager.token })).status).toBe(404)
    const bad = await api('/fees/clients/nope/business-division', { token: manager.token })
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad))[0]).toMatchObject({ field: 'divisionId' })
  })

  it('lists the seeded providers and services (CAC lookup, BVN, NIN, ID document, address verification) and filters them', async () => {
    const providers = await json<{ code: string }[]>(await api('/kyc-service-details/providers', { token: manager.token }))
    expect(providers.map((p) => p.code)).toContain('MANUAL')
    expect(
      services
        .filter((s) => s.provider.code === 'MANUAL')
        .map((s) => s.serviceType)
        .sort(),
    ).toEqual(['ADDRESS_VERIFICATION', 'BVN', 'CAC_LOOKUP', 'ID_DOCUMENT', 'NIN'])
    const bvn = await json<KycServiceDetail[]>(await api('/kyc-service-details?serviceType=BVN', { token: manager.token }))
    expect(bvn.every((s) => s.serviceType === 'BVN')).toBe(true)
    expect((await api('/kyc-service-details?serviceType=DNA', { token: manager.token })).status).toBe(400)
  })
})

describe('fees', () => {
  it('creates a fee in naira (stored in kobo), audited; reads it back; refuses amounts with three decimals or below 0', async () => {
    const division = await newDivision()
    const body = { divisionId: division.id, serviceDetailId: service('CAC_LOOKUP').id, amount: 1500.55, effectiveFrom: today }
    const fee = await json<FeeRecord>(await createFee(manager.token, body), 201)
    expect(fee).toMatchObject({
      amount: 1500.55,
      effectiveFrom: today,
      active: true,
      serviceType: 'CAC_LOOKUP',
      divisionName: division.name,
    })
    const db = await getDb()
    const [stored] = await db.select().from(fees).where(eq(fees.id, fee.id))
    expect(stored!.amountKobo).toBe(150055)
    const [audit] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, fee.id), eq(audits.action, 'CREATE')))
    // Applied by a checker's approval (FOUR_EYES_CONFIG): the checker acts, and the row names both.
    const checker = await configChecker()
    expect(audit).toMatchObject({
      resource: 'fee',
      actorId: checker.user.id,
      after: expect.objectContaining({ amountKobo: 150055, makerId: manager.user.id, checkerId: checker.user.id }),
    })
    expect(await json(await api(`/fees/${fee.id}`, { token: auditor.token }))).toEqual(fee)

    for (const amount of [1.005, -1, 'ten', 10_000_001]) {
      const res = await createFee(manager.token, { ...body, amount, effectiveFrom: addIsoDays(today, 1) })
      expect(res.status).toBe(400)
      expect((await errorsOf(res))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'amount' })
    }
    const unknown = await createFee(manager.token, { ...body, divisionId: randomUUID(), effectiveFrom: addIsoDays(today, 2) })
    expect(unknown.status).toBe(400)
    expect((await errorsOf(unknown))[0]).toMatchObject({ field: 'divisionId' })
    expect((await api(`/fees/${randomUUID()}`, { token: manager.token })).status).toBe(404)
  })

  it('rounds naira to kobo through a four-eyes approval (19.99 → 1999, 4.35 → 435), on create and on update', async () => {
    const division = await newDivision()
    const body = { divisionId: division.id, serviceDetailId: service('ID_DOCUMENT').id, amount: 19.99, effectiveFrom: today }
    const fee = await json<FeeRecord>(await createFee(manager.token, body), 201)
    expect(fee.amount).toBe(19.99)
    const db = await getDb()
    const stored = async () => (await db.select().from(fees).where(eq(fees.id, fee.id)))[0]!.amountKobo
    expect(await stored()).toBe(1999)
    expect(await json<FeeRecord>(await updateFee(fee.id, manager.token, { ...body, amount: 4.35 }))).toMatchObject({
      amount: 4.35,
    })
    expect(await stored()).toBe(435)
  })

  it('keeps a pending proposal in whole kobo, as it will apply: the checker sees and approves the rounded amount', async () => {
    const division = await newDivision()
    // Within the schema's tolerance for two decimals: accepted, and must never be kept as the float it was sent as.
    const body = {
      divisionId: division.id,
      serviceDetailId: service('CAC_LOOKUP').id,
      amount: 19.990000001,
      effectiveFrom: today,
    }
    const res = await post('/fees', manager.token, body)
    expect(res.status).toBe(202)
    const pending = (await res.json()) as { id: string; proposal: { amount: number } }
    expect(pending.proposal.amount).toBe(19.99)
    const db = await getDb()
    const [row] = await db.select().from(authorizations).where(eq(authorizations.id, pending.id))
    expect(row!.proposal).toMatchObject({ amount: 19.99 })
  })

  it('refuses a second fee for the same client, service and effective day (409), on create and on update', async () => {
    const division = await newDivision()
    const body = { divisionId: division.id, serviceDetailId: service('NIN').id, amount: 100, effectiveFrom: today }
    await json(await createFee(manager.token, body), 201)
    const twice = await createFee(manager.token, { ...body, amount: 200 })
    expect(twice.status).toBe(409)
    expect((await errorsOf(twice))[0]).toMatchObject({ code: 'CONFLICT', field: 'effectiveFrom' })
    const later = await json<FeeRecord>(await createFee(manager.token, { ...body, effectiveFrom: addIsoDays(today, 7) }), 201)
    const before = await json<FeeRecord>(await api(`/fees/${later.id}`, { token: manager.token }))
    expect((await updateFee(later.id, manager.token, { ...body, amount: 300 })).status).toBe(409)
    expect(await json(await api(`/fees/${later.id}`, { token: manager.token }))).toEqual(before)
  })

  it('updates a fee with the before and after audited; searches by client, service and active', async () => {
    const division = await newDivision()
    const body = { divisionId: division.id, serviceDetailId: service('BVN').id, amount: 25, effectiveFrom: today }
    const fee = await json<FeeRecord>(await createFee(manager.token, body), 201)
    const other = await json<FeeRecord>(
      await createFee(manager.token, { ...body, serviceDetailId: service('NIN').id, amount: 40 }),
      201,
    )
    const updated = await json<FeeRecord>(await updateFee(fee.id, manager.token, { ...body, amount: 30.5, active: false }))
    expect(updated).toMatchObject({ amount: 30.5, active: false })
    const db = await getDb()
    const [audit] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, fee.id), eq(audits.action, 'UPDATE')))
    expect(audit!.before).toMatchObject({ amountKobo: 2500, active: true })
    expect(audit!.after).toMatchObject({ amountKobo: 3050, active: false })
    expect((await updateFee(randomUUID(), manager.token, body)).status).toBe(404)

    const search = async (q: string) =>
      (
        await json<Page<FeeRecord>>(await api(`/fees/search?divisionId=${division.id}${q}`, { token: auditor.token }))
      ).content.map((f) => f.id)
    expect((await search('')).sort()).toEqual([fee.id, other.id].sort())
    expect(await search('&active=true')).toEqual([other.id])
    expect(await search('&active=false')).toEqual([fee.id])
    expect(await search(`&serviceDetailId=${service('NIN').id}`)).toEqual([other.id])
    expect(await search('&serviceType=BVN')).toEqual([fee.id])
    expect((await api('/fees/search?active=maybe', { token: auditor.token })).status).toBe(400)
  })

  it('refuses callers without the permissions: 401 anonymous, 403 business users and staff without them; only CAN_UPDATE_PRODUCT writes', async () => {
    const division = await newDivision()
    const body = { divisionId: division.id, serviceDetailId: service('BVN').id, amount: 25, effectiveFrom: today }
    const fee = await json<FeeRecord>(await createFee(manager.token, body), 201)
    const reads = [
      '/fees/clients',
      `/fees/clients/${division.id}/business-division`,
      '/kyc-service-details/providers',
      '/kyc-service-details',
      '/fees/search',
      `/fees/${fee.id}`,
      '/fees/reports/aggregates',
      '/fees/reports/aggregates/kyc',
      '/fees/reports/downloads?format=xlsx',
    ]
    for (const path of reads) {
      expect((await api(path)).status, path).toBe(401)
      expect((await api(path, { token: owner.token })).status, path).toBe(403)
      expect((await api(path, { token: officer.token })).status, path).toBe(403)
    }
    expect((await post('/fees/reports', officer.token, {})).status).toBe(403)
    expect((await createFee(auditor.token, { ...body, effectiveFrom: addIsoDays(today, 3) })).status).toBe(403)
    expect((await updateFee(fee.id, auditor.token, { ...body, amount: 1 })).status).toBe(403)
    expect((await createFee(owner.token, { ...body, effectiveFrom: addIsoDays(today, 3) })).status).toBe(403)
    expect(await json(await api(`/fees/${fee.id}`, { token: manager.token }))).toEqual(fee)
  })
})

/**
 * A business in `divisionId` with three PENDING items: the CAC lookup, a NIN means of ID and a BVN. Not marked
 * submitted, so the run does not reopen its items from the (empty) KYC.
 */
async function businessWithItems(divisionId: string | null) {
  const setup = await businessWithKyc({ submitted: false })
  const db = await getDb()
  await db.update(businesses).set({ divisionId }).where(eq(businesses.id, setup.business.id))
  const base = { businessId: setup.business.id, kycDetailsId: setup.kycDetailsId }
  const rows = await db
    .insert(kycVerifications)
    .values([
      { ...base, kind: 'COMPANY', subjectId: setup.kycDetailsId, label: 'Company', checkedValue: `${setup.business.regNo}|x` },
      { ...base, kind: 'MEANS_OF_ID', subjectId: randomUUID(), label: 'ID', checkedValue: 'NATIONAL_ID_CARD:12345678901' },
      { ...base, kind: 'BVN', subjectId: randomUUID(), label: 'BVN', checkedValue: '22212345678' },
    ])
    .returning()
  return { business: setup.business, items: rows }
}

/** A billable provider that answers only for these items (VERIFIED, or PENDING for the means of ID). */
function billableProvider(itemIds: string[]): KycProviderAdapter {
  return {
    name: 'MANUAL',
    billable: true,
    check: async (subject) =>
      itemIds.includes(subject.id) && subject.kind !== 'MEANS_OF_ID'
        ? { status: 'VERIFIED', reference: `REF-${subject.kind}` }
        : { status: 'PENDING' },
  }
}

async function reverify(provider: KycProviderAdapter) {
  const db = await getDb()
  const actor = (await loadActor(db, { userId: trigger.user.id, sessionId: trigger.session.id, expiresAt: 0 }))!
  return runReverification({ db, actor, audit: SYSTEM_AUDIT_CONTEXT, provider })
}

describe('charges and fee reports', () => {
  it('charges each billable provider call at the fee in force for the business division (0 and flagged when none)', async () => {
    const division = await newDivision()
    const body = { divisionId: division.id, serviceDetailId: service('BVN').id }
    await json(await createFee(manager.token, { ...body, amount: 80, effectiveFrom: addIsoDays(today, -30) }), 201)
    await json(await createFee(manager.token, { ...body, amount: 100, effectiveFrom: addIsoDays(today, -1) }), 201)
    await json(await createFee(manager.token, { ...body, amount: 999, effectiveFrom: addIsoDays(today, 1) }), 201)
    await json(await createFee(manager.token, { ...body, amount: 555, effectiveFrom: today, active: false }), 201)
    await json(
      await createFee(manager.token, {
        divisionId: division.id,
        serviceDetailId: service('NIN').id,
        amount: 60,
        effectiveFrom: today,
      }),
      201,
    )
    const { business, items } = await businessWithItems(division.id)
    await reverify(billableProvider(items.map((i) => i.id)))

    const db = await getDb()
    const charges = await db.select().from(feeCharges).where(eq(feeCharges.businessId, business.id))
    const byService = Object.fromEntries(
      charges.map((c) => [
        services.find((s) => s.id === c.serviceDetailId)!.serviceType,
        [c.amountKobo, c.noFee, c.verificationId],
      ]),
    )
    expect(byService).toEqual({
      BVN: [10000, false, items[2]!.id],
      NIN: [6000, false, items[1]!.id],
      CAC_LOOKUP: [0, true, items[0]!.id],
    })
    const [item] = await db.select().from(kycVerifications).where(eq(kycVerifications.id, items[2]!.id))
    expect(item).toMatchObject({ status: 'VERIFIED', providerReference: 'REF-BVN' })
  })

  it('the manual provider is not billable: a run records no charge', async () => {
    const division = await newDivision()
    const { business, items } = await businessWithItems(division.id)
    await reverify({ ...billableProvider(items.map((i) => i.id)), billable: false })
    const db = await getDb()
    expect(await db.select().from(feeCharges).where(eq(feeCharges.businessId, business.id))).toEqual([])
  })

  it('reports the charges (filters date, client, service; paged), totals by client and by service, and downloads them as XLSX', async () => {
    const division = await newDivision()
    const second = await newDivision()
    for (const d of [division, second]) {
      await json(
        await createFee(manager.token, {
          divisionId: d.id,
          serviceDetailId: service('BVN').id,
          amount: 100.25,
          effectiveFrom: today,
        }),
        201,
      )
      await json(
        await createFee(manager.token, {
          divisionId: d.id,
          serviceDetailId: service('CAC_LOOKUP').id,
          amount: 1000,
          effectiveFrom: today,
        }),
        201,
      )
    }
    const first = await businessWithItems(division.id)
    const other = await businessWithItems(division.id)
    const third = await businessWithItems(second.id)
    await reverify(billableProvider([...first.items, ...other.items, ...third.items].map((i) => i.id)))

    const page = await json<Page<FeeCharge>>(await post('/fees/reports', auditor.token, { divisionId: division.id, pageSize: 4 }))
    expect(page).toMatchObject({ totalElements: 6, totalPages: 2, pageSize: 4 })
    expect(page.content).toHaveLength(4)
    expect(page.content[0]).toMatchObject({ divisionId: division.id, divisionName: division.name, providerCode: 'MANUAL' })
    const bvn = await json<Page<FeeCharge>>(
      await post('/fees/reports', auditor.token, { divisionId: division.id, serviceType: 'BVN', from: today, to: today }),
    )
    expect(bvn.content.map((c) => [c.serviceType, c.amount, c.noFee])).toEqual([
      ['BVN', 100.25, false],
      ['BVN', 100.25, false],
    ])
    const yesterday = addIsoDays(today, -1)
    const none = await json<Page<FeeCharge>>(
      await post('/fees/reports', auditor.token, { divisionId: division.id, to: yesterday }),
    )
    expect(none.totalElements).toBe(0)
    const badDate = await post('/fees/reports', auditor.token, { from: 'yesterday' })
    expect(badDate.status).toBe(400)
    expect((await errorsOf(badDate))[0]).toMatchObject({ field: 'from' })

    const clients = await json<FeeClientAggregates>(
      await api(`/fees/reports/aggregates?divisionId=${division.id}`, { token: auditor.token }),
    )
    expect(clients.rows).toEqual([
      { divisionId: division.id, divisionName: division.name, charges: 6, unpriced: 2, amount: 2200.5 },
    ])
    expect(clients.total).toEqual({ charges: 6, amount: 2200.5 })
    const all = await json<FeeClientAggregates>(await api(`/fees/reports/aggregates?from=${today}`, { token: auditor.token }))
    expect(all.rows.find((r) => r.divisionId === second.id)).toMatchObject({ charges: 3, amount: 1100.25 })

    const kyc = await json<FeeServiceAggregates>(
      await api(`/fees/reports/aggregates/kyc?divisionId=${division.id}`, { token: auditor.token }),
    )
    expect(kyc.rows.map((r) => [r.serviceType, r.providerCode, r.charges, r.unpriced, r.amount])).toEqual([
      ['BVN', 'MANUAL', 2, 0, 200.5],
      ['CAC_LOOKUP', 'MANUAL', 2, 0, 2000],
      ['NIN', 'MANUAL', 2, 2, 0],
    ])
    expect(kyc.total).toEqual({ charges: 6, amount: 2200.5 })

    const res = await api(`/fees/reports/downloads?format=xlsx&divisionId=${division.id}`, { token: auditor.token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="fees-\d{4}-\d{2}-\d{2}\.xlsx"/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never)
    const sheet = workbook.getWorksheet('Charges')!
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1)
    expect(values(1)).toEqual([
      'Charged at (UTC)',
      'Business',
      'Client (division)',
      'Service',
      'Provider',
      'Amount (NGN)',
      'No fee in force',
    ])
    expect(sheet.rowCount).toBe(8)
    const rows = [2, 3, 4, 5, 6, 7].map(values)
    expect(rows.map((r) => r[1]).sort()).toEqual([first, first, first, other, other, other].map((b) => b.business.name).sort())
    expect(rows.map((r) => r[5]).sort((a, b) => Number(a) - Number(b))).toEqual([0, 0, 100.25, 100.25, 1000, 1000])
    expect(values(8)).toEqual(['Total (6 charges)', undefined, undefined, undefined, undefined, 2200.5])
    const byClient = workbook.getWorksheet('By client')!
    expect((byClient.getRow(2).values as unknown[]).slice(1)).toEqual([division.name, 6, 2, 2200.5])
    expect((byClient.getRow(3).values as unknown[]).slice(1)).toEqual(['Total', 6, undefined, 2200.5])
    expect(workbook.getWorksheet('By service')!.rowCount).toBe(5)
    expect((await api('/fees/reports/downloads?format=pdf', { token: auditor.token })).status).toBe(400)
  })
})
