import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { AppConfig } from '@/lib/config/env'

/** Azurite's published development key; safe only because Azurite listens on 127.0.0.1. */
const AZURITE_DEV_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='

export interface RunningAzurite {
  process: ChildProcess
  connectionString: string
  stop: () => void
}

/**
 * Starts the Azurite blob service as a child process (require('azurite') wants vscode) with its data under
 * DATA_DIR/azurite and an account named like the configured one (`test` outside production).
 */
export async function startAzurite(config: AppConfig): Promise<RunningAzurite> {
  const { accountName, azuritePort } = config.storage
  const location = join(config.dataDir, 'azurite')
  mkdirSync(location, { recursive: true })
  const child = spawn(
    process.execPath,
    [
      'node_modules/azurite/dist/src/blob/main.js',
      '--blobHost', '127.0.0.1',
      '--blobPort', String(azuritePort),
      '--location', location,
      '--loose',
      '--skipApiVersionCheck',
      '--disableTelemetry',
    ],
    { env: { ...process.env, AZURITE_ACCOUNTS: `${accountName}:${AZURITE_DEV_KEY}` }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Azurite did not start on port ${azuritePort}: ${output.trim()}`)), 20_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Azurite exited (code ${code}); is port ${azuritePort} taken? Set AZURITE_PORT. ${output.trim()}`))
    })
    const poll = setInterval(() => {
      if (/successfully listens/.test(output)) {
        clearInterval(poll)
        clearTimeout(timer)
        child.removeAllListeners('exit')
        resolve()
      }
    }, 100)
  })
  const connectionString =
    `DefaultEndpointsProtocol=http;AccountName=${accountName};AccountKey=${AZURITE_DEV_KEY};` +
    `BlobEndpoint=http://127.0.0.1:${azuritePort}/${accountName};`
  return { process: child, connectionString, stop: () => void child.kill('SIGTERM') }
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
