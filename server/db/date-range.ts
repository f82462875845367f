import { lt, lte, type SQL, type SQLWrapper } from 'drizzle-orm'
import { addIsoDays } from '@/lib/format/iso-day'
import { asParameter, type Bind } from './shaped-statements'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A list's `to` filter: a day (`2026-03-01`) includes that whole UTC day; a date-time is the last instant included. */
export function upToIncluding(column: SQLWrapper, to: string, bind: Bind = asParameter): SQL {
  if (DAY.test(to)) return lt(column, bind('toDayAfter', new Date(`${addIsoDays(to, 1)}T00:00:00.000Z`)))
  return lte(column, bind('toInstant', new Date(to)))
}
