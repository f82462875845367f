import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { mailOutbox } from '@/server/db/schema'

// Every info line the server logs, whatever LOG_LEVEL lets through.
const infoLines = vi.hoisted(() => [] as unknown[][])
vi.mock('@/server/logger', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/server/logger')>()
  const logger = new Proxy(real.logger, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown
      if (property !== 'info') return value
      return (...args: unknown[]) => {
        infoLines.push(args)
        return (value as (...a: unknown[]) => unknown)(...args)
      }
    },
  })
  return { ...real, logger }
})

// The API files share one process and its modules (vitest.config.ts), where the app already holds the real logger:
// the app and the fixtures are imported afresh here, after the mock.
const fresh = async () => {
  vi.resetModules()
  return {
    ...(await import('./throttle-fixtures')),
    ...(await import('./helpers')),
    getDb: (await import('@/server/db/client')).getDb,
  }
}
let apiFrom: Awaited<ReturnType<typeof fresh>>['apiFrom']
let getDb: Awaited<ReturnType<typeof fresh>>['getDb']
let latestMail: Awaited<ReturnType<typeof fresh>>['latestMail']
let resetCodeFrom: Awaited<ReturnType<typeof fresh>>['resetCodeFrom']
let signUpAndActivate: Awaited<ReturnType<typeof fresh>>['signUpAndActivate']
beforeAll(async () => {
  ;({ apiFrom, getDb, latestMail, resetCodeFrom, signUpAndActivate } = await fresh())
})

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

    const logged = JSON.stringify(infoLines)
    expect(logged).toContain('mail (outbox only)')
    expect(logged).not.toContain(code)
    expect(logged).not.toContain('activate?token=')
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
