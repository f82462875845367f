import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loadActor } from '@/server/auth/load-actor'
import { getDb } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { scopeToActorBusinesses } from '@/server/http/scope'
import { signedInUser } from './helpers'

async function actorFor(user: Awaited<ReturnType<typeof signedInUser>>) {
  const actor = await loadActor(await getDb(), { userId: user.user.id, sessionId: user.session.id, expiresAt: 0 })
  if (!actor) throw new Error('no actor')
  return actor
}

async function visibleBusinessIds(user: Awaited<ReturnType<typeof signedInUser>>, among: string[]) {
  const db = await getDb()
  const actor = await actorFor(user)
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(scopeToActorBusinesses(actor, businesses.id)))
  return rows
    .map((r) => r.id)
    .filter((id) => among.includes(id))
    .sort()
}

describe('business scoping', () => {
  it('shows a business user only their own businesses, staff every business, and nobody-else nothing', async () => {
    const owner = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }, { role: 'BUSINESS_MEMBER' }] })
    const other = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }] })
    const all = [...owner.businessIds, ...other.businessIds]

    expect(await visibleBusinessIds(owner, all)).toEqual([...owner.businessIds].sort())
    expect(await visibleBusinessIds(other, all)).toEqual(other.businessIds)
    expect(await visibleBusinessIds(await signedInUser({ staffRole: 'AUDITOR' }), all)).toEqual([...all].sort())
    expect(await visibleBusinessIds(await signedInUser(), all)).toEqual([])
  })

  it('loads each membership with its own role and permissions, and ignores inactive memberships', async () => {
    const user = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }, { role: 'BUSINESS_MEMBER' }] })
    const actor = await actorFor(user)
    expect(actor.isStaff).toBe(false)
    const [owned, member] = user.businessIds.map((id) => actor.memberships.find((m) => m.businessId === id)!)
    expect(owned!.role).toBe('BUSINESS_OWNER')
    expect(owned!.permissions.has('CAN_ADD_BUSINESS_USER')).toBe(true)
    expect(member!.role).toBe('BUSINESS_MEMBER')
    expect(member!.permissions.has('CAN_ADD_BUSINESS_USER')).toBe(false)

    const db = await getDb()
    const { businessUsers } = await import('@/server/db/schema')
    await db.update(businessUsers).set({ isActive: false }).where(eq(businessUsers.businessId, user.businessIds[0]!))
    expect((await actorFor(user)).memberships.map((m) => m.businessId)).toEqual([user.businessIds[1]])
  })

  it('makes a staff role holder staff, with their staff permissions kept apart', async () => {
    const actor = await actorFor(await signedInUser({ staffRole: 'APPROVER', businesses: [{ role: 'BUSINESS_OWNER' }] }))
    expect(actor.isStaff).toBe(true)
    expect(actor.staffPermissions.has('CAN_APPROVE_BUSINESS')).toBe(true)
    expect(actor.staffPermissions.has('CAN_ADD_BUSINESS_USER')).toBe(false)
    expect(actor.permissions.has('CAN_ADD_BUSINESS_USER')).toBe(true)
  })
})
