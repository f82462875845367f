import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { KycAddress } from '@/lib/contracts/kyc'
import type { BusinessVerification, ReverificationRun, VerificationItem } from '@/lib/contracts/verification'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { loadActor } from '@/server/auth/load-actor'
import { getDb } from '@/server/db/client'
import { audits, businesses, kycAddresses, kycVerifications, meansOfIds, shareholders } from '@/server/db/schema'
import type { KycProviderAdapter } from '@/server/integrations/kyc-provider'
import { runReverification } from '@/server/modules/verification/verification-calls'
import { openVerificationItems } from '@/server/records/verification-items'
import { api, errorsOf, latestMail, signedInUser } from './helpers'
import { completeCapture } from './kyc-document-fixtures'
import { ownerWithBusiness } from './kyc-fixtures'
import { attachRequiredDocuments } from './review-fixtures'
import { auditRows, businessWithKyc, json, put } from './staff-review-fixtures'

type User = Awaited<ReturnType<typeof signedInUser>>
let checker: User
let secondChecker: User
let trigger: User
let addressChecker: User
let approver: User

beforeAll(async () => {
  ;[checker, secondChecker, trigger, addressChecker, approver] = await Promise.all([
    signedInUser({ staffPermissions: ['CAN_UPDATE_KYC_STATUS', 'CAN_READ_BUSINESS'] }),
    signedInUser({ staffPermissions: ['CAN_UPDATE_KYC_STATUS'] }),
    signedInUser({ staffPermissions: ['CAN_TRIGGER_KYC_REVERIFICATION'] }),
    signedInUser({ staffPermissions: ['CAN_VERIFY_ADDRESS', 'CAN_UPDATE_KYC_STATUS'] }),
    signedInUser({ staffRole: 'APPROVER' }),
  ])
})

/**
 * A submitted business whose KYC has a director with a means of ID, an individual shareholder with a BVN and an
 * address, written straight to the database. `opened` (default: when submitted) opens its verification items as the
 * submission does; without them it is KYC submitted before submissions wrote items.
 */
async function businessToVerify(options: { createdBy?: string | null; submitted?: boolean; opened?: boolean } = {}) {
  const setup = await businessWithKyc(options)
  const db = await getDb()
  const base = { kycDetailsId: setup.kycDetailsId, businessId: setup.business.id }
  const [holder] = await db
    .insert(shareholders)
    .values({
      ...base,
      type: 'INDIVIDUAL',
      firstName: 'Ada',
      lastName: 'Obi',
      nationality: 'Nigeria',
      bvn: '22212345678',
      percentageUnits: 6000,
    })
    .returning()
  await db
    .insert(shareholders)
    .values({ ...base, type: 'CORPORATE', companyName: 'Holdco Ltd', registrationNumber: 'RC7654321', percentageUnits: 4000 })
  const [id] = await db
    .insert(meansOfIds)
    .values({
      ...base,
      shareholderId: holder!.id,
      firstName: 'Ada',
      lastName: 'Obi',
      role: 'DIRECTOR',
      idType: 'NATIONAL_ID_CARD',
      idNumber: '12345678901',
    })
    .returning()
  const [address] = await db
    .insert(kycAddresses)
    .values({
      ...base,
      type: 'REGISTERED',
      line1: '14 Broad Street',
      country: 'Nigeria',
      state: 'Lagos',
      lga: 'Lagos Island',
      createdBy: setup.owner.user.id,
    })
    .returning()
  if (options.opened ?? options.submitted ?? true) await openVerificationItems(db, setup.business.id, SYSTEM_AUDIT_CONTEXT)
  return { ...setup, holder: holder!, meansOfId: id!, address: address! }
}

const items = async (businessId: string, token = checker.token) =>
  json<VerificationItem[]>(await api(`/verified-kyc/${businessId}`, { token }))

/** Every row the verification reads could touch: the items, the audit log and the business. */
async function snapshot(businessId: string) {
  const db = await getDb()
  return {
    items: await db.select().from(kycVerifications).orderBy(asc(kycVerifications.id)),
    audits: await db.select().from(audits).orderBy(asc(audits.id)),
    business: await db.select().from(businesses).where(eq(businesses.id, businessId)),
  }
}

