import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { currentTotpCode } from '@/server/auth/factors/totp'
import { getDb } from '@/server/db/client'
import { audits, sessions, userFactors } from '@/server/db/schema'
import { FACTOR_TEST_PASSWORD, json, userWithPassword } from './factor-fixtures'
import { api, errorsOf, latestMail, signedInUser } from './helpers'

const PASSWORD = FACTOR_TEST_PASSWORD

/** Enrols an authenticator app for the signed-in user; answers its secret and the recovery codes. */
async function enrolTotp(token: string, name = 'Work phone') {
  const started = await json<{ id: string; secret: string; uri: string; qrSvg: string }>(
    await api('/accounts/factors/totp', { method: 'POST', token, json: { name } }),
    201,
  )
  const confirmed = await json<{ factor: { id: string }; recoveryCodes?: string[] }>(
    await api(`/accounts/factors/totp/${started.id}/confirm`, {
      method: 'POST',
      token,
      json: { code: currentTotpCode(started.secret) },
    }),
    200,
  )
  return { ...started, factorId: confirmed.factor.id, recoveryCodes: confirmed.recoveryCodes }
}

const login = (email: string, password = PASSWORD) => api('/accounts/login', { method: 'POST', json: { email, password } })

async function passwordStep(email: string) {
  return json<{ factor_required: true; challenge: string; methods: string[] }>(await login(email), 200)
}

/** Moves the session's proofs into the past, as if the user signed in long ago. */
async function ageSession(sessionId: string, minutes = 6) {
  const past = new Date(Date.now() - minutes * 60_000)
  const db = await getDb()
  await db.update(sessions).set({ passwordVerifiedAt: past, factorVerifiedAt: past }).where(eq(sessions.id, sessionId))
}

describe('authenticator app enrolment', () => {
  it('shows a secret and QR code, refuses a wrong code naming the field, confirms with a right one and issues ten recovery codes once', async () => {
    const { token, user } = await signedInUser()
    const started = await json<{ id: string; secret: string; uri: string; qrSvg: string }>(
      await api('/accounts/factors/totp', { method: 'POST', token, json: { name: 'Work phone' } }),
      201,
    )
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(started.uri).toMatch(/^otpauth:\/\/totp\/KYC%20Portal:/)
    expect(started.qrSvg).toContain('<svg')

    const wrong = await api(`/accounts/factors/totp/${started.id}/confirm`, { method: 'POST', token, json: { code: '000000' } })
    expect(wrong.status).toBe(400)
    expect((await errorsOf(wrong))[0]).toMatchObject({ field: 'code' })
    const notDigits = await api(`/accounts/factors/totp/${started.id}/confirm`, { method: 'POST', token, json: { code: 'abc' } })
    expect((await errorsOf(notDigits))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'code' })

    const confirmed = await json<{ factor: { id: string; name: string; kind: string }; recoveryCodes: string[] }>(
      await api(`/accounts/factors/totp/${started.id}/confirm`, {
        method: 'POST',
        token,
        json: { code: currentTotpCode(started.secret) },
      }),
      200,
    )
    expect(confirmed.factor).toMatchObject({ name: 'Work phone', kind: 'TOTP' })
    expect(confirmed.recoveryCodes).toHaveLength(10)
    expect(new Set(confirmed.recoveryCodes).size).toBe(10)

    const listed = await json<{
      factors: { name: string; lastUsedAt: string | null }[]
      recoveryCodesLeft: number
      requiredBecause: null
    }>(await api('/accounts/factors', { token }), 200)
    expect(listed).toMatchObject({ recoveryCodesLeft: 10, requiredBecause: null })
    expect(listed.factors.map((f) => f.name)).toEqual(['Work phone'])

    const db = await getDb()
    const [stored] = await db.select().from(userFactors).where(eq(userFactors.userId, user.id))
    // Encrypted at rest like identity numbers; the app reads it back in clear.
    const [raw] = await db
      .select({ secret: sql<string>`totp_secret::text` })
      .from(userFactors)
      .where(eq(userFactors.id, stored!.id))
    const rawSecret = raw!.secret
    expect(rawSecret).toMatch(/^v1:/)
    expect(rawSecret).not.toContain(started.secret)
    const audited = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, user.id), eq(audits.action, 'FACTOR_ENROLLED')))
    expect(audited).toHaveLength(1)
  })

  it('needs a fresh factor to add a second one, so a stolen session cannot add the thief’s phone', async () => {
    const { token, session } = await signedInUser()
    await enrolTotp(token)
    await ageSession(session.id)
    const refused = await api('/accounts/factors/totp', { method: 'POST', token, json: { name: 'Other phone' } })
    expect(refused.status).toBe(401)
    expect((await errorsOf(refused))[0]!.code).toBe('STEP_UP_REQUIRED')
  })
})

