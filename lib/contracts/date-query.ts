import { z } from 'zod'

export const DATE_QUERY_MIN = '1900-01-01'
export const DATE_QUERY_MAX = '9998-12-31'
const min = Date.parse(DATE_QUERY_MIN)
const maxExclusive = Date.parse('9999-01-01')

/**
 * A `from`/`to` list filter: an ISO 8601 day or date-time, within 1900-01-01..9998-12-31. PostgreSQL has no year 0,
 * and a `to` of 9999-12-31 becomes 10000-01-01 once the filters add the day, which JavaScript writes as
 * `+010000-…` and PostgreSQL cannot read: both were 500s.
 */
export function dateQuerySchema(message = 'must be an ISO 8601 date') {
  return z.union([z.iso.date(), z.iso.datetime({ offset: true })], { message }).refine((value) => {
    const at = Date.parse(value)
    return at >= min && at < maxExclusive
  }, `must be between ${DATE_QUERY_MIN} and ${DATE_QUERY_MAX}`)
}
