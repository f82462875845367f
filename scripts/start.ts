import { getConfig } from '@/lib/config/env'
import { buildIfStale } from './lib/build'
import { startNext } from './lib/next-server'
import { runScript } from './run-script'

/** `npm start`: the production server on PORT (builds first if the build is missing or stale). */
await runScript(async () => {
  const config = getConfig()
  buildIfStale()
  const child = startNext({ port: config.port, host: config.host, env: process.env })
  const forward = (signal: NodeJS.Signals) => child.kill(signal)
  process.on('SIGINT', forward)
  process.on('SIGTERM', forward)
  child.on('exit', (code) => process.exit(code ?? 0))
})
