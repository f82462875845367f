// The portal on its own PGlite data directory (the lock is PGlite's); set before the app first reads its config.
import './pglite-data-dir-env'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { BlockBlobClient } from '@azure/storage-blob'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { getConfig } from '@/lib/config/env'
import { closeDatabase, getDb } from '@/server/db/client'
import { files } from '@/server/db/schema'
import { startApiServer, type RunningApiServer } from './api-server'
import { apiServerKind, signedInUser } from './helpers'
import { startSlowTcpProxy, type SlowTcpProxy } from './slow-tcp-proxy'

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

let proxy: SlowTcpProxy | undefined
let server: RunningApiServer | undefined
afterAll(async () => {
  await server?.stop()
  await proxy?.close()
  await closeDatabase()
  rmSync(getConfig().dataDir, { recursive: true, force: true })
})

/** Resolves with the error once `url` refuses the connection (the listener is closed). */
async function refusedConnection(url: string, timeoutMs = 5_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) })
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code
      if (code === 'ECONNREFUSED') return error
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`${url} still accepted connections after ${timeoutMs} ms`)
}

// docs/architecture.md#shutdown. Needs a real server process: under API_TEST_SERVER=standalone (CI) or next.
describe.skipIf(!apiServerKind)('graceful shutdown on SIGTERM', () => {
  it('finishes a slow upload confirmation in flight, refuses new connections, closes the database and exits 0', async () => {
    const config = getConfig()
    // The test process seeds its user in the data directory, then lets go of it for the server.
    const owner = await signedInUser({ businesses: [{}] })
    await closeDatabase()

    const azurite = new URL(/BlobEndpoint=([^;]+)/.exec(config.storage.connectionString!)![1]!)
    proxy = await startSlowTcpProxy({ host: azurite.hostname, port: Number(azurite.port) })
    server = await startApiServer(apiServerKind!, {
      ...process.env,
      AZURE_STORAGE_CONNECTION_STRING: config.storage.connectionString!.replace(`:${azurite.port}/`, `:${proxy.port}/`),
      SHUTDOWN_TIMEOUT_MS: '20000',
    })
    const { baseUrl } = server
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json', ...init.headers },
      })

    const slotRes = await call('/files/upload-url', {
      method: 'POST',
      body: JSON.stringify({
        fileName: 'certificate.pdf',
        contentType: 'application/pdf',
        size: PDF.byteLength,
        purpose: 'KYC_DOCUMENT',
        businessId: owner.businessIds[0],
      }),
    })
    expect(slotRes.status).toBe(201)
    const slot = (await slotRes.json()) as { fileId: string; uploadUrl: string }
    await new BlockBlobClient(slot.uploadUrl).uploadData(PDF)

    // From here Azurite's answers reach the server 1.5 s per chunk late: the confirm's read and copy take seconds.
    proxy.setDelay(1_500)
    const slowStarted = proxy.nextSlowRequest()
    const confirmStarted = Date.now()
    const confirm = call(`/files/${slot.fileId}/confirm`, { method: 'POST' })
    let confirmSettled = false
    void confirm.finally(() => (confirmSettled = true))
    await slowStarted

    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      server!.process.once('exit', (code, signal) => resolve({ code, signal })),
    )
    server.process.kill('SIGTERM')

    // The listener is closed while the confirmation is still on its way.
    await refusedConnection(`${baseUrl}/health`)
    expect(confirmSettled).toBe(false)

    const confirmed = await confirm
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toMatchObject({ id: slot.fileId, fileName: 'certificate.pdf', sizeBytes: PDF.byteLength })
    expect(Date.now() - confirmStarted).toBeGreaterThan(1_500)

    expect(await exited).toEqual({ code: 0, signal: null })
    expect(existsSync(join(config.dataDir, 'portal.lock'))).toBe(false)

    // Another process (this one) opens the same data directory, and finds the confirmation committed.
    const [row] = await (await getDb()).select().from(files).where(eq(files.id, slot.fileId))
    expect(row?.status).toBe('CONFIRMED')
  }, 180_000) // a fresh PGlite data directory (migrated on first open) and a server start
})
