import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Imported first by a test file that needs PGlite whatever the run's database: a fresh data directory (migrated and
 * seeded on first open), set before the app first reads its configuration.
 */
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'kyc-api-pglite-'))
delete process.env.DATABASE_URL
