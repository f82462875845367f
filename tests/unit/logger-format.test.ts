import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import type { AppEnv } from '@/server/http/context'
import type { Actor } from '@/server/http/context'

const written = vi.hoisted(() => [] as string[])
vi.mock('@/server/logger', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/server/logger')>()
  return {
    ...original,
    logger: original.createLogger({ level: 'info', destination: { write: (line: string) => void written.push(line) } }),
  }
})

const { createLogger, prettyLine } = await import('@/server/logger')
const { requestContext } = await import('@/server/http/request-context')

describe('the request log', () => {
  it('writes the signed-in user once per line, not twice', async () => {
    written.length = 0
    const app = new Hono<AppEnv>()
      .use(requestContext)
      // What the auth guard does (server/http/auth.ts): the actor on the context, its id bound to the request's logger.
      .get('/x', (c) => {
        c.set('actor', { userId: 'u-1' } as Actor)
        c.get('logger').setBindings?.({ userId: 'u-1' })
        return c.text('ok')
      })
    expect((await app.request('/x')).status).toBe(200)
    const line = written.find((l) => l.includes('"msg":"request"'))!
    expect(line.match(/"userId"/g)).toHaveLength(1)
    expect(JSON.parse(line)).toMatchObject({ method: 'GET', path: '/x', status: 200, userId: 'u-1' })
  })
})

describe('the pretty log format (npm run demo, npm run dev)', () => {
  it('writes one short readable line per entry, keeping what the words do not say', () => {
    const lines: string[] = []
    const log = createLogger({ level: 'info', format: 'pretty', destination: { write: (l: string) => void lines.push(l) } })
    log
      .child({ requestId: 'r-1', userId: 'u-1' })
      .info({ method: 'GET', path: '/api/v1/businesses', status: 200, ms: 12.5 }, 'request')
    log.warn({ job: 'reminders', token: 'secret-token' }, 'Job slow')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/v1\/businesses 200 12\.5ms user=u-1\n$/)
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d WARN {2}Job slow \{"job":"reminders","token":"\[redacted\]"\}\n$/)
  })

  it('passes a line that is not JSON through as it is', () => {
    expect(prettyLine('plain text\n')).toBe('plain text')
  })
})
