import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { notifications, users } from '@/server/db/schema'
import { seed } from '@/server/seed'

describe('demo notifications', () => {
  it('the demo approvers have an unread mention each, the owner the decisions on their businesses; seeding again adds none', async () => {
    const db = await getDb()
    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!' })
    const unreadOf = async (email: string) => {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
      return db.select().from(notifications).where(eq(notifications.userId, user!.id))
    }
    for (const email of ['approver@example.com', 'approver2@example.com']) {
      const rows = await unreadOf(email)
      expect(rows.map((r) => [r.kind, r.readAt])).toEqual([['MENTION', null]])
    }
    const owner = await unreadOf('owner@example.com')
    expect(owner.every((r) => r.kind === 'DECISION')).toBe(true)
    const before = (await db.select().from(notifications)).length
    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!' })
    expect((await db.select().from(notifications)).length).toBe(before)
  })
})
