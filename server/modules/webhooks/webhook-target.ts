import { lookup as dnsLookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { getConfig } from '@/lib/config/env'
import type { TrustedProxies } from '@/lib/config/trusted-proxies'
import { AppError } from '@/server/http/app-error'

/** Resolves a host name to every address it has (dns.lookup, as a connection would). Tests inject their own. */
export type HostLookup = (hostname: string) => Promise<{ address: string; family: number }[]>

export const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true })

/** The ports a webhook may be sent to (docs/security.md#webhooks): HTTPS's own and its common alternative. */
export const WEBHOOK_PORTS = [443, 8443] as const

/**
 * Addresses that are not on the public internet (IANA's special-purpose registries): a webhook never reaches them,
 * so a staff member cannot point the server at the metadata service, a database or an admin port inside the network.
 */
const NOT_PUBLIC = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: the IPv4 address inside decides, refused rather than trusted
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6')

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 as two groups), or null. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null
  let text = address.toLowerCase().split('%')[0]!
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const missing = 8 - left.length - right.length
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) => parseInt(g, 16))
  return groups.length === 8 ? groups : null
}

/** An IPv4-mapped IPv6 address (`::ffff:7f00:1`, `::ffff:127.0.0.1`, written out or not) → `127.0.0.1`; others as they are. */
export function unmapIPv4(address: string): string {
  const g = ipv6Groups(address)
  if (!g || g.slice(0, 5).some((x) => x !== 0) || g[5] !== 0xffff) return address
  return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.')
}

/** True for a globally reachable unicast address; an IPv4-mapped IPv6 address is judged as its IPv4 address. */
export function isPublicAddress(address: string): boolean {
  const plain = unmapIPv4(address)
  const family = isIP(plain)
  if (family === 4) return !NOT_PUBLIC.check(plain, 'ipv4')
  if (family === 6) {
    // Only global unicast (2000::/3) is public; everything outside it is reserved, local or multicast.
    const first = ipv6Groups(plain)?.[0] ?? 0
    if ((first & 0xe000) !== 0x2000) return false
    return !NOT_PUBLIC.check(plain, 'ipv6')
  }
  return false
}

/** Where a delivery goes: the URL, and the one address the connection is made to (checked, then pinned). */
export interface WebhookTarget {
  url: URL
  address: string
  family: 4 | 6
}

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { field: 'url' })

/**
 * The URL rule (docs/security.md#webhooks), checked when an endpoint is saved and again before every send:
 * - no user name or password in the URL (they would sit in the table);
 * - the host, resolved now (a name, or an IP however it is spelled: the URL parser turns `2130706433`, `0x7f.1` and
 *   `0177.0.0.1` into `127.0.0.1`), has only public addresses: loopback, private, link-local (cloud metadata),
 *   CGNAT, documentation, multicast and IPv4-mapped forms of them are refused, as is a name that does not resolve;
 * - https on port 443 or 8443.
 * The one exception is `WEBHOOK_LOCAL_RECEIVERS` (never in production): addresses listed there may be reached over http
 * on any port, for a receiver under development or a test's listener.
 * Returns the first address, which the sender connects to, so a name cannot answer differently between the check and
 * the connection (DNS rebinding).
 */
export async function resolveWebhookTarget(
  value: string,
  options: { lookup?: HostLookup; isProduction?: boolean; localReceivers?: TrustedProxies } = {},
): Promise<WebhookTarget> {
  const config = getConfig()
  const isProduction = options.isProduction ?? config.isProduction
  const localReceivers = isProduction ? null : (options.localReceivers ?? config.webhookLocalReceivers)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw refuse('must be a URL such as https://hooks.example.com/kyc')
  }
  if (url.username || url.password) throw refuse('must not carry a user name or password')
  if (url.protocol !== 'https:' && (url.protocol !== 'http:' || !localReceivers?.cidrs.length))
    throw refuse('must be an https URL')
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: { address: string; family: number }[]
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
  else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host)
    } catch {
      addresses = []
    }
    if (!addresses.length) throw refuse(`${host} could not be resolved to an address`)
  }
  const local = localReceivers !== null && addresses.every((a) => localReceivers.includes(unmapIPv4(a.address)))
  if (!local) {
    if (addresses.some((a) => !isPublicAddress(a.address)))
      throw refuse(`must reach a public address: ${host} is or resolves to a private, loopback or link-local address`)
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
    if (url.protocol !== 'https:') throw refuse('must be an https URL')
    if (!(WEBHOOK_PORTS as readonly number[]).includes(port)) throw refuse('must use port 443 or 8443')
  }
  const [first] = addresses
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 }
}
