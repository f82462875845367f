import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import type { AppConfig } from '@/lib/config/env'
import { AZURITE_DEV_KEY, azuriteConnectionString } from '../../server/integrations/blob/azurite-account'

export interface RunningAzurite {
  process: ChildProcess
  port: number
  connectionString: string
  /** Stops Azurite and resolves once it has exited. */
  stop: () => Promise<void>
}

export interface AzuriteOptions {
  accountName: string
  port: number
  /** Directory for Azurite's data (created if missing). */
  location: string
}

/** A port that was free a moment ago on 127.0.0.1 (for test runs that must not collide with a running demo). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })
}

/**
 * Starts the Azurite blob service as a child process (require('azurite') wants vscode). With a config: its data
 * under DATA_DIR/azurite on AZURITE_PORT, with an account named like the configured one (`test` outside
 * production). Tests pass their own port and temporary location.
 */
export async function startAzurite(source: AppConfig | AzuriteOptions): Promise<RunningAzurite> {
  const options: AzuriteOptions =
    'storage' in source
      ? { accountName: source.storage.accountName, port: source.storage.azuritePort, location: join(source.dataDir, 'azurite') }
      : source
  const { accountName, port, location } = options
  mkdirSync(location, { recursive: true })
  const child = spawn(
    process.execPath,
    [
      resolve(process.cwd(), 'node_modules/azurite/dist/src/blob/main.js'),
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--location',
      location,
      '--loose',
      '--skipApiVersionCheck',
      '--disableTelemetry',
    ],
    { env: { ...process.env, AZURITE_ACCOUNTS: `${accountName}:${AZURITE_DEV_KEY}` }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise<void>((resolveStart, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll)
      child.kill('SIGTERM')
      reject(new Error(`Azurite did not start on port ${port}: ${output.trim()}`))
    }, 20_000)
    const onExit = (code: number | null) => {
      clearTimeout(timer)
      clearInterval(poll)
      reject(new Error(`Azurite exited (code ${code}); is port ${port} taken? Set AZURITE_PORT. ${output.trim()}`))
    }
    child.once('exit', onExit)
    const poll = setInterval(() => {
      if (/successfully listens/.test(output)) {
        clearInterval(poll)
        clearTimeout(timer)
        child.off('exit', onExit)
        resolveStart()
      }
    }, 100)
  })
  return {
    process: child,
    port,
    connectionString: azuriteConnectionString(accountName, port),
    stop: () =>
      new Promise<void>((resolveStop) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolveStop()
        child.once('exit', () => resolveStop())
        child.kill('SIGTERM')
      }),
  }
}

/** Creates the upload container and lets the portal's origin upload straight from the browser. */
export async function prepareBlobStorage(connectionString: string, container: string, origins: string[]): Promise<void> {
  const { BlobServiceClient } = await import('@azure/storage-blob')
  const service = BlobServiceClient.fromConnectionString(connectionString)
  await service.getContainerClient(container).createIfNotExists()
  await service.setProperties({
    cors: [
      {
        allowedOrigins: origins.join(','),
        allowedMethods: 'GET,HEAD,PUT,OPTIONS',
        allowedHeaders: '*',
        exposedHeaders: '*',
        maxAgeInSeconds: 3600,
      },
    ],
  })
}
