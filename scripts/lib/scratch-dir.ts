import { accessSync, constants, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const IN_MEMORY = '/dev/shm'

function base(): string {
  try {
    accessSync(IN_MEMORY, constants.W_OK)
    return IN_MEMORY
  } catch {
    return tmpdir()
  }
}

/**
 * A new temporary directory for a test database or server, in memory where the machine has one (`/dev/shm` on
 * Linux), else in the OS temp directory. A PGlite data directory (1,400 files, 43 MB) is copied there in about 60 ms
 * instead of 500–1,000 ms on this machine's disk, and PGlite writes to it as fast. The caller removes it.
 */
export function scratchDir(prefix: string): string {
  return mkdtempSync(join(base(), prefix))
}
