import { z } from 'zod'

const booleanQuery = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true')

/** docs/api.md#lists: 1-based pageNumber, pageSize 10 by default and at most 100, newest first by default. */
export const pageQuerySchema = z.object({
  // Each check names its own rule: the schema-level message would otherwise answer every failure.
  pageNumber: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be 1 or more (pages start at 1)' })
    .default(1),
  pageSize: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be between 1 and 100' })
    .max(100, { message: 'must be between 1 and 100' })
    .default(10),
  recentFirst: booleanQuery.default(true),
})

export type PageQuery = z.infer<typeof pageQuerySchema>

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    totalElementsExact: z.boolean().optional(),
  })
}

export interface Page<T> {
  content: T[]
  pageNumber: number
  pageSize: number
  totalElements: number
  totalPages: number
  /**
   * Lists that can hold millions of rows (the staff business list, the review queue) count their matches only so far
   * past the page (docs/api.md#lists): `false` means `totalElements` is a lower bound and more pages may follow.
   * Absent: the total is exact.
   */
  totalElementsExact?: boolean
}

/** A list's order (docs/api.md#lists): one of its sortable fields, ascending or descending. */
export interface ListSort<F extends string = string> {
  field: F
  desc: boolean
}

/**
 * The `sort` query parameter of a list (docs/api.md#lists): `<field>,asc`, `<field>,desc` or `<field>` (ascending),
 * where `<field>` is one of the list's own `fields`. Anything else is a 400 naming `sort`. Absent: the list's default
 * order (`recentFirst`).
 */
export function sortQuery<const F extends string>(fields: readonly [F, ...F[]]) {
  const values = fields.flatMap((f) => [f, `${f},asc`, `${f},desc`]) as [string, ...string[]]
  return z
    .enum(values, { message: `must be one of ${fields.join(', ')}, optionally followed by ,asc or ,desc` })
    .transform((value): ListSort<F> => {
      const [field, direction] = value.split(',')
      return { field: field as F, desc: direction === 'desc' }
    })
    .optional()
}
