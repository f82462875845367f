/**
 * A value made once per test file, on first use. The API project's files share one process and its modules
 * (vitest.config.ts), so a module-level value would outlive its file; each file has its own data directory
 * (tests/api/setup-file.ts), which tells them apart.
 */
export function perFile<T>(make: () => T): () => T {
  let made: { dataDir: string | undefined; value: T } | undefined
  return () => {
    const dataDir = process.env.DATA_DIR
    if (!made || made.dataDir !== dataDir) made = { dataDir, value: make() }
    return made.value
  }
}
