import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '@/server/db/client'
import { scratchDir } from '../../scripts/lib/scratch-dir'

const dataDir = scratchDir('kyc-migrate-on-start-')
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const config = { databaseUrl: undefined, databasePoolMax: 1, dataDir }

// docs/architecture.md#migrations: with MIGRATE_ON_START=false an instance never migrates; the migrate command does.
describe('MIGRATE_ON_START=false', () => {
  it('refuses a database behind the committed migrations, naming the migrate command, then opens it once migrated', async () => {
    await expect(openDatabase({ ...config, migrateOnStart: false })).rejects.toThrow(
      /migration\(s\) behind and MIGRATE_ON_START is false: run the migrate command first \(`node migrate.mjs`/,
    )
    // The refusal let go of the data directory: the migrate command (here in process) opens it and migrates.
    await (await openDatabase({ ...config, migrateOnStart: false }, { migrate: true })).close()
    const handle = await openDatabase({ ...config, migrateOnStart: false })
    expect(handle.kind).toBe('pglite')
    await handle.close()
  }, 120_000) // a fresh PGlite migration takes 10-30 s on a busy machine
})
