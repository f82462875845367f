import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { notifications, users } from '@/server/db/schema'
import { seed } from '@/server/seed'
import { startFromDemo } from './demo-template'

// The seeded demo, made once per run (tests/api/demo-template.ts).
await startFromDemo({ shippedLists: true })

describe('demo notifications', () => {
  it('the demo approvers have an unread mention each (and screening’s candidates, escalations), the supervisor an escalation, the owner the decisions on their businesses; seeding again adds none', async () => {
    const db = await getDb()
    const unreadOf = async (email: string) => {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
      return db.select().from(notifications).where(eq(notifications.userId, user!.id))
    }
    for (const email of ['approver@example.com', 'approver2@example.com']) {
      const rows = await unreadOf(email)
      // The mention, the demo's real screening candidates (the approvers may adjudicate them), and the demo's
      // escalations and assignments of the items they hold (docs/service-levels.md#events).
      expect(rows.filter((r) => r.kind === 'MENTION').map((r) => r.readAt)).toEqual([null])
      expect(
        rows.every((r) => r.readAt === null && ['MENTION', 'SCREENING_HIT', 'ESCALATION', 'ASSIGNED'].includes(r.kind)),
      ).toBe(true)
    }
    // The demo's escalation reached its supervisor.
    expect((await unreadOf('senior@example.com')).some((r) => r.kind === 'ESCALATION')).toBe(true)
    const owner = await unreadOf('owner@example.com')
    expect(owner.every((r) => r.kind === 'DECISION')).toBe(true)
    const before = (await db.select().from(notifications)).length
    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!' })
    expect((await db.select().from(notifications)).length).toBe(before)
  })
})
