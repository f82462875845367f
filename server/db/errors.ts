/**
 * The database errors a service turns into an answer, read in one place. Drizzle wraps the driver's error (its
 * `cause` carries PostgreSQL's SQLSTATE and constraint); a driver error thrown unwrapped carries them itself.
 */

/** SQLSTATE unique_violation: a unique constraint or unique index refused the row. */
const UNIQUE_VIOLATION = '23505'

interface DriverError {
  code?: string
  constraint?: string
  cause?: unknown
}

/**
 * The constraint a unique violation broke ('' when the driver does not name it), or null when `error` is not a unique
 * violation. A service maps it to its own 409 (`if (uniqueViolationOf(error) === 'x_key') throw …`).
 */
export function uniqueViolationOf(error: unknown): string | null {
  const outer = error as DriverError | null | undefined
  for (const candidate of [outer, outer?.cause as DriverError | null | undefined]) {
    if (candidate?.code === UNIQUE_VIOLATION) return candidate.constraint ?? ''
  }
  return null
}
