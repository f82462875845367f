import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { IMAGE_ENV } from '../../scripts/lib/next-server'

/** The image's final stage: what CI cannot build (no Docker engine) but runs the same way (API_TEST_SERVER=standalone). */
function runtimeStage(): string {
  const dockerfile = readFileSync('Dockerfile', 'utf8')
  const start = dockerfile.lastIndexOf('\nFROM ')
  return dockerfile.slice(start).replace(/\\\n\s*/g, ' ')
}

function envOf(stage: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const line of stage.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const [, key, value] of line.slice(4).matchAll(/([A-Z_]+)=(\S+)/g)) env[key!] = value!
  }
  return env
}

describe('Dockerfile', () => {
  it('sets the environment CI runs the standalone server with', () => {
    expect(envOf(runtimeStage())).toMatchObject(IMAGE_ENV)
  })

  it('runs node server.js as a non-root user, checks readiness, keeps data in the DATA_DIR volume', () => {
    const stage = runtimeStage()
    expect(stage).toContain('CMD ["node", "server.js"]')
    expect(stage).toMatch(/^USER portal$/m)
    expect(stage).toMatch(/^HEALTHCHECK .*\/api\/v1\/health\/ready/m)
    expect(envOf(stage).DATA_DIR).toBe('/data')
    expect(stage).toContain('VOLUME ["/data"]')
  })
})
