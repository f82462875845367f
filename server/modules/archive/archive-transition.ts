import { statusWords } from '@/lib/format/status-words'
import type { AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'

/** What an archive or unarchive request carries, whatever the record (business, government entity). */
export interface ArchiveStatusChange {
  db: Database
  actor: Actor
  archive: boolean
  reason: string
  audit: AuditContext
  now?: Date
}

/**
 * The move an archive (ACTIVE → ARCHIVED) or unarchive (ARCHIVED → ACTIVE) makes, the audit action that records it,
 * and the refusal when the conditional UPDATE matched nothing: `current` is the status found, undefined if the row
 * is gone.
 */
export function archiveTransition(archive: boolean, noun: string) {
  const from = archive ? 'ACTIVE' : 'ARCHIVED'
  return {
    from,
    to: archive ? 'ARCHIVED' : 'ACTIVE',
    action: archive ? 'ARCHIVE' : 'UNARCHIVE',
    refused: (current: string | undefined) =>
      new AppError(
        'INVALID_STATE',
        `The ${noun} is ${current ? statusWords(current) : 'gone'}: only an ${statusWords(from)} ${noun} can be ${archive ? 'archived' : 'unarchived'}`,
      ),
  } as const
}
