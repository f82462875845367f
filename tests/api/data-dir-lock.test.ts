import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { getConfig } from '@/lib/config/env'
import { getDatabaseHandle } from '@/server/db/client'

describe('PGlite data directory lock', () => {
  it.skipIf(!!getConfig().databaseUrl)(
    'stops a second process on the same DATA_DIR, naming the directory and the holder',
    async () => {
      await getDatabaseHandle() // this test process now holds the lock
      const dataDir = getConfig().dataDir
      const second = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(second.status).not.toBe(0)
      expect(second.stderr).toContain(dataDir)
      expect(second.stderr).toContain(`pid ${process.pid}`)
    },
  )
})
