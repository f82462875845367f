import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import type { ChecklistItem } from '@/lib/contracts/kyc-documents'
import { describeError } from '@/lib/http/errors'
import { kycReads } from '@/lib/query/shared-queries'
import { documentRequirementStatus } from '@/lib/status/document-status'
import { openDocumentFile } from '../../api/document-calls'
import styles from './documents.module.css'

export interface DocumentsSummaryProps {
  businessId: string
  kycDetailsId: string | null
}

/** Read-only: each document of the class with its status, the shareholders' under each shareholder, for the KYC preview. */
export function DocumentsSummary({ businessId }: DocumentsSummaryProps) {
  const checklist = useQuery(kycReads.documentChecklist(businessId))
  const [opening, setOpening] = useState<string | null>(null)

  if (checklist.isError) {
    return (
      <ErrorState
        title="Couldn't load the documents"
        message={describeError(checklist.error, "We couldn't load the documents.")}
        onRetry={() => void checklist.refetch()}
        retrying={checklist.isFetching}
      />
    )
  }
  if (!checklist.data) return <Skeleton count={3} label="Loading the documents" />
  const shown = (i: ChecklistItem) => i.required || !!i.document || !!i.deferral
  const all = checklist.data.items
  const items = all.filter(shown)
  const groups = checklist.data.shareholders
    .map((g) => ({ ...g, items: g.items.filter(shown) }))
    .filter((g) => g.items.length > 0)
  if (items.length === 0 && groups.length === 0) return <p className={styles.muted}>No documents.</p>

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

  const row = (item: ChecklistItem, label: string, siblings: readonly ChecklistItem[]) => {
    const status = documentRequirementStatus(item, siblings)
    return (
      <li key={item.documentType.id}>
        <span>
          {item.documentType.name}
          {!item.required && <span className={`${styles.muted} ${styles.small}`}> (optional)</span>}
        </span>
        <span className={styles.badges}>
          <StatusBadge status={status.code} label={status.label} tone={status.tone} />
          {item.document && (
            <Button
              size="sm"
              variant="link"
              onClick={() => void view(item.document!.file.id)}
              loading={opening === item.document.file.id}
              aria-label={`View ${label} (opens in a new tab)`}
            >
              View
            </Button>
          )}
        </span>
      </li>
    )
  }

  return (
    <div className={styles.stack}>
      {items.length > 0 && (
        <ul className={styles.summary} aria-label="Documents">
          {items.map((item) => row(item, item.documentType.name, all))}
        </ul>
      )}
      {groups.map(({ shareholder, items: own }) => (
        <div key={shareholder.id} className={styles.group}>
          <p className={styles.groupTitle}>
            <strong>{shareholder.name}</strong>{' '}
            <span className={`${styles.muted} ${styles.small}`}>
              ({shareholder.type === 'CORPORATE' ? 'corporate shareholder' : 'individual shareholder'})
            </span>
          </p>
          <ul className={`${styles.summary} ${styles.nested}`} aria-label={`Documents of ${shareholder.name}`}>
            {own.map((item) => row(item, `${item.documentType.name} for ${shareholder.name}`, own))}
          </ul>
        </div>
      ))}
    </div>
  )
}
