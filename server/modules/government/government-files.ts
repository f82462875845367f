import { eq, inArray, sql } from 'drizzle-orm'
import type { FileSummary } from '@/lib/contracts/file-types'
import type { Executor } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import { files } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { toFileSummary } from '@/server/records/attachable-file'

const NO_RECORD = '00000000-0000-0000-0000-000000000000'

/**
 * A confirmed GOVERNMENT_DOCUMENT upload (a file of no business) that no other government record holds: one file,
 * one owner, so deleting a record never takes another's file with it. Anything else is the same 400 on `field`.
 */
export async function attachableGovernmentFile(
  tx: Executor,
  options: { fileId: string; field: string; exceptRecordId?: string },
): Promise<void> {
  const [file] = await tx.select().from(files).where(eq(files.id, options.fileId))
  if (!file || file.status !== 'CONFIRMED' || file.businessId !== null || file.purpose !== 'GOVERNMENT_DOCUMENT')
    throw new AppError('VALIDATION_FAILED', 'Upload the file first, then save again', { field: options.field })
  const except = options.exceptRecordId ?? NO_RECORD
  const inUse = await tx.execute(sql`
    SELECT 1 AS n FROM government_representatives
      WHERE (id_file_id = ${options.fileId} OR address_file_id = ${options.fileId} OR photo_file_id = ${options.fileId})
        AND id <> ${except}
    UNION ALL SELECT 1 FROM government_documents WHERE file_id = ${options.fileId} AND id <> ${except}
    LIMIT 1`)
  if (rowsOf(inUse).length)
    throw new AppError('VALIDATION_FAILED', 'This file is already attached to another record; upload it again', {
      field: options.field,
    })
}

export async function governmentFileSummaries(
  db: Executor,
  ids: Array<string | null | undefined>,
): Promise<Map<string, FileSummary>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))]
  if (!wanted.length) return new Map()
  const rows = await db.select().from(files).where(inArray(files.id, wanted))
  return new Map(rows.map((f) => [f.id, toFileSummary(f)]))
}