describe('verification items', () => {
  it('are opened PENDING by the KYC submission, one per company, means of ID and individual BVN, audited in it', async () => {
    const { owner, business } = await ownerWithBusiness()
    const details = await completeCapture(business.id)
    const db = await getDb()
    const [holder] = await db
      .update(shareholders)
      .set({ bvn: '22212345678' })
      .where(eq(shareholders.kycDetailsId, details.id))
      .returning()
    const [meansOfId] = await db.select().from(meansOfIds).where(eq(meansOfIds.kycDetailsId, details.id))
    await attachRequiredDocuments(business.id, 'PENDING')
    expect(await items(business.id)).toEqual([])

    const submitted = await api(`/businesses/${business.id}/completed-kyc-details`, { method: 'PUT', token: owner.token })
    expect(submitted.status, await submitted.clone().text()).toBe(200)
    const list = await items(business.id)
    expect(list.map((i) => [i.kind, i.subjectId, i.status])).toEqual([
      ['COMPANY', details.id, 'PENDING'],
      ['MEANS_OF_ID', meansOfId!.id, 'PENDING'],
      ['BVN', holder!.id, 'PENDING'],
    ])
    expect(list[0]).toMatchObject({
      label: `${business.name} (${business.regNo})`,
      checkedValue: `${business.regNo}|${business.name}`,
      provider: 'MANUAL',
      decidedBy: null,
    })
    // The numbers are masked in what staff read; the provider is given the clear value.
    expect(list[1]!.label).toBe('Ada Obi: National ID card (NIN) *******8901')
    expect(list[2]).toMatchObject({ label: 'Ada Obi: BVN *******5678', checkedValue: '*******5678' })
    const opened = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resource, 'kyc_verification'), eq(audits.action, 'OPEN'), eq(audits.actorId, owner.user.id)))
    expect(opened.map((a) => a.resourceId).sort()).toEqual(list.map((i) => i.id).sort())

    const detail = await json<VerificationItem>(await api(`/kyc/verified-detail/${list[1]!.id}`, { token: checker.token }))
    // The list adds the waiting item's due time (docs/service-levels.md#due-times); the rest is the same item.
    const { dueAt, dueStatus, ...listed } = list[1] as VerificationItem & { dueAt: string | null; dueStatus: string | null }
    expect(detail).toEqual(listed)
    expect(dueAt).not.toBeNull()
    expect(dueStatus).not.toBeNull()
    expect((await api('/kyc/verified-detail/00000000-0000-4000-8000-000000000000', { token: checker.token })).status).toBe(404)
  })

  it('reading them changes nothing, not even for KYC submitted before submissions opened items', async () => {
    for (const { business, owner } of [await businessToVerify(), await businessToVerify({ opened: false })]) {
      const before = await snapshot(business.id)
      const first = await items(business.id)
      await items(business.id, secondChecker.token)
      await json(await api(`/kyc/business/${business.id}/verified`, { token: owner.token }))
      await json(await api(`/kyc/business/${business.id}/verified`, { token: approver.token }))
      expect(await snapshot(business.id)).toEqual(before)
      expect(first.map((i) => i.id).sort()).toEqual(
        before.items
          .filter((i) => i.businessId === business.id)
          .map((i) => i.id)
          .sort(),
      )
    }
  })

  it('follow KYC writes after submission: a changed number or name supersedes the item with a new PENDING one; a removed shareholder takes its item away', async () => {
    const { business, owner, holder, meansOfId } = await businessToVerify()
    const first = await items(business.id)
    expect(
      (await api(`/kyc/means-of-ids/${meansOfId.id}`, { method: 'PUT', token: owner.token, json: { idNumber: '10987654321' } }))
        .status,
    ).toBe(200)
    expect((await api(`/kyc/shareholders/${holder.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200)
    const second = await items(business.id)
    expect(second.map((i) => i.kind)).toEqual(['COMPANY', 'MEANS_OF_ID'])
    expect(second[0]!.id).toBe(first[0]!.id)
    expect(second[1]).toMatchObject({ subjectId: meansOfId.id, checkedValue: 'NATIONAL_ID_CARD:*******4321', status: 'PENDING' })
    expect(second[1]!.id).not.toBe(first[1]!.id)
    const db = await getDb()
    const [old] = await db.select().from(kycVerifications).where(eq(kycVerifications.id, first[1]!.id))
    expect(old!.supersededAt).not.toBeNull()
    expect(await auditRows(first[2]!.id, 'SUPERSEDE')).toHaveLength(1)
    // History stays readable; a result on it is refused.
    expect((await json<VerificationItem>(await api(`/kyc/verified-detail/${first[1]!.id}`, { token: checker.token }))).id).toBe(
      first[1]!.id,
    )
    const onOld = await put(`/verified-kyc/${first[1]!.id}`, checker.token, { status: 'VERIFIED' })
    expect(onOld.status).toBe(409)
    expect((await errorsOf(onOld))[0]!.message).toContain('replaced')

    const renamed = `Renamed ${business.regNo} Limited`
    expect(
      (await api(`/businesses/${business.id}`, { method: 'PATCH', token: owner.token, json: { name: renamed } })).status,
    ).toBe(200)
    const third = await items(business.id)
    expect(third[0]).toMatchObject({ kind: 'COMPANY', checkedValue: `${business.regNo}|${renamed}`, status: 'PENDING' })
    expect(third[0]!.id).not.toBe(first[0]!.id)
    expect(third[1]!.id).toBe(second[1]!.id)
  })

  it('are not opened while the KYC is still being captured', async () => {
    const { business, owner, meansOfId } = await businessToVerify({ submitted: false })
    expect(
      (await api(`/kyc/means-of-ids/${meansOfId.id}`, { method: 'PUT', token: owner.token, json: { idNumber: '10987654321' } }))
        .status,
    ).toBe(200)
    expect(await items(business.id)).toEqual([])
  })

  it('are for staff: business users, staff without a verification permission and unknown businesses are refused', async () => {
    const { owner, business } = await businessToVerify()
    expect((await api(`/verified-kyc/${business.id}`, { token: owner.token })).status).toBe(403)
    const noPermission = await signedInUser({ staffPermissions: ['CAN_UPDATE_PRODUCT'] })
    expect((await api(`/verified-kyc/${business.id}`, { token: noPermission.token })).status).toBe(403)
    expect((await api('/verified-kyc/00000000-0000-4000-8000-000000000000', { token: checker.token })).status).toBe(404)
    expect((await errorsOf(await api('/verified-kyc/nope', { token: checker.token })))[0]).toMatchObject({ field: 'id' })
  })
})

describe('recording a manual result', () => {
  it('VERIFIED: PENDING only, audited; a second result is 409 naming the state', async () => {
    const { business } = await businessToVerify()
    const [company] = await items(business.id)
    const verified = await json<VerificationItem>(
      await put(`/verified-kyc/${company!.id}`, checker.token, { status: 'VERIFIED', comment: 'Matches the CAC public search.' }),
    )
    expect(verified).toMatchObject({
      status: 'VERIFIED',
      comment: 'Matches the CAC public search.',
      decidedBy: checker.user.id,
      decidedByName: 'Test User',
    })
    const [audit] = await auditRows(company!.id, 'VERIFY')
    expect(audit).toMatchObject({ actorId: checker.user.id })
    expect(audit!.before).toMatchObject({ status: 'PENDING' })
    expect(audit!.after).toMatchObject({ status: 'VERIFIED' })
    const again = await put(`/verified-kyc/${company!.id}`, secondChecker.token, { status: 'FAILED', comment: 'No' })
    expect(again.status).toBe(409)
    expect((await errorsOf(again))[0]).toMatchObject({ code: 'INVALID_STATE', message: expect.stringContaining('verified') })
  })

  it('FAILED needs a comment (400 naming comment) and e-mails the owner the reason', async () => {
    const { business, owner } = await businessToVerify()
    const [, id] = await items(business.id)
    const noComment = await put(`/verified-kyc/${id!.id}`, checker.token, { status: 'FAILED' })
    expect(noComment.status).toBe(400)
    expect((await errorsOf(noComment))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'comment' })
    expect((await errorsOf(await put(`/verified-kyc/${id!.id}`, checker.token, { status: 'PENDING' })))[0]).toMatchObject({
      field: 'status',
    })
    const failed = await json<VerificationItem>(
      await put(`/verified-kyc/${id!.id}`, checker.token, { status: 'FAILED', comment: 'NIMC has no record of this NIN.' }),
    )
    expect(failed.status).toBe('FAILED')
    expect((await latestMail(owner.user.email, 'verification-failed'))?.text).toContain('NIMC has no record of this NIN.')
  })

  it('refuses staff without CAN_UPDATE_KYC_STATUS, business users, four-eyes and unknown items', async () => {
    const creator = await signedInUser({ staffPermissions: ['CAN_UPDATE_KYC_STATUS'] })
    const { business, owner } = await businessToVerify({ createdBy: creator.user.id })
    const [company] = await items(business.id)
    expect((await put(`/verified-kyc/${company!.id}`, approver.token, { status: 'VERIFIED' })).status).toBe(403)
    expect((await put(`/verified-kyc/${company!.id}`, owner.token, { status: 'VERIFIED' })).status).toBe(403)
    expect((await errorsOf(await put(`/verified-kyc/${company!.id}`, creator.token, { status: 'VERIFIED' })))[0]!.code).toBe(
      'FOUR_EYES',
    )
    expect((await put('/verified-kyc/00000000-0000-4000-8000-000000000000', checker.token, { status: 'VERIFIED' })).status).toBe(
      404,
    )
  })
})

describe("a business's verification summary", () => {
  it('is readable by its members (404 for others) and says verified once every item and address is', async () => {
    const { business, owner, address } = await businessToVerify()
    const summary = await json<BusinessVerification>(await api(`/kyc/business/${business.id}/verified`, { token: owner.token }))
    expect(summary).toMatchObject({
      businessId: business.id,
      verified: false,
      pending: 3,
      failed: 0,
      addresses: { pending: 1, verified: 0, failed: 0 },
    })
    const stranger = await businessWithKyc()
    expect((await api(`/kyc/business/${business.id}/verified`, { token: stranger.owner.token })).status).toBe(404)
    expect((await api(`/kyc/business/${business.id}/verified`)).status).toBe(401)

    for (const item of summary.items) await json(await put(`/verified-kyc/${item.id}`, checker.token, { status: 'VERIFIED' }))
    expect(
      await json<BusinessVerification>(await api(`/kyc/business/${business.id}/verified`, { token: owner.token })),
    ).toMatchObject({ verified: false, pending: 0 })
    await json(await put(`/kyc/addresses/${address.id}/verification`, addressChecker.token, { status: 'VERIFIED' }))
    expect(
      await json<BusinessVerification>(await api(`/kyc/business/${business.id}/verified`, { token: approver.token })),
    ).toMatchObject({ verified: true, pending: 0, failed: 0, addresses: { verified: 1 } })
  })
})

describe('re-verification of pending items', () => {
  it('with the built-in manual provider: opens missing items of submitted KYC, changes nothing and says what still waits', async () => {
    const submitted = await businessToVerify({ opened: false })
    const capturing = await businessToVerify({ submitted: false })
    const run = await json<ReverificationRun>(await api('/kyc/re-verify-pending-kyc-status', { token: trigger.token }))
    expect(run).toMatchObject({ provider: 'MANUAL', changed: 0 })
    expect(run.stillPending).toBe(run.checked)
    expect(run.opened).toBeGreaterThanOrEqual(3)
    const db = await getDb()
    const opened = await db.select().from(kycVerifications).where(eq(kycVerifications.businessId, submitted.business.id))
    expect(opened).toHaveLength(3)
    expect(await db.select().from(kycVerifications).where(eq(kycVerifications.businessId, capturing.business.id))).toHaveLength(0)
    const [audit] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.action, 'REVERIFY_RUN'), eq(audits.actorId, trigger.user.id)))
    expect(audit!.after).toMatchObject({ provider: 'MANUAL', checked: run.checked, changed: 0 })

    // Nothing left to open: a second run opens none and checks the same ones.
    const second = await json<ReverificationRun>(await api('/kyc/re-verify-pending-kyc-status', { token: trigger.token }))
    expect(second).toMatchObject({ opened: 0, checked: run.checked, stillPending: run.checked })
    expect((await api('/kyc/re-verify-pending-kyc-status', { token: checker.token })).status).toBe(403)
    expect((await api('/kyc/re-verify-pending-kyc-status', { token: submitted.owner.token })).status).toBe(403)
  })

  it('with a provider that answers: writes its results (a result recorded by a person meanwhile stands), audited, and counts them', async () => {
    const { business } = await businessToVerify()
    const [company, id, bvn] = await items(business.id)
    await json(await put(`/verified-kyc/${id!.id}`, checker.token, { status: 'VERIFIED' }))
    const asked: string[] = []
    const provider: KycProviderAdapter = {
      name: 'MANUAL',
      billable: false,
      check: async (subject) => {
        asked.push(subject.id)
        if (subject.id === company!.id) return { status: 'VERIFIED', reference: 'CAC-LOOKUP-1' }
        if (subject.id === bvn!.id) return { status: 'FAILED', comment: 'BVN belongs to another name', reference: 'BVN-2' }
        return { status: 'PENDING' }
      },
    }
    const db = await getDb()
    const actor = (await loadActor(db, { userId: trigger.user.id, sessionId: trigger.session.id, expiresAt: 0 }))!
    const run = await runReverification({ db, actor, audit: SYSTEM_AUDIT_CONTEXT, provider })
    expect(asked).not.toContain(id!.id)
    expect(asked).toEqual(expect.arrayContaining([company!.id, bvn!.id]))
    expect(run.changed).toBe(2)
    expect(run.stillPending).toBe(run.checked - 2)
    const after = await items(business.id)
    expect(after.map((i) => [i.kind, i.status, i.providerReference])).toEqual([
      ['COMPANY', 'VERIFIED', 'CAC-LOOKUP-1'],
      ['MEANS_OF_ID', 'VERIFIED', null],
      ['BVN', 'FAILED', 'BVN-2'],
    ])
    expect(after[2]!.comment).toBe('BVN belongs to another name')
    expect(await auditRows(bvn!.id, 'PROVIDER_FAILED')).toHaveLength(1)
  })
})

describe('address verification', () => {
  it('records VERIFIED or FAILED (with a comment) on a PENDING address, audited; 409 once decided', async () => {
    const { address, owner } = await businessToVerify()
    const noComment = await put(`/kyc/addresses/${address.id}/verification`, addressChecker.token, { status: 'FAILED' })
    expect((await errorsOf(noComment))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'comment' })
    const failed = await json<KycAddress>(
      await put(`/kyc/addresses/${address.id}/verification`, addressChecker.token, {
        status: 'FAILED',
        comment: 'Nobody at this address knows the business.',
      }),
    )
    expect(failed).toMatchObject({
      id: address.id,
      verificationStatus: 'FAILED',
      verificationComment: 'Nobody at this address knows the business.',
    })
    expect(failed.verifiedAt).not.toBeNull()
    const [audit] = await auditRows(address.id, 'FAIL_VERIFICATION')
    expect(audit).toMatchObject({ actorId: addressChecker.user.id, resource: 'kyc_address' })
    expect(audit!.before).toMatchObject({ verificationStatus: 'PENDING' })
    expect((await latestMail(owner.user.email, 'verification-failed'))?.text).toContain(
      'Nobody at this address knows the business.',
    )
    const again = await put(`/kyc/addresses/${address.id}/verification`, addressChecker.token, { status: 'VERIFIED' })
    expect(again.status).toBe(409)
    expect((await errorsOf(again))[0]).toMatchObject({ code: 'INVALID_STATE', message: expect.stringContaining('failed') })
  })

  it('is for staff holding CAN_VERIFY_ADDRESS: the owner (whose business role carries the name) and approvers are refused; four-eyes', async () => {
    const { address, owner } = await businessToVerify()
    expect((await put(`/kyc/addresses/${address.id}/verification`, owner.token, { status: 'VERIFIED' })).status).toBe(403)
    expect((await put(`/kyc/addresses/${address.id}/verification`, approver.token, { status: 'VERIFIED' })).status).toBe(403)
    expect(
      (
        await put('/kyc/addresses/00000000-0000-4000-8000-000000000000/verification', addressChecker.token, {
          status: 'VERIFIED',
        })
      ).status,
    ).toBe(404)
    const member = await signedInUser({
      staffPermissions: ['CAN_VERIFY_ADDRESS', 'CAN_UPDATE_KYC_STATUS'],
      businesses: [{ businessId: address.businessId, role: 'BUSINESS_MEMBER' }],
    })
    expect(
      (await errorsOf(await put(`/kyc/addresses/${address.id}/verification`, member.token, { status: 'VERIFIED' })))[0]!.code,
    ).toBe('FOUR_EYES')
    const db = await getDb()
    const [row] = await db.select().from(kycAddresses).where(eq(kycAddresses.id, address.id))
    expect(row!.verificationStatus).toBe('PENDING')
  })

  it('lists every call in /openapi.json', async () => {
    const doc = (await (await api('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    const expected: Array<[string, string]> = [
      ['/verified-kyc/{id}', 'get'],
      ['/verified-kyc/{id}', 'put'],
      ['/kyc/verified-detail/{id}', 'get'],
      ['/kyc/business/{id}/verified', 'get'],
      ['/kyc/re-verify-pending-kyc-status', 'get'],
      ['/kyc/addresses/{id}/verification', 'put'],
    ]
    for (const [path, method] of expected) expect(doc.paths[`/api/v1${path}`]?.[method], `${method} ${path}`).toBeDefined()
  })
})
