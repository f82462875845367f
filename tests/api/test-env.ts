/** Blob storage for API tests: the Azurite started by global-setup.ts (its connection string comes from there). */
export const TEST_BLOB_ACCOUNT = 'test'
export const TEST_BLOB_CONTAINER = 'blob'

/** Fixed secrets and quiet logs for API tests, so nothing is generated or printed. */
export const TEST_ENV: Record<string, string> = {
  APP_ENV: 'test',
  LOG_LEVEL: 'silent',
  ENABLE_DEV_OUTBOX: 'true',
  JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
  SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
  // Fixed, so the seeded template's encrypted values open in every file's copy (each has its own DATA_DIR).
  DATA_ENCRYPTION_KEYS: `test1:${Buffer.alloc(32, 7).toString('base64')}`,
  DATA_INDEX_KEY: 'test-blind-index-key-that-is-long-enough-0123456789',
  // An Ed25519 key for tests only (PKCS#8, base64 DER): case files' signatures.
  EVIDENCE_SIGNING_KEY: 'MC4CAQAwBQYDK2VwBCIEINQfi9mw1uKycGwAJE62nwlNp8kqEZC3VvW3v1wiD36C',
  AZURE_STORAGE_ACCOUNT: TEST_BLOB_ACCOUNT,
  AZURE_STORAGE_CONTAINER: TEST_BLOB_CONTAINER,
  // Screening every KYC submission against 27,000 listed names more than doubled the suite. screening.test loads the
  // snapshot as a first start does; the demo files that look at screening start from the demo seeded with it (seed()'s
  // default; tests/api/demo-template.ts), the others from the demo without it (`shippedLists: false`).
  SCREENING_SHIPPED_LISTS: 'false',
  // Answers kept in memory are dropped when the server hears PostgreSQL's NOTIFY, a few milliseconds after a commit
  // in another process: a file whose server is another process, writing rows itself, would race it. The cache has its
  // own files (tests/api/answer-cache.test.ts, tests/multi-instance) and the browser suite runs with it.
  ANSWER_CACHE_MS: '0',
}

export async function withTestEnv<T>(env: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const target = process.env
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, target[k]]))
  Object.assign(target, env)
  try {
    return await run()
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete target[k]
      else target[k] = v
    }
  }
}
