import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getConfig } from '@/lib/config/env'
import { getDb } from '@/server/db/client'
import { audits, factorChallenges, sessions, userFactors } from '@/server/db/schema'
import { fileApiBaseUrl } from './api-server'
import { FACTOR_TEST_PASSWORD, json, userWithPassword } from './factor-fixtures'
import { api, apiServerKind, errorsOf, signedInUser } from './helpers'

/*
 * A software authenticator: an ES256 key pair from node:crypto, attestation `none` and assertions built by hand
 * (authenticator data, clientDataJSON, CBOR), as a browser and a security key would send them.
 */

const PASSWORD = FACTOR_TEST_PASSWORD

/** The origin the server under test takes as the portal's: its PUBLIC_URL. */
async function portalOrigin() {
  return apiServerKind ? new URL(await fileApiBaseUrl(apiServerKind)).origin : new URL(getConfig().publicUrl).origin
}

// --- a minimal CBOR encoder: unsigned and negative integers, byte and text strings, maps ---
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>
function cborHead(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n])
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n])
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff])
  const b = Buffer.alloc(5)
  b[0] = (major << 5) | 26
  b.writeUInt32BE(n, 1)
  return b
}
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value)
  if (typeof value === 'string') return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)])
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), Buffer.from(value)])
  return Buffer.concat([cborHead(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url')
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest()
const counterBytes = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32)
  readonly keys: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('ec', { namedCurve: 'P-256' })

  get id() {
    return b64url(this.credentialId)
  }

  private coseKey() {
    const jwk = this.keys.publicKey.export({ format: 'jwk' })
    return new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ])
  }

  /** What navigator.credentials.create() answers, attestation `none`. */
  register(options: { challenge: string; rp: { id: string } }, origin: string) {
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]),
      this.credentialId,
      cbor(this.coseKey()),
    ])
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    )
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false })
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['usb'] },
      clientExtensionResults: {},
    }
  }

  /** What navigator.credentials.get() answers; `signWith` another key to forge a signature. */
  assert(
    options: { challenge: string; rpId?: string },
    origin: string,
    counter: number,
    signWith: KeyObject = this.keys.privateKey,
  ) {
    const authenticatorData = Buffer.concat([sha256(options.rpId!), Buffer.from([FLAG_UP | FLAG_UV]), counterBytes(counter)])
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false })
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), signWith)
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    }
  }
}

interface RegistrationOptions {
  challenge: string
  expiresIn: number
  options: {
    challenge: string
    rp: { id: string; name: string }
    user: { id: string; name: string }
    excludeCredentials: { id: string }[]
    authenticatorSelection: { residentKey: string; userVerification: string }
  }
}
interface AuthenticationOptions {
  challenge?: string
  options: { challenge: string; rpId: string; allowCredentials: { id: string }[] }
}

/** Registers a new software passkey for the signed-in user; answers it and the confirmation. */
async function enrolPasskey(token: string, name = 'YubiKey') {
  const authenticator = new SoftwareAuthenticator()
  const started = await json<RegistrationOptions>(
    await api('/accounts/factors/webauthn/options', { method: 'POST', token, json: { name } }),
    200,
  )
  const confirmed = await json<{ factor: { id: string; kind: string; name: string }; recoveryCodes?: string[] }>(
    await api('/accounts/factors/webauthn', {
      method: 'POST',
      token,
      json: { challenge: started.challenge, name, response: authenticator.register(started.options, await portalOrigin()) },
    }),
    201,
  )
  return { authenticator, started, ...confirmed }
}

const login = (email: string) => api('/accounts/login', { method: 'POST', json: { email, password: PASSWORD } })

/** The password step, then the passkey options for its challenge. */
async function passkeyStep(email: string) {
  const step = await json<{ challenge: string; methods: string[] }>(await login(email), 200)
  const options = await json<AuthenticationOptions>(
    await api('/accounts/login/webauthn-options', { method: 'POST', json: { challenge: step.challenge } }),
    200,
  )
  return { ...step, options: options.options }
}

const loginWithPasskey = (challenge: string, response: unknown) =>
  api('/accounts/login/factor', { method: 'POST', json: { challenge, method: 'WEBAUTHN', response } })

async function ageSession(sessionId: string, minutes = 6) {
  const past = new Date(Date.now() - minutes * 60_000)
  const db = await getDb()
  await db.update(sessions).set({ passwordVerifiedAt: past, factorVerifiedAt: past }).where(eq(sessions.id, sessionId))
}

async function auditActions(userId: string, action: string) {
  const db = await getDb()
  return db
    .select()
    .from(audits)
    .where(and(eq(audits.resourceId, userId), eq(audits.action, action)))
}

