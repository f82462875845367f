import { existsSync } from 'node:fs'
import { expect, it } from 'vitest'
import { EMBEDDED_DATABASE_API_FILES, SERVER_PATH_API_FILES } from '@/vitest.config'

// CI runs the first list in process on PGlite and the second through the container's command on PostgreSQL
// (docs/testing.md#the-api-suite-runs-once-in-ci): a file renamed or removed would silently leave that run.
it('names API test files that exist', () => {
  for (const files of [EMBEDDED_DATABASE_API_FILES, SERVER_PATH_API_FILES]) {
    expect(files.length).toBeGreaterThan(0)
    expect(files.filter((file) => !existsSync(file))).toEqual([])
  }
})
