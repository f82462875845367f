import { spawn, type ChildProcess } from 'node:child_process'
import { loadConfig } from '@/lib/config/env'
import { prepareBlobStorage, startAzurite } from './lib/azurite'

/**
 * `npm run dev`: next dev with its own data directory so it never shares one with the demo or tests, and (unless
 * real storage is configured) its own Azurite so uploads work.
 */
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? '.data-dev',
  NEXT_TELEMETRY_DISABLED: '1',
  LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
}
const config = loadConfig(env)
const children: ChildProcess[] = []
const stopAll = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'))
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll()
    process.exit(0)
  })
}

if (!config.storage.connectionString) {
  const azurite = await startAzurite(config)
  children.push(azurite.process)
  env.AZURE_STORAGE_CONNECTION_STRING = azurite.connectionString
}
await prepareBlobStorage(env.AZURE_STORAGE_CONNECTION_STRING!, config.storage.container, [
  config.publicUrl,
  `http://localhost:${config.port}`,
  `http://127.0.0.1:${config.port}`,
])

const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'dev', ...process.argv.slice(2)], {
  env,
  stdio: 'inherit',
})
children.push(child)
child.on('exit', (code) => {
  stopAll()
  process.exit(code ?? 0)
})
