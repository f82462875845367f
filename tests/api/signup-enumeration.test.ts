import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits, mailOutbox, users } from '@/server/db/schema'
import { api } from './helpers'
import { PASSWORD, signUpAndActivate } from './throttle-fixtures'

const signUp = (email: string) =>
  api('/accounts/signup', {
    method: 'POST',
    json: { firstName: 'Ifeoma', lastName: 'Nwosu', email, phone: '0803 123 4567', password: PASSWORD },
  })

describe('sign-up with an address that already has an account', () => {
  it('sends at most one "already registered" mail an hour, however often it is tried, and audits each try', async () => {
    const account = await signUpAndActivate()
    for (let i = 0; i < 4; i++) expect((await signUp(account.email)).status).toBe(202)
    const db = await getDb()
    const notices = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, account.email), eq(mailOutbox.template, 'already-registered')))
    expect(notices).toHaveLength(1)
    const user = await db.query.users.findFirst({ where: eq(users.email, account.email) })
    expect(await db.$count(audits, and(eq(audits.resourceId, user!.id), eq(audits.action, 'SIGNUP_EXISTING_EMAIL')))).toBe(4)
  })
})
