import { BlockList, isIP } from 'node:net'

/**
 * The reverse proxies whose X-Forwarded-For is believed (docs/security.md#behind-a-proxy). `TRUSTED_PROXIES` is a
 * comma-separated list of addresses and CIDR blocks, IPv4 and IPv6, plus two shorthands: `loopback` (127.0.0.0/8,
 * ::1) and `private` (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7). Empty: nobody is trusted.
 */
export interface TrustedProxies {
  /** The list as CIDR blocks, shorthands expanded (for logs and tests). */
  readonly cidrs: readonly string[]
  /** True when `address` (IPv4, IPv6 or IPv4-mapped IPv6) is inside one of the blocks. */
  includes(address: string): boolean
}

const SHORTHANDS: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

/** Throws an Error naming the bad entry; lib/config/env.ts turns it into a ConfigError. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const list = new BlockList()
  const cidrs: string[] = []
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of entries.flatMap((e) => SHORTHANDS[e.toLowerCase()] ?? [e])) {
    const [address = '', prefixText, extra] = entry.split('/')
    const family = isIP(address)
    if (!family || extra !== undefined) {
      throw new Error(`${entry} is not an IP address, a CIDR block (10.0.0.0/8, 2001:db8::/32), loopback or private`)
    }
    const type = family === 4 ? 'ipv4' : 'ipv6'
    const bits = family === 4 ? 32 : 128
    const prefix = prefixText === undefined ? bits : Number(prefixText)
    if (!/^\d{1,3}$/.test(prefixText ?? String(bits)) || prefix > bits) {
      throw new Error(`${entry}: the prefix length must be a whole number from 0 to ${bits}`)
    }
    list.addSubnet(address, prefix, type)
    cidrs.push(`${address}/${prefix}`)
  }
  return {
    cidrs,
    includes: (address) => {
      const family = isIP(address)
      return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6')
    },
  }
}

/** `203.0.113.5:54321` and `[2001:db8::1]:443` (as some proxies append them) without the port. */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry)
  if (bracketed) return bracketed[1]!
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry)
  return v4WithPort ? v4WithPort[1]! : entry
}

/**
 * The client's address: the socket's, unless the socket is a trusted proxy. Then X-Forwarded-For is walked from the
 * right (each proxy appends the address it was called from), skipping trusted proxies; the first address that is
 * not one is the client. Entries left of it were written by the client or an untrusted hop, so they are never read:
 * a client cannot pick the address it is counted under by sending its own X-Forwarded-For. An entry that is not an
 * address stops the walk at the last trusted hop; a chain of trusted hops only gives its left-most one.
 */
export function clientAddress(options: {
  socketAddress: string | null
  forwardedFor: string | undefined
  trustedProxies: TrustedProxies
}): string | null {
  const { socketAddress, forwardedFor, trustedProxies } = options
  if (!socketAddress || !forwardedFor || !trustedProxies.includes(socketAddress)) return socketAddress
  const hops = forwardedFor.split(',')
  let client = socketAddress
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = withoutPort(hops[i]!.trim())
    if (!isIP(hop)) return client
    client = hop
    if (!trustedProxies.includes(hop)) return hop
  }
  return client
}
