import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { beforeAll, describe, expect, it, vi } from 'vitest'

// tests/api/test-env.ts turns the cache off for the other files; this file is about it (the app reads its
// configuration on first use, after this).
vi.hoisted(() => {
  process.env.ANSWER_CACHE_MS = '5000'
})

import { getConfig } from '@/lib/config/env'
import { knownAuthEpoch } from '@/server/db/auth-epoch-watch'
import { getDb, type Database } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { apiServerKind } from './api-server'
import { api, createTestBusiness, signedInUser } from './helpers'

/** Polls until `check` holds or `ms` pass. */
async function within(ms: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The database once the process listens (before that, nothing is kept and every call reads afresh). */
async function listeningDb(): Promise<Database> {
  const db = await getDb()
  await within(5_000, async () => knownAuthEpoch(db) !== null)
  return db
}

/**
 * On PostgreSQL the process hears its own commit twice: on the writing connection before the commit answers, and a
 * moment later on its listening connection. An answer computed across the second is not kept, so a test that
 * expects an answer to be kept lets the second arrive first.
 */
const echoesHeard = () => new Promise((resolve) => setTimeout(resolve, 200))

/** Renames a business without announcing it (triggers off for the transaction, as a replica applies changes). */
async function renameSilently(db: Database, id: string, name: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`)
    await tx.update(businesses).set({ name }).where(eq(businesses.id, id))
  })
}

/** A new business whose view is kept, then renamed without announcing it: the view still shows the first name. */
async function keptThenRenamedSilently(db: Database, name: string) {
  const business = await createTestBusiness()
  await echoesHeard()
  expect(await nameOf(business.id)).toBe(business.name)
  await renameSilently(db, business.id, name)
  expect(await nameOf(business.id)).toBe(business.name)
  return business
}

let staff: string
let owner: { token: string; businessId: string }

beforeAll(async () => {
  staff = (await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })).token
  const signedIn = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }] })
  owner = { token: signedIn.token, businessId: signedIn.businessIds[0]! }
})

const nameOf = async (id: string, token = staff) => {
  const res = await api(`/businesses/${id}`, { token })
  expect(res.status).toBe(200)
  return ((await res.json()) as { name: string }).name
}

const listedNames = async (fragment: string) => {
  const res = await api(`/businesses?businessName=${encodeURIComponent(fragment)}&pageSize=50`, { token: staff })
  expect(res.status).toBe(200)
  return ((await res.json()) as { content: { name: string }[] }).content.map((b) => b.name).sort()
}

// In process: this file writes rows itself and reads at once, which a server in another process would hear only
// milliseconds later (the two-instance file proves the answer across processes, within a second).
describe.skipIf(apiServerKind() !== null)('answers kept in memory (ANSWER_CACHE_MS)', () => {
  it("answers a business's view from memory until that business changes", async () => {
    const db = await listeningDb()
    const business = await keptThenRenamedSilently(db, 'Kept Answer Ltd')

    // Another business's change leaves this one's view kept.
    const other = await createTestBusiness()
    await db.update(businesses).set({ phone: '+2348030000000' }).where(eq(businesses.id, other.id))
    await echoesHeard()
    expect(await nameOf(business.id)).toBe(business.name)

    await db.update(businesses).set({ phone: '+2348031111111' }).where(eq(businesses.id, business.id))
    expect(await nameOf(business.id)).toBe('Kept Answer Ltd')
  })

  it('drops every list page when any business changes, and keeps none across a change', async () => {
    const db = await listeningDb()
    const tag = `Listed ${Date.now()}`
    const first = await createTestBusiness({ name: `${tag} Alpha` })
    await echoesHeard()
    expect(await listedNames(tag)).toEqual([`${tag} Alpha`])

    await renameSilently(db, first.id, `${tag} Renamed`)
    expect(await listedNames(tag)).toEqual([`${tag} Alpha`])

    await createTestBusiness({ name: `${tag} Beta` })
    expect(await listedNames(tag)).toEqual([`${tag} Beta`, `${tag} Renamed`])
  })

  it("shows an owner's own change at once: the next read after the PATCH has it", async () => {
    await listeningDb()
    expect(await nameOf(owner.businessId, owner.token)).toMatch(/^Test Business/)
    const patched = await api(`/businesses/${owner.businessId}`, {
      method: 'PATCH',
      token: owner.token,
      json: { name: 'Owner Renamed Nigeria Ltd' },
    })
    expect(patched.status, await patched.clone().text()).toBe(200)
    expect(await nameOf(owner.businessId, owner.token)).toBe('Owner Renamed Nigeria Ltd')
    expect(await nameOf(owner.businessId)).toBe('Owner Renamed Nigeria Ltd')
  })

  it("drops every business's view when a document type is renamed (its name is in the overdue deferrals)", async () => {
    const db = await listeningDb()
    const business = await keptThenRenamedSilently(db, 'Dropped By Star Ltd')
    await db.execute(sql`UPDATE kyc_document_types SET name = name WHERE id = (SELECT id FROM kyc_document_types LIMIT 1)`)
    expect(await nameOf(business.id)).toBe('Dropped By Star Ltd')
  })

  it('sends the same bytes and headers as a fresh answer', async () => {
    await listeningDb()
    const business = await createTestBusiness()
    const fresh = await api(`/businesses/${business.id}`, { token: staff })
    const kept = await api(`/businesses/${business.id}`, { token: staff })
    expect(kept.headers.get('content-type')).toBe(fresh.headers.get('content-type'))
    expect(await kept.text()).toBe(await fresh.text())
  })

  it('still refuses a reader who may not see the business', async () => {
    await listeningDb()
    expect(await nameOf(owner.businessId)).toBeTruthy()
    const stranger = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }] })
    expect((await api(`/businesses/${owner.businessId}`, { token: stranger.token })).status).toBe(404)
  })

  it.runIf(!!getConfig().databaseUrl)('hears a change made by another process within a second', async () => {
    await listeningDb()
    const business = await createTestBusiness()
    expect(await nameOf(business.id)).toBe(business.name)
    const other = new pg.Client({ connectionString: getConfig().databaseUrl })
    await other.connect()
    try {
      await other.query(`UPDATE businesses SET name = 'Changed Elsewhere Ltd' WHERE id = $1`, [business.id])
      await within(1_000, async () => (await nameOf(business.id)) === 'Changed Elsewhere Ltd')
    } finally {
      await other.end()
    }
  })
})
