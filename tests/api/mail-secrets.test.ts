import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { mailOutbox } from '@/server/db/schema'
import { createLogger, setLogger } from '@/server/logger'
import { latestMail } from './helpers'
import { apiFrom, resetCodeFrom, signUpAndActivate } from './throttle-fixtures'

// Every line the app logs at info and above, whatever LOG_LEVEL says.
const logged: string[] = []
beforeAll(() => setLogger(createLogger({ level: 'info', destination: { write: (line: string) => void logged.push(line) } })))
afterAll(() => setLogger(undefined))

describe('secrets in mail at rest', () => {
  it('keeps reset codes and activation links out of the outbox table and the log; the dev outbox still shows them', async () => {
    const account = await signUpAndActivate()
    expect(
      (await apiFrom('203.0.113.90', '/accounts/recover-password', { method: 'POST', json: { email: account.email } })).status,
    ).toBe(202)

    const code = resetCodeFrom((await latestMail(account.email, 'password-reset'))!.text)
    const activation = (await latestMail(account.email, 'activation'))!.text
    const link = /https?:\/\/\S+activate\?token=\S+/.exec(activation)![0]

    const db = await getDb()
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, account.email))
    const stored = JSON.stringify(rows)
    expect(stored).not.toContain(code)
    expect(stored).not.toContain(link)
    expect(stored).not.toContain('activate?token=')
    const [reset] = rows.filter((r) => r.template === 'password-reset')
    expect(reset!.text.startsWith('enc:v1:')).toBe(true)

    expect(logged.join('')).toContain('mail (outbox only)')
    expect(logged.join('')).not.toContain(code)
    expect(logged.join('')).not.toContain('activate?token=')
  })

  it('keeps no code in the subject of a reset mail', async () => {
    const account = await signUpAndActivate()
    await apiFrom('203.0.113.91', '/accounts/recover-password', { method: 'POST', json: { email: account.email } })
    const db = await getDb()
    const [row] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, account.email), eq(mailOutbox.template, 'password-reset')))
    expect(row!.subject).toBe('Your KYC Portal password reset code')
  })
})
