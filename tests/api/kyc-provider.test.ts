import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getConfig, type AppConfig } from '@/lib/config/env'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { loadActor } from '@/server/auth/load-actor'
import { getDb } from '@/server/db/client'
import { feeCharges, kycServiceDetails, kycServiceProviders, kycVerifications } from '@/server/db/schema'
import { createHttpProvider, manualReviewProvider, type VerificationSubject } from '@/server/integrations/kyc-provider'
import { CircuitBreaker } from '@/server/integrations/kyc-provider/circuit-breaker'
import { seedKycServices } from '@/server/modules/fees/kyc-services'
import { runReverification } from '@/server/modules/verification/verification-calls'
import { FAKE_APP_ID, FAKE_SECRET, startFakeDojah, type FakeDojah } from './fake-dojah'
import { signedInUser } from './helpers'
import { businessWithKyc } from './staff-review-fixtures'

let fake: FakeDojah
beforeAll(async () => {
  fake = await startFakeDojah()
})
afterAll(async () => fake.close())
beforeEach(() => {
  fake.requests.length = 0
  fake.failNext = 0
  fake.delayMs = 0
  fake.records = {
    cac: { 'COMPANY:1234567': { company_name: 'ACME NIGERIA LIMITED', rc_number: '1234567', type_of_entity: 'PRIVATE' } },
    bvn: { '22212345678': { first_name: 'ADA', middle_name: 'NGOZI', last_name: 'OBI' } },
    nin: { '12345678901': { first_name: 'Tunde', last_name: 'Bakare' } },
  }
})

const noSleep = async () => {}
const provider = (options: { breaker?: CircuitBreaker; timeoutMs?: number; retries?: number } = {}) =>
  createHttpProvider({ baseUrl: fake.url, appId: FAKE_APP_ID, secretKey: FAKE_SECRET, sleep: noSleep, ...options })

const subject = (kind: VerificationSubject['kind'], label: string, checkedValue: string): VerificationSubject => ({
  id: randomUUID(),
  businessId: randomUUID(),
  kind,
  label,
  checkedValue,
})
const company = (value = 'RC1234567|Acme Nigeria Ltd') => subject('COMPANY', 'Acme (RC1234567)', value)
const bvn = (name = 'Ada Obi', value = '22212345678') => subject('BVN', `${name}: BVN *******5678`, value)
const nin = (name = 'Tunde Bakare', value = '12345678901') =>
  subject('MEANS_OF_ID', `${name}: National ID card *******8901`, `NATIONAL_ID_CARD:${value}`)

