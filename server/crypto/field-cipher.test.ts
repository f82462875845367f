import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { maskIdentityNumber } from '@/lib/contracts/kyc-values'
import {
  blindIndex,
  decryptField,
  encryptField,
  fieldKeyId,
  isEncryptedField,
  reencryptField,
  UnknownDataKeyError,
  type KeyRing,
} from './field-cipher'

const k1 = { id: 'k1', key: randomBytes(32) }
const k2 = { id: 'k2', key: randomBytes(32) }
const ring: KeyRing = { keys: [k1], indexKey: 'index-secret-that-is-long-enough-0123456789' }
const rotated: KeyRing = { ...ring, keys: [k1, k2] }

describe('field cipher', () => {
  it('encrypts under the newest key with a fresh IV, and decrypts with any configured key', () => {
    const a = encryptField('22212345678', ring)
    const b = encryptField('22212345678', ring)
    expect(a).toMatch(/^v1:k1:[\w-]+:[\w-]+:[\w-]+$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain('22212345678')
    expect(decryptField(a, ring)).toBe('22212345678')
    expect(decryptField(a, rotated)).toBe('22212345678')
    expect(fieldKeyId(encryptField('x', rotated))).toBe('k2')
  })

  it('refuses a tampered value and names a key that is no longer configured', () => {
    const sealed = encryptField('A12345678', ring)
    const parts = sealed.split(':')
    const ciphertext = Buffer.from(parts[4]!, 'base64url')
    ciphertext[0]! ^= 1
    parts[4] = ciphertext.toString('base64url')
    expect(() => decryptField(parts.join(':'), ring)).toThrow()
    expect(() => decryptField(encryptField('x', { ...ring, keys: [k2] }), ring)).toThrow(UnknownDataKeyError)
  })

  it('re-encrypts under the newest key only what is not on it yet; a value in clear comes back as it is', () => {
    const old = encryptField('12345678901', ring)
    const moved = reencryptField(old, rotated)
    expect(fieldKeyId(moved)).toBe('k2')
    expect(reencryptField(moved, rotated)).toBe(moved)
    expect(decryptField(moved, { ...ring, keys: [k2] })).toBe('12345678901')
    expect(decryptField('12345678901', ring)).toBe('12345678901')
    expect(isEncryptedField('12345678901')).toBe(false)
  })

  it('blind-indexes with the index key: stable across data keys, separated by kind, never the value', () => {
    const index = blindIndex('bvn', '22212345678', ring)
    expect(index).toBe(blindIndex('bvn', '22212345678', rotated))
    expect(index).not.toBe(blindIndex('nin', '22212345678', ring))
    expect(index).not.toBe(blindIndex('bvn', '22212345678', { ...ring, indexKey: 'another-index-secret-0123456789abcdef' }))
    expect(index).not.toContain('22212345678')
  })

  it('masks all but the last four characters', () => {
    expect(maskIdentityNumber('22212345678')).toBe('*******5678')
    expect(maskIdentityNumber('A1234')).toBe('*1234')
    expect(maskIdentityNumber('123')).toBe('***')
    expect(maskIdentityNumber(null)).toBeNull()
  })
})