describe('passkey enrolment', () => {
  it('offers options for this portal, refuses an answer made for another origin, stores the passkey and issues recovery codes with the first factor', async () => {
    const { token, user, session } = await signedInUser()
    const origin = await portalOrigin()
    const started = await json<RegistrationOptions>(
      await api('/accounts/factors/webauthn/options', { method: 'POST', token, json: { name: 'YubiKey' } }),
      200,
    )
    expect(started.options.rp.id).toBe(new URL(origin).hostname)
    expect(started.options.user.name).toBe(user.email)
    expect(started.options.excludeCredentials).toEqual([])
    expect(started.options.authenticatorSelection).toMatchObject({ residentKey: 'preferred', userVerification: 'preferred' })

    const authenticator = new SoftwareAuthenticator()
    const phished = await api('/accounts/factors/webauthn', {
      method: 'POST',
      token,
      json: {
        challenge: started.challenge,
        name: 'YubiKey',
        response: authenticator.register(started.options, 'https://kyc-portal.example.net'),
      },
    })
    expect(phished.status).toBe(400)
    expect((await errorsOf(phished))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'response' })
    const otherRp = await api('/accounts/factors/webauthn', {
      method: 'POST',
      token,
      json: {
        challenge: started.challenge,
        name: 'YubiKey',
        response: authenticator.register({ ...started.options, rp: { id: 'evil.example' } }, origin),
      },
    })
    expect(otherRp.status).toBe(400)

    const confirmed = await json<{
      factor: { id: string; kind: string; name: string; lastUsedAt: string }
      recoveryCodes: string[]
    }>(
      await api('/accounts/factors/webauthn', {
        method: 'POST',
        token,
        json: { challenge: started.challenge, name: 'YubiKey', response: authenticator.register(started.options, origin) },
      }),
      201,
    )
    expect(confirmed.factor).toMatchObject({ kind: 'WEBAUTHN', name: 'YubiKey' })
    expect(confirmed.factor.lastUsedAt).not.toBeNull()
    expect(confirmed.recoveryCodes).toHaveLength(10)

    const db = await getDb()
    const [stored] = await db.select().from(userFactors).where(eq(userFactors.id, confirmed.factor.id))
    expect(stored).toMatchObject({ credentialId: authenticator.id, signCount: 0, transports: ['usb'] })
    expect(stored!.confirmedAt).not.toBeNull()
    const [proven] = await db.select().from(sessions).where(eq(sessions.id, session.id))
    expect(proven!.factorVerifiedAt).not.toBeNull()
    expect(await auditActions(user.id, 'FACTOR_ENROLLED')).toHaveLength(1)

    // The challenge is spent.
    const again = await api('/accounts/factors/webauthn', {
      method: 'POST',
      token,
      json: { challenge: started.challenge, name: 'YubiKey', response: authenticator.register(started.options, origin) },
    })
    expect((await errorsOf(again))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'challenge' })

    // A second one: the first is excluded, no new recovery codes, both listed with their names.
    const second = await json<RegistrationOptions>(
      await api('/accounts/factors/webauthn/options', { method: 'POST', token, json: { name: 'Laptop' } }),
      200,
    )
    expect(second.options.excludeCredentials.map((c) => c.id)).toEqual([authenticator.id])
    const laptop = new SoftwareAuthenticator()
    const added = await json<{ recoveryCodes?: string[] }>(
      await api('/accounts/factors/webauthn', {
        method: 'POST',
        token,
        json: { challenge: second.challenge, name: 'Laptop', response: laptop.register(second.options, origin) },
      }),
      201,
    )
    expect(added.recoveryCodes).toBeUndefined()
    const listed = await json<{ factors: { name: string; kind: string }[]; recoveryCodesLeft: number }>(
      await api('/accounts/factors', { token }),
      200,
    )
    expect(listed.factors.map((f) => [f.kind, f.name])).toEqual([
      ['WEBAUTHN', 'YubiKey'],
      ['WEBAUTHN', 'Laptop'],
    ])
    expect(listed.recoveryCodesLeft).toBe(10)
  })

  it('needs a fresh factor to add a passkey next to a held factor, and takes no challenge of another session', async () => {
    const { token, session, user } = await signedInUser()
    await enrolPasskey(token)
    await ageSession(session.id)
    // The server may be another process, which hears the change a few milliseconds after the commit (LISTEN auth_epoch).
    let stale = new Response()
    await expect
      .poll(
        async () => {
          stale = await api('/accounts/factors/webauthn/options', { method: 'POST', token, json: { name: 'Other' } })
          return stale.status
        },
        { timeout: 5_000, interval: 50 },
      )
      .toBe(401)
    expect((await errorsOf(stale))[0]!.code).toBe('STEP_UP_REQUIRED')

    const other = await signedInUser()
    const started = await json<RegistrationOptions>(
      await api('/accounts/factors/webauthn/options', { method: 'POST', token: other.token, json: { name: 'Mine' } }),
      200,
    )
    // The other user's challenge, answered from this user's session.
    const db = await getDb()
    await db.update(sessions).set({ factorVerifiedAt: new Date() }).where(eq(sessions.id, session.id))
    const stolen = await api('/accounts/factors/webauthn', {
      method: 'POST',
      token,
      json: {
        challenge: started.challenge,
        name: 'Mine',
        response: new SoftwareAuthenticator().register(started.options, await portalOrigin()),
      },
    })
    expect((await errorsOf(stolen))[0]).toMatchObject({ field: 'challenge' })
    expect(await db.select().from(userFactors).where(eq(userFactors.userId, user.id))).toHaveLength(1)
  })
})

