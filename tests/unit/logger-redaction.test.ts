import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from '@/server/logger'

function capture() {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  return { logger: createLogger({ level: 'info', destination }), text: () => lines.join('') }
}

describe('log redaction', () => {
  it('never writes identity numbers, passwords, tokens, cookies, authorization headers or SAS URLs', () => {
    const { logger, text } = capture()
    const sas = 'https://acct.blob.core.windows.net/blob/abc.pdf?sv=2024-01-01&se=2030&sp=r&sig=SECRETSIGNATURE%3D'
    logger.info(
      {
        req: { headers: { authorization: 'Bearer eyJhbGciOi.secret', cookie: 'portal_session=s3cr3t' } },
        body: { bvn: '22211122233', idNumber: 'A99887766', password: 'Hunter2-hunter2', nested: { nin: '77766655544' } },
        token: 'reset-token-123456',
        input: { owner: { accessToken: 'access-abc' } },
        upload: { url: sas },
      },
      `stored at ${sas}`,
    )
    const out = text()
    for (const secret of [
      '22211122233',
      'A99887766',
      'Hunter2-hunter2',
      '77766655544',
      'reset-token-123456',
      'access-abc',
      'eyJhbGciOi.secret',
      's3cr3t',
      'SECRETSIGNATURE',
    ]) {
      expect(out, secret).not.toContain(secret)
    }
    expect(out).toContain('[redacted]')
    expect(out).toContain('https://acct.blob.core.windows.net/blob/abc.pdf?[redacted]')
  })
})
