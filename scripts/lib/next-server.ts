import { spawn, type ChildProcess } from 'node:child_process'

/** `next start` as a direct child (killing an npx parent would leave next-server running). */
export function startNext(options: { port: number; host: string; env: NodeJS.ProcessEnv; quiet?: boolean }): ChildProcess {
  return spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(options.port), '-H', options.host], {
    env: { ...options.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  })
}

export async function waitForHealthy(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`)
}