describe('sign-in with a passkey', () => {
  it('lists WEBAUTHN only for a user with a passkey, signs in with it, keeps the counter and last use, and refuses a replayed answer', async () => {
    const { token, user } = await userWithPassword()
    const { authenticator, factor } = await enrolPasskey(token)
    const origin = await portalOrigin()

    const step = await passkeyStep(user.email)
    expect(step.methods).toEqual(['WEBAUTHN', 'RECOVERY_CODE'])
    expect(step.options.rpId).toBe(new URL(origin).hostname)
    expect(step.options.allowCredentials.map((c) => c.id)).toEqual([authenticator.id])

    const response = authenticator.assert(step.options, origin, 1)
    const answer = await json<{ access_token: string; user: { id: string } }>(
      await loginWithPasskey(step.challenge, response),
      200,
    )
    expect(answer.user.id).toBe(user.id)
    expect((await api('/accounts/me', { token: answer.access_token })).status).toBe(200)
    const db = await getDb()
    const [used] = await db.select().from(userFactors).where(eq(userFactors.id, factor.id))
    expect(used!.signCount).toBe(1)
    expect(used!.lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000)

    // The same answer to a new sign-in: signed over the old challenge.
    const next = await passkeyStep(user.email)
    expect((await loginWithPasskey(next.challenge, response)).status).toBe(401)
    // A sign-in whose passkey options were never asked for has no WebAuthn challenge to sign.
    const bare = await json<{ challenge: string }>(await login(user.email), 200)
    expect((await loginWithPasskey(bare.challenge, authenticator.assert(next.options, origin, 5))).status).toBe(401)

    // Options for a spent challenge: start again with the password.
    const spent = await api('/accounts/login/webauthn-options', { method: 'POST', json: { challenge: step.challenge } })
    expect((await errorsOf(spent))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'challenge' })

    // A user with an authenticator app only is not offered a passkey.
    const appOnly = await userWithPassword()
    const noPasskey = await signedInUserWithoutPasskeyOptions(appOnly.user.email, appOnly.user.id)
    expect(noPasskey.status).toBe(409)
  })

  it('refuses a wrong signature and counts it as a wrong code: on the challenge, in the audit and in the sign-in throttle', async () => {
    const { token, user } = await userWithPassword()
    const { authenticator } = await enrolPasskey(token)
    const origin = await portalOrigin()
    const step = await passkeyStep(user.email)
    const forger = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const forged = await loginWithPasskey(step.challenge, authenticator.assert(step.options, origin, 1, forger.privateKey))
    expect(forged.status).toBe(401)
    expect((await errorsOf(forged))[0]).toMatchObject({ code: 'UNAUTHENTICATED', field: 'response' })

    const db = await getDb()
    const [row] = await db
      .select()
      .from(factorChallenges)
      .where(and(eq(factorChallenges.userId, user.id), eq(factorChallenges.purpose, 'SIGN_IN')))
    expect(row!.failures).toBe(1)
    const failures = await db.select().from(audits).where(eq(audits.action, 'LOGIN_FACTOR_FAILED'))
    expect(failures.some((a) => a.actorId === user.id)).toBe(true)

    // Four more wrong answers kill the challenge and make the account wait, as wrong codes do.
    for (let i = 0; i < 4; i++) {
      await loginWithPasskey(step.challenge, authenticator.assert(step.options, origin, 1, forger.privateKey))
    }
    expect([401, 429]).toContain((await loginWithPasskey(step.challenge, authenticator.assert(step.options, origin, 2))).status)
    expect((await login(user.email)).status).toBe(429)
  })

  it('refuses a valid signature whose counter went backwards (a cloned key) and audits it', async () => {
    const { token, user } = await userWithPassword()
    const { authenticator, factor } = await enrolPasskey(token)
    const origin = await portalOrigin()
    const first = await passkeyStep(user.email)
    await json(await loginWithPasskey(first.challenge, authenticator.assert(first.options, origin, 5)), 200)

    for (const counter of [3, 5]) {
      const step = await passkeyStep(user.email)
      const refused = await loginWithPasskey(step.challenge, authenticator.assert(step.options, origin, counter))
      expect(refused.status, `counter ${counter}`).toBe(401)
    }
    const db = await getDb()
    const [kept] = await db.select().from(userFactors).where(eq(userFactors.id, factor.id))
    expect(kept!.signCount).toBe(5)
    const regressed = await auditActions(user.id, 'WEBAUTHN_COUNTER_REGRESSED')
    expect(regressed).toHaveLength(2)

    const ahead = await passkeyStep(user.email)
    expect((await loginWithPasskey(ahead.challenge, authenticator.assert(ahead.options, origin, 6))).status).toBe(200)
  })
})

