import { describe, expect, it } from 'vitest'
import { clientAddress, parseTrustedProxies } from './trusted-proxies'

describe('TRUSTED_PROXIES', () => {
  it('reads addresses, CIDR blocks of both families and the loopback and private shorthands', () => {
    const trusted = parseTrustedProxies(' 10.1.2.3 , 192.0.2.0/24,2001:db8::/32, loopback,PRIVATE ')
    expect(trusted.cidrs).toEqual([
      '10.1.2.3/32',
      '192.0.2.0/24',
      '2001:db8::/32',
      '127.0.0.0/8',
      '::1/128',
      '10.0.0.0/8',
      '172.16.0.0/12',
      '192.168.0.0/16',
      'fc00::/7',
    ])
    for (const inside of ['10.1.2.3', '192.0.2.200', '2001:db8:ff::1', '127.0.0.1', '::1', '172.31.255.1', 'fd00::5']) {
      expect(trusted.includes(inside), inside).toBe(true)
    }
    // An IPv4 proxy seen on a dual-stack socket as an IPv4-mapped IPv6 address is still that proxy.
    expect(trusted.includes('::ffff:192.0.2.7')).toBe(true)
    for (const outside of ['192.0.3.1', '172.32.0.1', '2001:db9::1', '198.51.100.7', 'not-an-ip', '']) {
      expect(trusted.includes(outside), outside).toBe(false)
    }
  })

  it('trusts nobody by default', () => {
    for (const value of [undefined, '', ' , ']) {
      const trusted = parseTrustedProxies(value)
      expect(trusted.cidrs).toEqual([])
      expect(trusted.includes('127.0.0.1')).toBe(false)
    }
  })

  it('refuses an entry that is not an address or a block, naming it', () => {
    for (const [value, wrong] of [
      ['10.0.0.0/8, proxy.internal', 'proxy.internal is not an IP address'],
      ['10.0.0.0/33', '10.0.0.0/33: the prefix length must be a whole number from 0 to 32'],
      ['2001:db8::/129', 'from 0 to 128'],
      ['10.0.0.0/', 'whole number'],
      ['10.0.0.0/8/8', 'is not an IP address'],
      ['10.0.0.0/-1', 'whole number'],
      ['300.1.1.1', '300.1.1.1 is not an IP address'],
    ] as const) {
      expect(() => parseTrustedProxies(value), value).toThrow(wrong)
    }
  })
})

describe('the client address behind trusted proxies', () => {
  const trustedProxies = parseTrustedProxies('10.0.0.0/8, 2001:db8:1::/48')
  const from = (socketAddress: string | null, forwardedFor?: string) =>
    clientAddress({ socketAddress, forwardedFor, trustedProxies })

  it('is the socket address when the socket is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(from('198.51.100.7', '203.0.113.9')).toBe('198.51.100.7')
    expect(from('198.51.100.7')).toBe('198.51.100.7')
    expect(
      clientAddress({ socketAddress: '10.0.0.2', forwardedFor: '203.0.113.9', trustedProxies: parseTrustedProxies('') }),
    ).toBe('10.0.0.2')
    expect(from(null, '203.0.113.9')).toBeNull()
  })

  it('walks X-Forwarded-For from the right past trusted proxies to the first untrusted address', () => {
    expect(from('10.0.0.2', '203.0.113.9')).toBe('203.0.113.9')
    expect(from('10.0.0.2', '203.0.113.9, 10.0.0.77')).toBe('203.0.113.9')
    expect(from('2001:db8:1::5', '2001:db8:ffff::1, 2001:db8:1::6')).toBe('2001:db8:ffff::1')
    expect(from('::ffff:10.0.0.2', '203.0.113.9')).toBe('203.0.113.9')
  })

  it('ignores the left-most entries a client wrote to pick its own address', () => {
    // The client sent "X-Forwarded-For: 1.2.3.4, 10.0.0.5"; the proxy appended the address it saw.
    expect(from('10.0.0.2', '1.2.3.4, 10.0.0.5, 198.51.100.23')).toBe('198.51.100.23')
    expect(from('10.0.0.2', '127.0.0.1, 198.51.100.23')).toBe('198.51.100.23')
  })

  it('reads entries with ports (as some proxies append them)', () => {
    expect(from('10.0.0.2', '1.2.3.4, 198.51.100.23:54321')).toBe('198.51.100.23')
    expect(from('10.0.0.2', '1.2.3.4, [2001:db8:2::7]:443')).toBe('2001:db8:2::7')
    expect(from('10.0.0.2', '198.51.100.23, 10.0.0.5:8080')).toBe('198.51.100.23')
  })

  it('stops at an entry that is not an address, at the last trusted hop', () => {
    expect(from('10.0.0.2', 'not-an-ip')).toBe('10.0.0.2')
    expect(from('10.0.0.2', '198.51.100.23, garbage, 10.0.0.5')).toBe('10.0.0.5')
    expect(from('10.0.0.2', '198.51.100.23,, 10.0.0.5')).toBe('10.0.0.5')
    expect(from('10.0.0.2', '')).toBe('10.0.0.2')
  })

  it('gives the left-most hop when every hop is a trusted proxy', () => {
    expect(from('10.0.0.2', '10.9.9.9, 10.0.0.5')).toBe('10.9.9.9')
  })
})