describe('sign-in with a second factor', () => {
  it('asks for the factor after the password, signs in with a code, and never accepts the same code twice', async () => {
    const { token, user } = await userWithPassword()
    const { secret } = await enrolTotp(token)

    const step = await passwordStep(user.email)
    expect(step.methods).toEqual(['TOTP', 'RECOVERY_CODE'])
    expect(step).not.toHaveProperty('access_token')

    // The code enrolment used is already spent: the step after it is needed.
    const next = currentTotpCode(secret, Date.now() + 30_000)
    const answer = await json<{ access_token: string; user: { id: string } }>(
      await api('/accounts/login/factor', { method: 'POST', json: { challenge: step.challenge, method: 'TOTP', code: next } }),
      200,
    )
    expect(answer.user.id).toBe(user.id)
    expect((await api('/accounts/me', { token: answer.access_token })).status).toBe(200)

    const again = await passwordStep(user.email)
    const replay = await api('/accounts/login/factor', {
      method: 'POST',
      json: { challenge: again.challenge, method: 'TOTP', code: next },
    })
    expect(replay.status).toBe(401)
    expect((await errorsOf(replay))[0]).toMatchObject({ field: 'code' })
    // A spent challenge cannot be used again either.
    const reused = await api('/accounts/login/factor', {
      method: 'POST',
      json: { challenge: step.challenge, method: 'TOTP', code: currentTotpCode(secret, Date.now() + 60_000) },
    })
    expect(reused.status).toBe(401)
  })

  it('accepts a code one step either side of now and refuses one two steps old', async () => {
    const { token, user } = await userWithPassword()
    const { secret } = await enrolTotp(token)
    const db = await getDb()
    // Forget the step enrolment used, so only the window is tested.
    await db.update(userFactors).set({ totpLastStep: null }).where(eq(userFactors.userId, user.id))

    const tooOld = await api('/accounts/login/factor', {
      method: 'POST',
      json: {
        challenge: (await passwordStep(user.email)).challenge,
        method: 'TOTP',
        code: currentTotpCode(secret, Date.now() - 65_000),
      },
    })
    expect(tooOld.status).toBe(401)
    const previous = await api('/accounts/login/factor', {
      method: 'POST',
      json: {
        challenge: (await passwordStep(user.email)).challenge,
        method: 'TOTP',
        code: currentTotpCode(secret, Date.now() - 30_000),
      },
    })
    expect(previous.status).toBe(200)
    const following = await api('/accounts/login/factor', {
      method: 'POST',
      json: {
        challenge: (await passwordStep(user.email)).challenge,
        method: 'TOTP',
        code: currentTotpCode(secret, Date.now() + 30_000),
      },
    })
    expect(following.status).toBe(200)
  })

  it('takes each recovery code once and says how many are left', async () => {
    const { token, user } = await userWithPassword()
    const { recoveryCodes } = await enrolTotp(token)
    const code = recoveryCodes![3]!.toLowerCase().replace(/-/g, ' ')
    const first = await json<{ recovery_codes_left: number }>(
      await api('/accounts/login/factor', {
        method: 'POST',
        json: { challenge: (await passwordStep(user.email)).challenge, method: 'RECOVERY_CODE', code },
      }),
      200,
    )
    expect(first.recovery_codes_left).toBe(9)
    const second = await api('/accounts/login/factor', {
      method: 'POST',
      json: { challenge: (await passwordStep(user.email)).challenge, method: 'RECOVERY_CODE', code: recoveryCodes![3] },
    })
    expect(second.status).toBe(401)
  })

  it('throttles wrong codes like wrong passwords: five kill the challenge and make the account and address wait', async () => {
    const { token, user } = await userWithPassword()
    await enrolTotp(token)
    const { challenge } = await passwordStep(user.email)
    for (let i = 0; i < 5; i++) {
      const wrong = await api('/accounts/login/factor', { method: 'POST', json: { challenge, method: 'TOTP', code: '000000' } })
      expect(wrong.status).toBe(401)
    }
    const dead = await api('/accounts/login/factor', { method: 'POST', json: { challenge, method: 'TOTP', code: '111111' } })
    expect([401, 429]).toContain(dead.status)
    const waiting = await login(user.email)
    expect(waiting.status).toBe(429)
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('a business owner requires a factor of the business’s users', () => {
  it('makes a member’s next sign-in an enrolment-only session until they enrol', async () => {
    const owner = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }] })
    const businessId = owner.businessIds[0]!
    const member = await userWithPassword({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] })

    const notOwner = await api(`/businesses/${businessId}/factor-policy`, {
      method: 'PUT',
      token: member.token,
      json: { requireFactor: true },
    })
    expect(notOwner.status).toBe(403)
    const bad = await api(`/businesses/${businessId}/factor-policy`, {
      method: 'PUT',
      token: owner.token,
      json: { requireFactor: 'yes' },
    })
    expect((await errorsOf(bad))[0]).toMatchObject({ field: 'requireFactor' })
    await json(
      await api(`/businesses/${businessId}/factor-policy`, { method: 'PUT', token: owner.token, json: { requireFactor: true } }),
      200,
    )

    const answer = await json<{ access_token: string; enrolment_required: boolean }>(await login(member.user.email), 200)
    expect(answer.enrolment_required).toBe(true)
    const limited = answer.access_token
    const gated = await api(`/businesses/${businessId}`, { token: limited })
    expect(gated.status).toBe(403)
    expect((await errorsOf(gated))[0]!.code).toBe('FACTOR_ENROLMENT_REQUIRED')
    expect((await api('/accounts/me', { token: limited })).status).toBe(200)
    const listed = await json<{ requiredBecause: string }>(await api('/accounts/factors', { token: limited }), 200)
    expect(listed.requiredBecause).toBe('BUSINESS_POLICY')

    const { factorId } = await enrolTotp(limited)
    expect((await api(`/businesses/${businessId}`, { token: limited })).status).toBe(200)
    // The only factor cannot be removed while the business requires one.
    const removeLast = await api(`/accounts/factors/${factorId}`, { method: 'DELETE', token: limited })
    expect(removeLast.status).toBe(409)
  })

  it('lets a user with no requirement remove their only factor (fresh factor first)', async () => {
    const { token, session } = await signedInUser()
    const { factorId, secret } = await enrolTotp(token)
    await ageSession(session.id)
    const stale = await api(`/accounts/factors/${factorId}`, { method: 'DELETE', token })
    expect((await errorsOf(stale))[0]!.code).toBe('STEP_UP_REQUIRED')
    await json(
      await api('/accounts/step-up', {
        method: 'POST',
        token,
        json: { method: 'TOTP', code: currentTotpCode(secret, Date.now() + 30_000) },
      }),
      200,
    )
    expect((await api(`/accounts/factors/${factorId}`, { method: 'DELETE', token })).status).toBe(204)
    expect(
      (await json<{ factors: unknown[]; recoveryCodesLeft: number }>(await api('/accounts/factors', { token }), 200))
        .recoveryCodesLeft,
    ).toBe(0)
  })
})