/** Asks for passkey options after the password step of a user holding an authenticator app only. */
async function signedInUserWithoutPasskeyOptions(email: string, userId: string) {
  const db = await getDb()
  await db
    .insert(userFactors)
    .values({ userId, kind: 'TOTP', name: 'Phone', totpSecret: 'JBSWY3DPEHPK3PXP', confirmedAt: new Date() })
  const step = await json<{ challenge: string; methods: string[] }>(await login(email), 200)
  expect(step.methods).toEqual(['TOTP', 'RECOVERY_CODE'])
  return api('/accounts/login/webauthn-options', { method: 'POST', json: { challenge: step.challenge } })
}

describe('step-up with a passkey', () => {
  it('proves the session afresh with a passkey answer to a challenge of this session, once', async () => {
    const { token, session, user } = await userWithPassword({ staffRole: 'SUPER_ADMIN' })
    const { authenticator } = await enrolPasskey(token)
    const origin = await portalOrigin()
    await ageSession(session.id)

    const options = await json<AuthenticationOptions>(
      await api('/accounts/step-up/webauthn-options', { method: 'POST', token }),
      200,
    )
    expect(options.challenge).toBeTruthy()
    expect(options.options.allowCredentials.map((c) => c.id)).toEqual([authenticator.id])

    const wrong = await api('/accounts/step-up', {
      method: 'POST',
      token,
      json: {
        method: 'WEBAUTHN',
        challenge: options.challenge,
        response: authenticator.assert(options.options, origin, 1, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey),
      },
    })
    expect(wrong.status).toBe(400)
    expect((await errorsOf(wrong))[0]).toMatchObject({ field: 'response' })

    const response = authenticator.assert(options.options, origin, 1)
    await json(
      await api('/accounts/step-up', {
        method: 'POST',
        token,
        json: { method: 'WEBAUTHN', challenge: options.challenge, response },
      }),
      200,
    )
    const db = await getDb()
    const [proven] = await db.select().from(sessions).where(eq(sessions.id, session.id))
    expect(Date.now() - proven!.factorVerifiedAt!.getTime()).toBeLessThan(60_000)
    expect(await auditActions(session.id, 'STEP_UP_SUCCEEDED')).toHaveLength(1)

    const replay = await api('/accounts/step-up', {
      method: 'POST',
      token,
      json: { method: 'WEBAUTHN', challenge: options.challenge, response: authenticator.assert(options.options, origin, 2) },
    })
    expect(replay.status).toBe(400)
    expect((await errorsOf(replay))[0]).toMatchObject({ field: 'challenge' })
    expect(user.id).toBeTruthy()
  })
})

describe('removing passkeys', () => {
  it('refuses to remove the last passkey while the business requires a factor', async () => {
    const owner = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }] })
    const businessId = owner.businessIds[0]!
    const member = await userWithPassword({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] })
    await json(
      await api(`/businesses/${businessId}/factor-policy`, { method: 'PUT', token: owner.token, json: { requireFactor: true } }),
      200,
    )
    const limited = await json<{ access_token: string; enrolment_required: boolean }>(await login(member.user.email), 200)
    expect(limited.enrolment_required).toBe(true)
    expect((await api(`/businesses/${businessId}`, { token: limited.access_token })).status).toBe(403)

    // An enrolment-only session may enrol a passkey, which frees it.
    const { factor } = await enrolPasskey(limited.access_token)
    expect((await api(`/businesses/${businessId}`, { token: limited.access_token })).status).toBe(200)
    const removeLast = await api(`/accounts/factors/${factor.id}`, { method: 'DELETE', token: limited.access_token })
    expect(removeLast.status).toBe(409)

    // With a second passkey the first one can go.
    const { factor: second } = await enrolPasskey(limited.access_token, 'Backup key')
    expect((await api(`/accounts/factors/${factor.id}`, { method: 'DELETE', token: limited.access_token })).status).toBe(204)
    expect((await api(`/accounts/factors/${second.id}`, { method: 'DELETE', token: limited.access_token })).status).toBe(409)
  })
})
