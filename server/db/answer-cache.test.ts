import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/lib/config/env', () => ({ getConfig: () => ({ answerCacheMs: 5_000 }) }))

import { businessListAnswer, businessViewAnswer } from './answer-cache'
import { registerAuthEpochWatch, type AuthEpochWatch } from './auth-epoch-watch'
import type { Database } from './client'

/** A database object with a watch the test drives: `tell` is a `business_answer` notification. */
function watchedDb(options: { listening?: boolean } = {}) {
  const db = {} as Database
  const listeners: ((payload: string) => void)[] = []
  const state = { listening: options.listening ?? true }
  const watch: AuthEpochWatch = {
    current: () => (state.listening ? 1 : null),
    onBusinessAnswer: (listener) => void listeners.push(listener),
    close: async () => undefined,
  }
  registerAuthEpochWatch(db, watch)
  return { db, state, tell: (payload: string) => listeners.forEach((listener) => listener(payload)) }
}

/** A read that counts its runs and answers its run number. */
function counted() {
  let runs = 0
  const read = vi.fn(async () => ({ run: ++runs }))
  return read
}

afterEach(() => vi.useRealTimers())

describe('answers kept in memory', () => {
  it("keeps a business's view until that business changes", async () => {
    const { db, tell } = watchedDb()
    const read = counted()
    expect(await businessViewAnswer(db, 'a', read)).toBe('{"run":1}')
    expect(await businessViewAnswer(db, 'a', read)).toBe('{"run":1}')
    tell('b')
    expect(await businessViewAnswer(db, 'a', read)).toBe('{"run":1}')
    tell('a')
    expect(await businessViewAnswer(db, 'a', read)).toBe('{"run":2}')
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('drops every list page on any change, and everything on *', async () => {
    const { db, tell } = watchedDb()
    const list = counted()
    const view = counted()
    await businessListAnswer(db, { pageSize: 20 }, list)
    await businessViewAnswer(db, 'a', view)
    expect(await businessListAnswer(db, { pageSize: 20 }, list)).toBe('{"run":1}')
    expect(await businessListAnswer(db, { pageSize: 50 }, list)).toBe('{"run":2}')
    tell('z')
    expect(await businessListAnswer(db, { pageSize: 20 }, list)).toBe('{"run":3}')
    expect(await businessViewAnswer(db, 'a', view)).toBe('{"run":1}')
    tell('*')
    expect(await businessViewAnswer(db, 'a', view)).toBe('{"run":2}')
  })

  it('does not keep an answer read while a change was announced', async () => {
    const { db, tell } = watchedDb()
    let runs = 0
    const racing = async () => {
      runs++
      if (runs === 1) tell('a') // committed while the first read ran: its answer may predate the change
      return { run: runs }
    }
    expect(await businessViewAnswer(db, 'a', racing)).toBe('{"run":1}')
    expect(await businessViewAnswer(db, 'a', racing)).toBe('{"run":2}')
    expect(await businessViewAnswer(db, 'a', racing)).toBe('{"run":2}')
  })

  it('keeps a view read while another business changed, and drops one whose business changed meanwhile', async () => {
    const { db, tell } = watchedDb()
    let runs = 0
    const readTelling = (payload: string) => async () => {
      tell(payload) // committed while the read ran
      return { run: ++runs }
    }
    expect(await businessViewAnswer(db, 'a', readTelling('b'))).toBe('{"run":1}')
    expect(await businessViewAnswer(db, 'a', readTelling('b'))).toBe('{"run":1}')
    expect(await businessViewAnswer(db, 'c', readTelling('c'))).toBe('{"run":2}')
    expect(await businessViewAnswer(db, 'c', readTelling('b'))).toBe('{"run":3}')
    expect(await businessViewAnswer(db, 'c', readTelling('b'))).toBe('{"run":3}')
    expect(await businessViewAnswer(db, 'd', readTelling('*'))).toBe('{"run":4}')
    expect(await businessViewAnswer(db, 'd', readTelling('b'))).toBe('{"run":5}')
  })

  it('keys a view by the lower-case id PostgreSQL announces', async () => {
    const { db, tell } = watchedDb()
    const read = counted()
    await businessViewAnswer(db, 'AB12', read)
    expect(await businessViewAnswer(db, 'ab12', read)).toBe('{"run":1}')
    tell('ab12')
    expect(await businessViewAnswer(db, 'AB12', read)).toBe('{"run":2}')
  })

  it('keeps nothing while the process is not listening', async () => {
    const { db, state } = watchedDb({ listening: false })
    const read = counted()
    await businessViewAnswer(db, 'a', read)
    await businessViewAnswer(db, 'a', read)
    expect(read).toHaveBeenCalledTimes(2)
    state.listening = true
    await businessViewAnswer(db, 'a', read)
    expect(await businessViewAnswer(db, 'a', read)).toBe('{"run":3}')
  })

  it('answers from memory for 5 seconds at most', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { db } = watchedDb()
    const read = counted()
    await businessViewAnswer(db, 'a', read)
    vi.advanceTimersByTime(4_999)
    expect(await businessViewAnswer(db, 'a', read)).toBe('{"run":1}')
    vi.advanceTimersByTime(2)
    expect(await businessViewAnswer(db, 'a', read)).toBe('{"run":2}')
  })

  it('keeps nothing for a database without a watch', async () => {
    const read = counted()
    const db = {} as Database
    await businessViewAnswer(db, 'a', read)
    await businessViewAnswer(db, 'a', read)
    expect(read).toHaveBeenCalledTimes(2)
  })
})
