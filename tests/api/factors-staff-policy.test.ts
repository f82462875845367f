import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'

// The configuration is read on first use: STAFF_MFA must be in place before the helpers build the app.
vi.hoisted(() => {
  process.env.STAFF_MFA = 'required'
})

import { currentTotpCode } from '@/server/auth/factors/totp'
import { hashPassword } from '@/server/auth/password'
import { getDb } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'

const PASSWORD = 'Staff-Policy-Lekki-2026'

/** STAFF_MFA=required (production's default): staff without a factor can only enrol one; business users are free. */
describe('staff must hold a second factor', () => {
  it('gives a staff user without a factor a session that only enrols one, then the whole portal once enrolled', async () => {
    const staff = await signedInUser({ staffRole: 'APPROVER' })
    const db = await getDb()
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, staff.user.id))

    const answer = (await (
      await api('/accounts/login', { method: 'POST', json: { email: staff.user.email, password: PASSWORD } })
    ).json()) as {
      access_token: string
      enrolment_required?: boolean
    }
    expect(answer.enrolment_required).toBe(true)
    let token = answer.access_token
    for (const path of ['/businesses/for-approval', '/reports/businesses/summary', '/audits']) {
      const refused = await api(path, { token })
      expect(refused.status, path).toBe(403)
      expect((await errorsOf(refused))[0]!.code, path).toBe('FACTOR_ENROLMENT_REQUIRED')
    }
    for (const path of ['/accounts/me', '/accounts/me/permissions', '/accounts/factors'])
      expect((await api(path, { token })).status, path).toBe(200)
    const refreshed = await api('/accounts/refresh-token', { method: 'POST', token })
    expect(refreshed.status).toBe(200)
    // A refresh replaces the token (docs/security.md#sessions).
    token = ((await refreshed.json()) as { access_token: string }).access_token

    const started = (await (await api('/accounts/factors/totp', { method: 'POST', token, json: { name: 'Phone' } })).json()) as {
      id: string
      secret: string
    }
    const confirmed = await api(`/accounts/factors/totp/${started.id}/confirm`, {
      method: 'POST',
      token,
      json: { code: currentTotpCode(started.secret) },
    })
    expect(confirmed.status).toBe(200)
    expect((await api('/businesses/for-approval', { token })).status).toBe(200)
    // Staff keep their last factor.
    const factorId = ((await confirmed.json()) as { factor: { id: string } }).factor.id
    const removeLast = await api(`/accounts/factors/${factorId}`, { method: 'DELETE', token })
    expect(removeLast.status).toBe(409)
    expect((await errorsOf(removeLast))[0]!.message).toMatch(/Staff must keep a second factor/)
  })

  it('leaves business users free to sign in without one', async () => {
    const owner = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }] })
    const db = await getDb()
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, owner.user.id))
    const answer = (await (
      await api('/accounts/login', { method: 'POST', json: { email: owner.user.email, password: PASSWORD } })
    ).json()) as {
      access_token: string
      enrolment_required?: boolean
    }
    expect(answer.enrolment_required).toBeUndefined()
    expect((await api(`/businesses/${owner.businessIds[0]}`, { token: answer.access_token })).status).toBe(200)
  })
})
