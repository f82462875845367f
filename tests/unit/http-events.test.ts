import { describe, expect, it, vi } from 'vitest'
import { createEmitter } from '@/lib/http/events'

interface TestEvents {
  ping: { n: number }
  other: string
}

describe('createEmitter', () => {
  it('calls listeners in order, and on() answers a remover', () => {
    const emitter = createEmitter<TestEvents>()
    const calls: string[] = []
    const off = emitter.on('ping', ({ n }) => calls.push(`a${n}`))
    emitter.on('ping', ({ n }) => calls.push(`b${n}`))
    emitter.emit('ping', { n: 1 })
    off()
    emitter.emit('ping', { n: 2 })
    expect(calls).toEqual(['a1', 'b1', 'b2'])
    expect(emitter.listenerCount('ping')).toBe(1)
  })

  it('once() fires a single time; off() and clear() remove', () => {
    const emitter = createEmitter<TestEvents>()
    const once = vi.fn()
    const other = vi.fn()
    emitter.once('other', once)
    emitter.on('other', other)
    emitter.emit('other', 'x')
    emitter.emit('other', 'y')
    expect(once).toHaveBeenCalledTimes(1)
    emitter.off('other', other)
    emitter.emit('other', 'z')
    expect(other).toHaveBeenCalledTimes(2)
    emitter.on('ping', other)
    emitter.clear()
    expect(emitter.listenerCount('ping')).toBe(0)
  })

  it('reports a throwing listener and keeps calling the others', () => {
    const emitter = createEmitter<TestEvents>()
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const after = vi.fn()
    emitter.on('ping', () => {
      throw new Error('bug')
    })
    emitter.on('ping', after)
    expect(() => emitter.emit('ping', { n: 1 })).not.toThrow()
    expect(after).toHaveBeenCalledWith({ n: 1 })
    expect(spy).toHaveBeenCalledTimes(1)
    spy.mockRestore()
  })

  it('a listener removed while emitting does not break the loop', () => {
    const emitter = createEmitter<TestEvents>()
    const second = vi.fn()
    const off = emitter.on('ping', () => off())
    emitter.on('ping', second)
    emitter.emit('ping', { n: 1 })
    expect(second).toHaveBeenCalledTimes(1)
  })
})