describe('Dojah HTTP adapter against a local listener', () => {
  it('verifies a matching CAC record, BVN and NIN, sending the documented paths, query and headers', async () => {
    const p = provider()
    expect(await p.check(company())).toEqual({ status: 'VERIFIED', reference: 'req-1' })
    expect(await p.check(bvn())).toEqual({ status: 'VERIFIED', reference: 'req-2' })
    expect(await p.check(nin())).toEqual({ status: 'VERIFIED', reference: 'req-3' })
    expect(fake.requests).toEqual([
      {
        path: '/api/v1/kyc/cac',
        query: { rc_number: '1234567', company_type: 'COMPANY' },
        appId: FAKE_APP_ID,
        authorization: FAKE_SECRET,
      },
      { path: '/api/v1/kyc/bvn/full', query: { bvn: '22212345678' }, appId: FAKE_APP_ID, authorization: FAKE_SECRET },
      { path: '/api/v1/kyc/nin', query: { nin: '12345678901' }, appId: FAKE_APP_ID, authorization: FAKE_SECRET },
    ])
  })

  it('fails a mismatch and an unknown number with a comment that never carries the number', async () => {
    const p = provider()
    const outcomes = [
      await p.check(company('RC1234567|Other Company Ltd')),
      await p.check(company('BN1234567|Acme Nigeria Ltd')),
      await p.check(bvn('Ada Eze')),
      await p.check(nin('Tunde Bakare', '99999999999')),
    ]
    expect(outcomes.map((o) => [o.status, o.comment])).toEqual([
      ['FAILED', 'The company name registered with the CAC does not match the declared name'],
      ['FAILED', 'The provider found no company registry (CAC) record for the number given'],
      ['FAILED', 'The name on the BVN record does not match the declared name'],
      ['FAILED', 'The provider found no NIN record for the number given'],
    ])
    expect(fake.requests[1]!.query).toEqual({ rc_number: '1234567', company_type: 'BUSINESS_NAME' })
    for (const o of outcomes) expect(o.billed).toBeUndefined()
  })

  it('retries a 500 and succeeds; never retries a 4xx', async () => {
    fake.failNext = 2
    expect(await provider({ retries: 2 }).check(bvn())).toMatchObject({ status: 'VERIFIED' })
    expect(fake.requests).toHaveLength(3)

    fake.requests.length = 0
    const wrongKey = createHttpProvider({ baseUrl: fake.url, appId: FAKE_APP_ID, secretKey: 'wrong', sleep: noSleep })
    expect(await wrongKey.check(bvn())).toEqual({ status: 'PENDING', billed: false })
    expect(await provider().check(bvn('Ada Obi', '123'))).toEqual({
      status: 'FAILED',
      comment: 'The provider refused the BVN number as invalid',
      reference: undefined,
    })
    expect(fake.requests).toHaveLength(2)
  })

  it('gives up after the retries when every attempt answers 500: PENDING, not billed', async () => {
    fake.failNext = 10
    expect(await provider({ retries: 2 }).check(nin())).toEqual({ status: 'PENDING', billed: false })
    expect(fake.requests).toHaveLength(3)
  })

  it('times an attempt out and retries it', async () => {
    fake.delayMs = 400
    expect(await provider({ timeoutMs: 100, retries: 1 }).check(bvn())).toEqual({ status: 'PENDING', billed: false })
    expect(fake.requests).toHaveLength(2)
    fake.delayMs = 0
  })

  it('opens the breaker after consecutive failed checks, calls nobody while open, and recovers through half-open', async () => {
    let now = 0
    const breaker = new CircuitBreaker({ failureThreshold: 2, cooldownMs: 30_000, now: () => now })
    const p = provider({ breaker, retries: 0 })
    fake.failNext = 2
    await p.check(bvn())
    expect(breaker.state).toBe('CLOSED')
    await p.check(bvn())
    expect(breaker.state).toBe('OPEN')
    expect(await p.check(bvn())).toEqual({ status: 'PENDING', billed: false })
    expect(fake.requests).toHaveLength(2)

    now = 30_000
    expect(breaker.state).toBe('HALF_OPEN')
    fake.failNext = 1
    expect(await p.check(bvn())).toEqual({ status: 'PENDING', billed: false })
    expect(breaker.state).toBe('OPEN')
    expect(fake.requests).toHaveLength(3)

    now = 60_000
    expect(await p.check(bvn())).toMatchObject({ status: 'VERIFIED' })
    expect(breaker.state).toBe('CLOSED')
    expect(fake.requests).toHaveLength(4)
  })

  it('does not call for a means of ID it cannot check (a passport)', async () => {
    const passport = subject('MEANS_OF_ID', 'Ada Obi: Passport ****1234', 'INTERNATIONAL_PASSPORT:A01234567')
    expect(await provider().check(passport)).toEqual({ status: 'PENDING', billed: false })
    expect(fake.requests).toEqual([])
  })
})

