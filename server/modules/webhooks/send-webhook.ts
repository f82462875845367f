import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import type { WebhookTarget } from './webhook-target'

/**
 * POSTs `body` to a checked target, connecting to its checked address only: the host name stays in the URL (so the
 * Host header, TLS SNI and the certificate check name it), but the socket's lookup answers the pinned address instead
 * of asking DNS again. No redirects are followed. Resolves with the answer's status code; rejects on a connection
 * error or after `timeoutMs`.
 */
export function postToTarget(options: {
  target: WebhookTarget
  headers: Record<string, string>
  body: string
  timeoutMs: number
}): Promise<number> {
  const { target } = options
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    // With `all` (Node's happy-eyeballs connect) the callback takes a list; otherwise one address and its family.
    if ((lookupOptions as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ])
    else callback(null, target.address, target.family)
  }
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const req = send(
      target.url,
      {
        method: 'POST',
        headers: { ...options.headers, 'Content-Length': String(Buffer.byteLength(options.body)) },
        lookup: pinned,
        timeout: options.timeoutMs,
        agent: false,
      },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      },
    )
    req.setTimeout(options.timeoutMs, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    req.end(options.body)
  })
}
