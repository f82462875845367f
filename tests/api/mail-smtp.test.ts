import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// The app reads its configuration on first use, so SMTP_URL must be in place before the helpers build the app.
const port = vi.hoisted(() => {
  const chosen = 20000 + Math.floor(Math.random() * 20000)
  process.env.SMTP_URL = `smtp://127.0.0.1:${chosen}`
  process.env.MAIL_FROM = 'KYC Portal <no-reply@portal.test>'
  return chosen
})

import { getDb } from '@/server/db/client'
import { mailOutbox } from '@/server/db/schema'
import { api } from './helpers'

interface Received {
  from: string
  to: string[]
  data: string
}

const received: Received[] = []
let server: SMTPServer

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe('mail over SMTP', () => {
  it('delivers the activation e-mail through a real SMTP server, marks the outbox row sent and empties its body', async () => {
    const email = `smtp.${Date.now()}@example.ng`
    const res = await api('/accounts/signup', {
      method: 'POST',
      json: { firstName: 'Bola', lastName: 'Ahmed', email, phone: '08031234567', password: 'Sunny-Lagos-2026' },
    })
    expect(res.status).toBe(202)
    // Sign-up answers before SMTP has the mail (its answer time must not depend on the address).
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 })
    const [mail] = received
    expect(mail!.from).toBe('no-reply@portal.test')
    expect(mail!.to).toEqual([email])
    expect(mail!.data).toContain('Subject: Activate your KYC Portal account')
    expect(mail!.data).toMatch(/activate\?token=/)
    expect(mail!.data).toContain('Content-Type: text/html')

    const db = await getDb()
    const row = await vi.waitFor(
      async () => {
        const [found] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
        expect(found!.sentAt).toBeInstanceOf(Date)
        return found!
      },
      { timeout: 10_000 },
    )
    expect(row.error).toBeNull()
    // Once SMTP has it, the outbox keeps who, what and when, but not the body with its activation link.
    expect(row.text).toBe('')
    expect(row.html).toBe('')
    expect(row.subject).toBe('Activate your KYC Portal account')
  })
})
