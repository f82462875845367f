import { spawn } from 'node:child_process'

/** `npm run dev`: next dev with its own data directory so it never shares one with the demo or tests. */
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? '.data-dev', NEXT_TELEMETRY_DISABLED: '1' }
const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'dev', ...process.argv.slice(2)], { env, stdio: 'inherit' })
child.on('exit', (code) => process.exit(code ?? 0))
