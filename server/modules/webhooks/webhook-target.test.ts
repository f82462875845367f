import { describe, expect, it } from 'vitest'
import { parseTrustedProxies } from '@/lib/config/trusted-proxies'
import { AppError } from '@/server/http/app-error'
import { isPublicAddress, resolveWebhookTarget, unmapIPv4 } from './webhook-target'

describe('isPublicAddress', () => {
  it('accepts global unicast addresses', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])
      expect(isPublicAddress(address), address).toBe(true)
  })

  it('refuses loopback, private, link-local, CGNAT, reserved and the IPv6 forms that carry an IPv4 address', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      '2001::1',
      '2001:db8::1',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      'not-an-ip',
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })

  it('reads an IPv4-mapped address as its IPv4 address', () => {
    expect(unmapIPv4('::ffff:a9fe:a9fe')).toBe('169.254.169.254')
    expect(unmapIPv4('::ffff:8.8.8.8')).toBe('8.8.8.8')
    expect(isPublicAddress('::ffff:808:808')).toBe(true)
    expect(unmapIPv4('2001:db8::1')).toBe('2001:db8::1')
  })
})

describe('resolveWebhookTarget', () => {
  const lookup =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(AppError)
    return (error as AppError).message
  }

  it('refuses a name with any non-public address among its answers, and pins the first address otherwise', async () => {
    expect(
      await refusal(resolveWebhookTarget('https://hooks.partner.test/kyc', { lookup: lookup('93.184.215.14', '10.0.0.5') })),
    ).toMatch(/public address/)
    const target = await resolveWebhookTarget('https://hooks.partner.test:8443/kyc', {
      lookup: lookup('93.184.215.14', '8.8.8.8'),
    })
    expect(target).toMatchObject({ address: '93.184.215.14', family: 4 })
    expect(target.url.host).toBe('hooks.partner.test:8443')
  })

  it('lets the local receivers through over http on any port outside production, never in production', async () => {
    const localReceivers = parseTrustedProxies('loopback')
    const target = await resolveWebhookTarget('http://127.0.0.1:4000/hook', { localReceivers, isProduction: false })
    expect(target.address).toBe('127.0.0.1')
    expect(await refusal(resolveWebhookTarget('http://127.0.0.1:4000/hook', { localReceivers, isProduction: true }))).toMatch(
      /https/,
    )
    expect(await refusal(resolveWebhookTarget('https://127.0.0.1/hook', { localReceivers, isProduction: true }))).toMatch(
      /public address/,
    )
  })
})
