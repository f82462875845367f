import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

describe('start-up in production', () => {
  it('refuses to start without its secrets and says which are missing', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kyc-prod-'))
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
        env: { ...process.env, APP_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '', SESSION_SECRET: '' },
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(run.status).toBe(1)
      expect(run.stderr).toContain('Refusing to start in production without JWT_SECRET and SESSION_SECRET')
      expect(run.stderr).not.toMatch(/\n\s+at /) // one clear line, no stack trace
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
