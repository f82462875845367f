import { once } from 'node:events'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import archiver from 'archiver'
import type { DataSubjectKind } from '@/lib/contracts/data-subjects'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import type { Actor } from '@/server/http/context'
import { getBlobStorage } from '@/server/integrations/blob/blob-storage'
import { logger } from '@/server/logger'
import { recordPersonalDataView } from '@/server/modules/data-views/record-view'
import { archivePathOf, loadSubjectRecords, type SubjectRecords } from './subject-records'

export interface SubjectExport {
  fileName: string
  stream: ReadableStream<Uint8Array>
}

/**
 * The files one after another: each blob is opened only when the previous one has been written, so an export holds
 * one download at a time whatever the number of files. A file whose blob is gone is named in a note instead.
 */
async function appendFiles(archive: archiver.Archiver, records: SubjectRecords) {
  const storage = getBlobStorage()
  for (const [index, file] of records.files.entries()) {
    const name = archivePathOf(index, file)
    try {
      const download = await storage.download(file.blobName)
      archive.append(Readable.fromWeb(download.body as WebReadableStream<Uint8Array>), { name })
    } catch (error) {
      logger.warn({ err: error, fileId: file.id }, 'data-subject export: a file could not be read')
      archive.append(`The file ${file.id} could not be read from storage when this export was made.\n`, {
        name: `${name}.MISSING.txt`,
      })
    }
    await once(archive, 'entry')
  }
}

/**
 * One zip, streamed: `data.json` (everything the portal holds about the person, clear values included) and their
 * files. The export is logged as a view of their data and audited, before anything is sent.
 */
export async function exportDataSubject(options: {
  db: Database
  actor: Actor
  kind: DataSubjectKind
  id: string
  purpose: string
  audit: AuditContext
}): Promise<SubjectExport> {
  const { db, actor, kind, id, purpose, audit } = options
  const records = await loadSubjectRecords(db, kind, id)
  await db.transaction(async (tx) => {
    await recordPersonalDataView(tx, actor, {
      businessId: records.businessId,
      subjectKind: kind,
      subjectId: id,
      detail: 'export',
      purpose,
      requestId: audit.requestId,
    })
    await appendAudit(tx, audit, {
      resource: 'data_subject_request',
      resourceId: id,
      action: 'EXPORT',
      after: { kind, purpose, files: records.files.length },
    })
  })

  const archive = archiver('zip', { zlib: { level: 6 } })
  archive.on('warning', (error) => logger.warn({ err: error }, 'data-subject export warning'))
  const exportedAt = new Date().toISOString()
  archive.append(JSON.stringify({ exportedAt, subject: { kind, id }, ...records.data }, null, 2), { name: 'data.json' })
  void (async () => {
    await once(archive, 'entry')
    await appendFiles(archive, records)
    await archive.finalize()
  })().catch((error: unknown) => {
    logger.error({ err: error }, 'data-subject export failed while streaming')
    archive.destroy(error as Error)
  })
  return {
    fileName: `personal-data-${kind.toLowerCase()}-${id}.zip`,
    stream: Readable.toWeb(archive) as ReadableStream<Uint8Array>,
  }
}