describe('step-up before the most sensitive actions', () => {
  const sensitive = [
    ['PUT', `/businesses/${randomUUID()}/approve`],
    ['PUT', `/kyc/cac-documents-approval/${randomUUID()}`],
    ['PUT', '/kyc/cac-documents-approval'],
    ['PUT', `/kyc/documents/${randomUUID()}/review`],
    ['PUT', `/authorizations/${randomUUID()}`],
    ['POST', `/data-subjects/user/${randomUUID()}/erase`],
    ['POST', `/kyc/means-of-ids/${randomUUID()}/reveal`],
    ['POST', `/kyc/shareholders/${randomUUID()}/reveal`],
    ['POST', `/users/${randomUUID()}/factor-reset`],
    ['POST', `/screening/versions/${randomUUID()}/load`],
    ['POST', '/screening/lists/NG_DOMESTIC/entries'],
  ] as const

  it('answers 401 STEP_UP_REQUIRED on every listed action when the last proof is over 5 minutes old, and publishes x-step-up', async () => {
    const { token, session } = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    await ageSession(session.id)
    for (const [method, path] of sensitive) {
      const res = await api(path, { method, token, json: {} })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect((await errorsOf(res))[0]!.code, `${method} ${path}`).toBe('STEP_UP_REQUIRED')
    }
    // The session is still signed in for everything else.
    expect((await api('/accounts/me', { token })).status).toBe(200)

    const document = await json<{ paths: Record<string, Record<string, { 'x-step-up'?: boolean }>> }>(
      await api('/openapi.json'),
      200,
    )
    const stepUpOperations = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-step-up'])
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '')}`),
    )
    expect(stepUpOperations.sort()).toEqual(
      [
        'PUT /businesses/{id}/approve',
        'PUT /kyc/cac-documents-approval/{kycDetailsId}',
        'PUT /kyc/cac-documents-approval',
        'PUT /kyc/documents/{id}/review',
        'PUT /authorizations/{id}',
        'POST /data-subjects/{kind}/{id}/erase',
        'POST /kyc/means-of-ids/{id}/reveal',
        'POST /kyc/shareholders/{id}/reveal',
        'DELETE /accounts/factors/{id}',
        'POST /accounts/recovery-codes',
        'POST /users/{id}/factor-reset',
        'POST /screening/versions/{id}/load',
        'POST /screening/lists/{code}/entries',
        'GET /businesses/{id}/case-file',
      ].sort(),
    )
  })

  it('takes the password from a user without a factor, but only a factor from a user who has one', async () => {
    const staff = await userWithPassword({ staffRole: 'SUPER_ADMIN' })
    await ageSession(staff.session.id)
    const wrong = await api('/accounts/step-up', {
      method: 'POST',
      token: staff.token,
      json: { method: 'PASSWORD', password: 'nope' },
    })
    expect((await errorsOf(wrong))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' })
    await json(
      await api('/accounts/step-up', { method: 'POST', token: staff.token, json: { method: 'PASSWORD', password: PASSWORD } }),
      200,
    )
    const path = `/kyc/means-of-ids/${randomUUID()}/reveal`
    // Past the step-up check: the next answer is about the request itself.
    expect(
      (
        await api(path, {
          method: 'POST',
          token: staff.token,
          json: { field: 'bvn', reason: 'Checking the BVN against the CAC' },
        })
      ).status,
    ).toBe(404)

    const withFactor = await userWithPassword({ staffRole: 'SUPER_ADMIN' })
    const { secret } = await enrolTotp(withFactor.token)
    await ageSession(withFactor.session.id)
    const byPassword = await api('/accounts/step-up', {
      method: 'POST',
      token: withFactor.token,
      json: { method: 'PASSWORD', password: PASSWORD },
    })
    expect((await errorsOf(byPassword))[0]).toMatchObject({ field: 'method' })
    await json(
      await api('/accounts/step-up', {
        method: 'POST',
        token: withFactor.token,
        json: { method: 'TOTP', code: currentTotpCode(secret, Date.now() + 30_000) },
      }),
      200,
    )
    expect(
      (
        await api(path, {
          method: 'POST',
          token: withFactor.token,
          json: { field: 'bvn', reason: 'Checking the BVN against the CAC' },
        })
      ).status,
    ).toBe(404)
  })
})

describe('an administrator resets a user’s factors only through four-eyes', () => {
  it('waits for a second administrator, then removes the factors, signs the user out, mails them and makes them enrol', async () => {
    const target = await userWithPassword({ staffRole: 'ONBOARDING_OFFICER' })
    await enrolTotp(target.token)
    const maker = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const checker = await signedInUser({ staffRole: 'SUPER_ADMIN' })

    const own = await api(`/users/${maker.user.id}/factor-reset`, {
      method: 'POST',
      token: maker.token,
      json: { reason: 'Lost my own phone today' },
    })
    expect(own.status).toBe(403)
    const noReason = await api(`/users/${target.user.id}/factor-reset`, {
      method: 'POST',
      token: maker.token,
      json: { reason: 'x' },
    })
    expect((await errorsOf(noReason))[0]).toMatchObject({ field: 'reason' })

    const pending = await json<{ id: string; status: string; type: string }>(
      await api(`/users/${target.user.id}/factor-reset`, {
        method: 'POST',
        token: maker.token,
        json: { reason: 'Phone stolen in Yaba on Friday, reported to security' },
      }),
      202,
    )
    expect(pending).toMatchObject({ status: 'PENDING', type: 'USER_FACTOR_RESET' })
    // Nothing changes until it is approved, and the maker cannot approve it.
    expect(
      (await json<{ factors: unknown[] }>(await api('/accounts/factors', { token: target.token }), 200)).factors,
    ).toHaveLength(1)
    expect(
      (await api(`/authorizations/${pending.id}`, { method: 'PUT', token: maker.token, json: { decision: 'APPROVED' } })).status,
    ).toBe(403)

    await json(
      await api(`/authorizations/${pending.id}`, { method: 'PUT', token: checker.token, json: { decision: 'APPROVED' } }),
      200,
    )
    expect((await api('/accounts/me', { token: target.token })).status).toBe(401)
    const db = await getDb()
    expect(await db.select().from(userFactors).where(eq(userFactors.userId, target.user.id))).toHaveLength(0)
    expect(await latestMail(target.user.email, 'factors-reset')).toBeTruthy()
    const next = await json<{ enrolment_required: boolean; access_token: string }>(await login(target.user.email), 200)
    expect(next.enrolment_required).toBe(true)
    const listed = await json<{ requiredBecause: string }>(await api('/accounts/factors', { token: next.access_token }), 200)
    expect(listed.requiredBecause).toBe('RESET')
    await enrolTotp(next.access_token)
    const after = await json<{ factor_required: boolean }>(await login(target.user.email), 200)
    expect(after.factor_required).toBe(true)
  })
})
