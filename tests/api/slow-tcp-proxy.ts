import { connect, createServer, type Server } from 'node:net'

/**
 * A TCP proxy in front of a local service (Azurite in the shutdown test) that can be made slow: while `delayMs` is
 * above 0, every chunk the service answers is held that long before it is passed on. Real slowness for a real
 * request, with nothing in the portal to switch on.
 */
export interface SlowTcpProxy {
  port: number
  /** Holds each answered chunk this long from now on (0: straight through). */
  setDelay: (ms: number) => void
  /** Resolves when a client next sends bytes while the proxy is slow (the slow request has started). */
  nextSlowRequest: () => Promise<void>
  close: () => Promise<void>
}

export async function startSlowTcpProxy(target: { host: string; port: number }): Promise<SlowTcpProxy> {
  let delayMs = 0
  let waiting: (() => void)[] = []
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host)
    let answered = Promise.resolve()
    client.on('data', (chunk) => {
      if (delayMs > 0) {
        waiting.forEach((resolve) => resolve())
        waiting = []
      }
      upstream.write(chunk)
    })
    upstream.on('data', (chunk) => {
      const hold = delayMs
      answered = answered
        .then(() => (hold > 0 ? new Promise((resolve) => setTimeout(resolve, hold)) : undefined))
        .then(() => {
          if (!client.destroyed) client.write(chunk)
        })
    })
    upstream.on('end', () => void answered.then(() => client.end()))
    client.on('end', () => upstream.end())
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    client.on('close', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the proxy has no port')
  return {
    port: address.port,
    setDelay: (ms) => {
      delayMs = ms
    },
    nextSlowRequest: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
