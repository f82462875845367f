import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { notify } from '@/components/ui/toasts'
import { Uploader } from '@/components/ui/uploader'
import {
  GOVERNMENT_DOCUMENT_TYPE_LABELS,
  GOVERNMENT_DOCUMENT_TYPES,
  type GovernmentDocumentType,
} from '@/lib/contracts/government-values'
import { formatDateTime } from '@/lib/format/date'
import { firstErrorMessage } from '@/lib/http/errors'
import { useCreateDocument, useDeleteDocument } from '../api/government-calls'
import type { GovernmentDocument } from '../api/types'
import styles from './government.module.css'

/** The entity's documents: upload one of a kind (POST /government/document), remove one after confirming. */
export function DocumentsPanel({
  entityId,
  documents,
  frozen,
}: {
  entityId: string
  documents: GovernmentDocument[]
  frozen: boolean
}) {
  const [type, setType] = useState<GovernmentDocumentType | ''>('')
  const [error, setError] = useState<string | null>(null)
  const [uploaderKey, setUploaderKey] = useState(0)
  const [removing, setRemoving] = useState<GovernmentDocument | null>(null)
  const create = useCreateDocument()
  const remove = useDeleteDocument()

  const attach = (file: { id: string }) => {
    if (!type) return setError('Choose the kind of document first')
    create.mutate(
      { entityId, type, fileId: file.id },
      {
        onSuccess: () => {
          notify('The document is added.', { type: 'success' })
          setType('')
          setError(null)
          setUploaderKey((k) => k + 1)
        },
        onError: (e) => setError(firstErrorMessage(e) ?? 'The document could not be added'),
      },
    )
  }

  return (
    <section className={styles.panel} aria-labelledby="documents-heading">
      <h2 id="documents-heading">Documents</h2>
      {documents.length === 0 ? (
        <EmptyState
          title="No documents yet"
          headingLevel={3}
          description="Upload the entity's establishment instrument and letters of authority."
        />
      ) : (
        <ul className={styles.cards}>
          {documents.map((doc) => (
            <li key={doc.id} className={styles.card}>
              <h3>{GOVERNMENT_DOCUMENT_TYPE_LABELS[doc.type]}</h3>
              <p className={styles.muted}>
                {doc.file.fileName} · {doc.uploadedBy ?? 'Unknown'} · {formatDateTime(doc.createdAt)}
              </p>
              {!frozen && (
                <div className={styles.actions}>
                  <Button variant="link" size="sm" aria-label={`Remove ${doc.file.fileName}`} onClick={() => setRemoving(doc)}>
                    Remove
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {!frozen && (
        <div className={styles.stack}>
          <div className={styles.field}>
            <label htmlFor="government-document-type">Kind of document</label>
            <select
              id="government-document-type"
              value={type}
              onChange={(e) => {
                setType(e.target.value as GovernmentDocumentType | '')
                setError(null)
              }}
            >
              <option value="">Select the kind of document</option>
              {GOVERNMENT_DOCUMENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {GOVERNMENT_DOCUMENT_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <Uploader key={uploaderKey} purpose="GOVERNMENT_DOCUMENT" label="Document file" disabled={!type} onUploaded={attach} />
          {error && (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this document"
        description={`${removing?.file.fileName ?? ''} is deleted.`}
        confirmLabel="Remove document"
        destructive
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing, {
            onSuccess: () => {
              notify('The document is removed.', { type: 'success' })
              setRemoving(null)
            },
          })
        }
      />
    </section>
  )
}
