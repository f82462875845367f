import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { scratchDir } from '../../scripts/lib/scratch-dir'

describe('start-up in production', () => {
  it('refuses to start without its secrets and says which are missing', () => {
    const dataDir = scratchDir('kyc-prod-')
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
  it('refuses to start with the demo users or without a mail transport, in one clear line', () => {
    const dataDir = scratchDir('kyc-prod-')
    const secrets = { JWT_SECRET: 'j'.repeat(40), SESSION_SECRET: 's'.repeat(40) }
    const start = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
        env: { ...process.env, APP_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', ...secrets, ...env },
        encoding: 'utf8',
        timeout: 60_000,
      })
    try {
      const demo = start({ SMTP_URL: 'smtp://127.0.0.1:2525', SEED_DEMO: 'true' })
      expect(demo.status).toBe(1)
      expect(demo.stderr).toContain('Refusing to start in production with SEED_DEMO=true')
      expect(demo.stderr).not.toMatch(/\n\s+at /)
      const noMail = start({ SMTP_URL: '', SEED_DEMO: '' })
      expect(noMail.status).toBe(1)
      expect(noMail.stderr).toContain('Refusing to start in production without a mail transport (set SMTP_URL')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
