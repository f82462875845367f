import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${holderPid}). ` +
        'PGlite cannot share a directory between processes: stop that process or set DATA_DIR to another directory.',
    )
    this.name = 'DataDirLockedError'
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes an exclusive lock on `dataDir` for this process: a lock file holding our pid, created with O_EXCL.
 * A lock left by a process that no longer runs is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'portal.lock')
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      const release = () => {
        if (released) return
        released = true
        process.off('exit', release)
        rmSync(file, { force: true })
      }
      process.on('exit', release)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number.parseInt(readFileSync(file, 'utf8').trim(), 10)
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder)
      }
      if (holder === process.pid) throw new DataDirLockedError(dataDir, holder)
      rmSync(file, { force: true }) // stale: its process is gone
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`)
}
