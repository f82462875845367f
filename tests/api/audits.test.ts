import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { getDb } from '@/server/db/client'
import { audits } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'

const ctx = (actorId: string | null, email: string | null = null): AuditContext => ({
  actorId,
  actorEmail: email,
  requestId: 'req-test',
  ip: '127.0.0.1',
})

async function append(
  entry: { resource: string; action: string; resourceId?: string; before?: unknown; after?: unknown },
  context = ctx(null),
) {
  const db = await getDb()
  return db.transaction((tx) => appendAudit(tx, context, entry))
}

async function verify(token: string) {
  const res = await api('/audits/verify', { token })
  expect(res.status).toBe(200)
  return (await res.json()) as { ok: boolean; checked: number; firstBrokenId: string | null }
}

let auditorToken: string
let auditorId: string

beforeAll(async () => {
  const auditor = await signedInUser({ staffRole: 'AUDITOR' })
  auditorToken = auditor.token
  auditorId = auditor.user.id
})

describe('audit chain', () => {
  it('chains appended rows and verifies them, including concurrent appends', async () => {
    await append({
      resource: 'business',
      resourceId: 'b-1',
      action: 'CREATE',
      after: { name: 'Adebayo Foods Ltd', nested: { z: 1, a: [1, 2] } },
    })
    await append({
      resource: 'business',
      resourceId: 'b-1',
      action: 'UPDATE',
      before: { name: 'Adebayo Foods Ltd' },
      after: { name: 'Adebayo Foods Limited' },
    })
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => append({ resource: 'kyc', resourceId: `k-${i}`, action: 'CREATE', after: { i } })),
    )
    const result = await verify(auditorToken)
    expect(result.ok).toBe(true)
    expect(result.firstBrokenId).toBeNull()
    expect(result.checked).toBeGreaterThanOrEqual(22)
  })

  it('refuses UPDATE, DELETE and TRUNCATE on the audit table', async () => {
    await append({ resource: 'setting', action: 'UPDATE', after: { days: 30 } })
    const db = await getDb()
    const refusal = (statement: ReturnType<typeof sql>) =>
      db.execute(statement).then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      )
    expect(await refusal(sql`UPDATE audits SET action = 'FORGED'`)).toMatch(/audits is append-only: UPDATE refused/)
    expect(await refusal(sql`DELETE FROM audits`)).toMatch(/audits is append-only: DELETE refused/)
    expect(await refusal(sql`TRUNCATE audits`)).toMatch(/audits is append-only: TRUNCATE refused/)
    expect((await verify(auditorToken)).ok).toBe(true)
  })

  it('names the first row edited behind the API’s back', async () => {
    const target = await append({ resource: 'fee', resourceId: 'f-1', action: 'UPDATE', after: { amountKobo: 150000 } })
    await append({ resource: 'fee', resourceId: 'f-2', action: 'UPDATE', after: { amountKobo: 99 } })
    expect((await verify(auditorToken)).ok).toBe(true)

    const db = await getDb()
    await db.execute(sql`ALTER TABLE audits DISABLE TRIGGER audits_append_only`)
    await db.execute(sql`UPDATE audits SET after = '{"amountKobo": 1}'::jsonb WHERE id = ${target.id}`)
    await db.execute(sql`ALTER TABLE audits ENABLE TRIGGER audits_append_only`)

    const result = await verify(auditorToken)
    expect(result).toMatchObject({ ok: false, firstBrokenId: target.id })
  })
})

describe('audit reads', () => {
  it('lists audit rows newest first with filters and pagination', async () => {
    const actor = await signedInUser({ staffRole: 'APPROVER' })
    for (let i = 0; i < 3; i++) {
      await append(
        { resource: 'deferral', resourceId: `d-${i}`, action: 'APPROVE', after: { i } },
        ctx(actor.user.id, actor.user.email),
      )
    }
    const res = await api(`/audits?resource=deferral&actorId=${actor.user.id}&pageSize=2`, { token: auditorToken })
    expect(res.status).toBe(200)
    const page = (await res.json()) as {
      content: { resourceId: string; actorEmail: string }[]
      totalElements: number
      totalPages: number
      pageNumber: number
      pageSize: number
    }
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, pageNumber: 1, pageSize: 2 })
    expect(page.content.map((r) => r.resourceId)).toEqual(['d-2', 'd-1'])
    expect(page.content[0]!.actorEmail).toBe(actor.user.email)

    const oldest = await api(`/audits?resource=deferral&recentFirst=false&pageSize=1`, { token: auditorToken })
    expect(((await oldest.json()) as { content: { resourceId: string }[] }).content[0]!.resourceId).toBe('d-0')

    const future = await api(`/audits?from=2999-01-01`, { token: auditorToken })
    expect(((await future.json()) as { totalElements: number }).totalElements).toBe(0)
    const today = new Date().toISOString().slice(0, 10)
    const upToToday = await api(`/audits?resource=deferral&to=${today}`, { token: auditorToken })
    expect(((await upToToday.json()) as { totalElements: number }).totalElements).toBe(3)
  })

  it('lists resources and actors', async () => {
    const actor = await signedInUser({ staffRole: 'PRODUCT_MANAGER' })
    await append({ resource: 'product', action: 'CREATE' }, ctx(actor.user.id, actor.user.email))
    const resources = (await (await api('/audits/resources', { token: auditorToken })).json()) as string[]
    expect(resources).toContain('product')
    expect(resources).toContain('role') // written by the seed
    const actors = (await (await api('/audits/actors', { token: auditorToken })).json()) as {
      id: string
      email: string
      name: string
    }[]
    expect(actors).toContainEqual({ id: actor.user.id, email: actor.user.email, name: 'Test User' })
    expect(actors.find((a) => a.id === auditorId)).toBeUndefined()
  })

  it('needs CAN_AUDIT_SYSTEM for every audit call', async () => {
    const { token } = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    for (const path of ['/audits', '/audits/resources', '/audits/actors', '/audits/verify']) {
      const res = await api(path, { token })
      expect(res.status, path).toBe(403)
      expect((await errorsOf(res))[0]!.code).toBe('FORBIDDEN')
      expect((await api(path)).status, path).toBe(401)
    }
  })

  it('writes no row for reads', async () => {
    const db = await getDb()
    const before = await db.$count(audits)
    await api('/audits', { token: auditorToken })
    expect(await db.$count(audits)).toBe(before)
  })
})
