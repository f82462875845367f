import type { ClientBase } from 'pg'
import { describe, expect, it } from 'vitest'
import { serialiseQueries } from '@/server/db/serial-queries'

/** A stand-in for pg's Client.query: records how many run at once; each answers after a few milliseconds. */
function recordingClient() {
  const log = { running: 0, mostAtOnce: 0, started: [] as string[], callbacks: 0 }
  const client = {
    query(text: unknown, ...rest: unknown[]) {
      const callback = rest.find((a) => typeof a === 'function') as ((e: unknown, r: unknown) => void) | undefined
      if (callback) {
        log.callbacks++
        callback(null, { rows: [] })
        return undefined
      }
      const sqlText = typeof text === 'string' ? text : (text as { text: string }).text
      log.started.push(sqlText)
      log.running++
      log.mostAtOnce = Math.max(log.mostAtOnce, log.running)
      return new Promise((resolve, reject) =>
        setTimeout(() => {
          log.running--
          if (sqlText === 'fail') reject(new Error('syntax error'))
          else resolve({ rows: [{ text: sqlText }] })
        }, 5),
      )
    },
  }
  return { client: client as unknown as ClientBase, log }
}

describe('serialiseQueries', () => {
  it('runs concurrent queries one at a time, in the order asked, each with its own answer', async () => {
    const { client, log } = recordingClient()
    serialiseQueries(client)
    const answers = await Promise.all(['a', 'b', 'c'].map((text) => client.query({ text })))
    expect(log.mostAtOnce).toBe(1)
    expect(log.started).toEqual(['a', 'b', 'c'])
    expect(answers.map((a) => a.rows[0].text)).toEqual(['a', 'b', 'c'])
  })

  it('a failed query fails alone and the next one still runs', async () => {
    const { client, log } = recordingClient()
    serialiseQueries(client)
    const [failed, next] = await Promise.allSettled([client.query('fail'), client.query('after')])
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'syntax error' } })
    expect(next).toMatchObject({ status: 'fulfilled', value: { rows: [{ text: 'after' }] } })
    expect(log.mostAtOnce).toBe(1)
  })

  it('passes callback-style calls (pg-pool) through untouched', async () => {
    const { client, log } = recordingClient()
    serialiseQueries(client)
    await new Promise<void>((resolve) => client.query('select 1', [], () => resolve()))
    expect(log.callbacks).toBe(1)
  })
})
