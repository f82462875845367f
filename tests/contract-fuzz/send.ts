import http from 'node:http'

export interface Answer {
  status: number
  contentType: string
  body: string
}

export interface SendOptions {
  method: string
  target: string
  headers: Record<string, string>
  body?: string
  /** Transfer-Encoding: chunked, the body written in a few pieces. */
  chunked?: boolean
  timeoutMs?: number
}

/**
 * One request over node:http, so the shapes fetch would smooth over are sent as they are: a chunked body, a DELETE
 * with neither Content-Length nor a body (what browsers send), a body with no Content-Type. Socket errors reject.
 */
export async function send(base: URL, agent: http.Agent | false, options: SendOptions): Promise<Answer> {
  try {
    return await sendOnce(base, agent, options)
  } catch (error) {
    // The server may close an idle keep-alive connection just as a request goes out on it: Node's documented race
    // (request.reusedSocket). That one request is sent again on a new connection; a reset there is reported.
    if (agent && (error as { reusedSocket?: boolean }).reusedSocket) return sendOnce(base, false, options)
    throw error
  }
}

function sendOnce(base: URL, agent: http.Agent | false, options: SendOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers }
    const payload = options.body === undefined ? undefined : Buffer.from(options.body, 'utf8')
    if (payload && options.chunked) headers['transfer-encoding'] = 'chunked'
    else if (payload) headers['content-length'] = String(payload.byteLength)
    const request = http.request(
      {
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        method: options.method,
        path: options.target,
        headers,
        agent,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        response.on('error', reject)
      },
    )
    request.setTimeout(options.timeoutMs ?? 30_000, () =>
      request.destroy(new Error(`no answer within ${(options.timeoutMs ?? 30_000) / 1000}s`)),
    )
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        Object.assign(error, { reusedSocket: request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE') }),
      ),
    )
    if (payload && options.chunked) {
      const step = Math.max(1, Math.ceil(payload.byteLength / 3))
      for (let offset = 0; offset < payload.byteLength; offset += step) request.write(payload.subarray(offset, offset + step))
    } else if (payload) {
      request.write(payload)
    }
    request.end()
  })
}
