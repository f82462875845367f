import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { describeError } from '@/lib/http'
import { openDocumentFile } from '../../api/document-calls'
import { documentQueries } from '../../api/document-queries'
import { itemStatus } from './document-status'
import styles from './documents.module.css'

export interface DocumentsSummaryProps {
  businessId: string
  kycDetailsId: string | null
}

/** Read-only: each document of the class with its status, for the KYC preview. */
export function DocumentsSummary({ businessId }: DocumentsSummaryProps) {
  const checklist = useQuery(documentQueries.checklist(businessId))
  const [opening, setOpening] = useState<string | null>(null)

  if (checklist.isError) {
    return <ErrorState title="Couldn't load the documents" message={describeError(checklist.error, "We couldn't load the documents.")} onRetry={() => void checklist.refetch()} retrying={checklist.isFetching} />
  }
  if (!checklist.data) return <Skeleton count={3} label="Loading the documents" />
  const items = checklist.data.items.filter((i) => i.required || i.document || i.deferral)
  if (items.length === 0) return <p className={styles.muted}>No documents.</p>

  async function view(fileId: string) {
    setOpening(fileId)
    try {
      await openDocumentFile(fileId)
    } catch (error) {
      notify(describeError(error, "We couldn't open the file. Try again."), { type: 'error' })
    } finally {
      setOpening(null)
    }
  }

  return (
    <ul className={styles.summary} aria-label="Documents">
      {items.map((item) => {
        const status = itemStatus(item)
        return (
          <li key={item.documentType.id}>
            <span>
              {item.documentType.name}
              {!item.required && <span className={`${styles.muted} ${styles.small}`}> (optional)</span>}
            </span>
            <span className={styles.badges}>
              <StatusBadge status={item.state} label={status.label} tone={status.tone} />
              {item.document && (
                <Button size="sm" variant="link" onClick={() => void view(item.document!.file.id)} loading={opening === item.document.file.id} aria-label={`View ${item.documentType.name} (opens in a new tab)`}>
                  View
                </Button>
              )}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
