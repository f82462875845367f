import { existsSync } from 'node:fs'
import { expect, it } from 'vitest'
import { EMBEDDED_DATABASE_API_FILES } from '@/vitest.config'

// CI runs these API files in process on PGlite and the rest only through a real server on PostgreSQL
// (docs/testing.md#the-api-suite-runs-once-in-ci): a file renamed or removed would silently leave that run.
it('names API test files that exist', () => {
  expect(EMBEDDED_DATABASE_API_FILES.length).toBeGreaterThan(0)
  expect(EMBEDDED_DATABASE_API_FILES.filter((file) => !existsSync(file))).toEqual([])
})