describe('the re-verification run with each adapter', () => {
  async function businessWithItems() {
    const setup = await businessWithKyc({ submitted: false })
    const db = await getDb()
    const base = { businessId: setup.business.id, kycDetailsId: setup.kycDetailsId }
    const rows = await db
      .insert(kycVerifications)
      .values([
        {
          ...base,
          kind: 'COMPANY',
          subjectId: setup.kycDetailsId,
          label: 'Acme (RC1234567)',
          checkedValue: 'RC1234567|Acme Nigeria Limited',
        },
        { ...base, kind: 'BVN', subjectId: randomUUID(), label: 'Ada Obi: BVN *******5678', checkedValue: '22212345678' },
        {
          ...base,
          kind: 'MEANS_OF_ID',
          subjectId: randomUUID(),
          label: 'Ada Eze: National ID card *******8901',
          checkedValue: 'NATIONAL_ID_CARD:12345678901',
        },
      ])
      .returning()
    return { business: setup.business, items: rows }
  }

  async function reverify(adapter = provider()) {
    const trigger = await signedInUser({ staffPermissions: ['CAN_TRIGGER_KYC_REVERIFICATION'] })
    const db = await getDb()
    const actor = (await loadActor(db, { userId: trigger.user.id, sessionId: trigger.session.id, expiresAt: 0 }))!
    return runReverification({ db, actor, audit: SYSTEM_AUDIT_CONTEXT, provider: adapter })
  }

  it('the manual default calls nobody, changes nothing and records no charge', async () => {
    const { business, items } = await businessWithItems()
    const run = await reverify(manualReviewProvider)
    expect(run).toMatchObject({ provider: 'MANUAL', changed: 0 })
    const db = await getDb()
    const after = await db.select().from(kycVerifications).where(eq(kycVerifications.businessId, business.id))
    expect(after.map((i) => i.status)).toEqual(items.map(() => 'PENDING'))
    expect(await db.select().from(feeCharges).where(eq(feeCharges.businessId, business.id))).toEqual([])
    expect(fake.requests).toEqual([])
  })

  it('Dojah: writes each result with its reference and records one charge per answered call, under its service', async () => {
    const { business, items } = await businessWithItems()
    const run = await reverify()
    expect(run).toMatchObject({ provider: 'DOJAH' })
    const db = await getDb()
    const after = await db.select().from(kycVerifications).where(eq(kycVerifications.businessId, business.id))
    const byKind = Object.fromEntries(after.map((i) => [i.kind, [i.status, i.provider, i.comment]]))
    expect(byKind).toEqual({
      COMPANY: ['VERIFIED', 'DOJAH', null],
      BVN: ['VERIFIED', 'DOJAH', null],
      MEANS_OF_ID: ['FAILED', 'DOJAH', 'The name on the NIN record does not match the declared name'],
    })
    const charges = await db
      .select({
        verificationId: feeCharges.verificationId,
        serviceType: kycServiceDetails.serviceType,
        code: kycServiceProviders.code,
      })
      .from(feeCharges)
      .innerJoin(kycServiceDetails, eq(kycServiceDetails.id, feeCharges.serviceDetailId))
      .innerJoin(kycServiceProviders, eq(kycServiceProviders.id, kycServiceDetails.providerId))
      .where(eq(feeCharges.businessId, business.id))
    expect(charges.sort((a, b) => a.serviceType.localeCompare(b.serviceType))).toEqual([
      { verificationId: items[1]!.id, serviceType: 'BVN', code: 'DOJAH' },
      { verificationId: items[0]!.id, serviceType: 'CAC_LOOKUP', code: 'DOJAH' },
      { verificationId: items[2]!.id, serviceType: 'NIN', code: 'DOJAH' },
    ])
  })

  it('Dojah unreachable (500s): items stay PENDING and nothing is charged', async () => {
    const { business } = await businessWithItems()
    fake.failNext = 1000
    await reverify(provider({ retries: 1 }))
    const db = await getDb()
    const after = await db.select().from(kycVerifications).where(eq(kycVerifications.businessId, business.id))
    expect(after.map((i) => i.status)).toEqual(['PENDING', 'PENDING', 'PENDING'])
    expect(await db.select().from(feeCharges).where(eq(feeCharges.businessId, business.id))).toEqual([])
  })
})

describe('seeding the configured provider', () => {
  it('with KYC_PROVIDER=dojah seeds Dojah with its three services, so their fees can be set before the first call', async () => {
    const config = getConfig() as { kycProvider: AppConfig['kycProvider'] }
    const saved = config.kycProvider
    config.kycProvider = { name: 'dojah', url: fake.url, appId: FAKE_APP_ID, secretKey: FAKE_SECRET, timeoutMs: 1000 }
    try {
      const db = await getDb()
      await seedKycServices(db)
      await seedKycServices(db)
      const rows = await db
        .select({ serviceType: kycServiceDetails.serviceType, name: kycServiceProviders.name })
        .from(kycServiceDetails)
        .innerJoin(kycServiceProviders, eq(kycServiceProviders.id, kycServiceDetails.providerId))
        .where(eq(kycServiceProviders.code, 'DOJAH'))
      expect(rows.map((r) => r.serviceType).sort()).toEqual(['BVN', 'CAC_LOOKUP', 'NIN'])
      expect(rows[0]!.name).toBe('Dojah')
    } finally {
      config.kycProvider = saved
    }
  })
})
