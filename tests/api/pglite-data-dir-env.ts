import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'

/**
 * Imported first by a test file that needs PGlite whatever the run's database: a fresh data directory (migrated and
 * seeded on first open), set before the app first reads its configuration.
 */
process.env.DATA_DIR = mkdtempSync(join(inject('scratchRoot'), 'pglite-'))
delete process.env.DATABASE_URL
