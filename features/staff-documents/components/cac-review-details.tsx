import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { DocumentReviewActions } from '@/components/review/document-review-actions'
import { FilePreview } from '@/components/review/file-preview'
import { Button, buttonClassName } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { documentLabel } from '@/lib/contracts/kyc-document-values'
import { formatDay, formatDayTime } from '@/lib/format/day'
import { describeError, getHttpStatus } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import { reviewKycDocument } from '@/lib/query/shared-queries'
import sharedStyles from '@/styles/staff-screens.module.css'
import { useDecideCacDocuments, useRefreshStaffDocuments } from '../api/decision-calls'
import { staffDocumentQueries } from '../api/staff-document-queries'
import type { CacReviewRow, KycDocument } from '../api/types'
import { DecisionPanel } from './decision-panel'
import ownStyles from './staff-documents.module.css'

const styles = { ...sharedStyles, ...ownStyles }

export interface CacReviewDetailsProps {
  kycDetailsId: string
  permissions: readonly string[]
  currentUserId: string
  memberOf: readonly string[]
}

function DocumentItem({
  document,
  businessName,
  open,
  onToggle,
  ...viewer
}: {
  document: KycDocument
  businessName: string
  open: boolean
  onToggle: () => void
  permissions: readonly string[]
  currentUserId: string
  isOwnRecord: boolean
}) {
  const viewerId = useId()
  const refresh = useRefreshStaffDocuments()
  return (
    <li className={styles.item} data-document-type={document.documentType.code}>
      <div className={styles.itemHead}>
        <strong>{documentLabel(document)}</strong>
        <StatusBadge status={document.status} />
      </div>
      <p className={`${styles.muted} ${styles.small}`}>
        {document.file.fileName} · uploaded {formatDayTime(document.createdAt)}
        {document.reviewedAt && ` · decided ${formatDayTime(document.reviewedAt)}`}
      </p>
      {document.reviewComment && <p className={styles.small}>Reviewer’s comment: {document.reviewComment}</p>}
      <DocumentReviewActions
        document={document}
        review={reviewKycDocument}
        onChanged={refresh}
        permissions={viewer.permissions}
        currentUserId={viewer.currentUserId}
        isOwnRecord={viewer.isOwnRecord}
      />
      <div>
        <Button size="sm" variant="link" aria-expanded={open} aria-controls={viewerId} onClick={onToggle}>
          {open ? 'Hide the document' : 'Show the document'}
        </Button>
      </div>
      <div id={viewerId}>
        {open && (
          <FilePreview
            file={document.file}
            title={document.shareholderName ? documentLabel(document) : `${document.documentType.name} of ${businessName}`}
          />
        )}
      </div>
    </li>
  )
}

function Details({
  row,
  permissions,
  currentUserId,
  memberOf,
}: { row: CacReviewRow } & Omit<CacReviewDetailsProps, 'kycDetailsId'>) {
  const headingId = useId()
  const decide = useDecideCacDocuments(row.kycDetailsId)
  // The first document is shown at once; the others on demand (each is a download).
  const [openIds, setOpenIds] = useState<string[]>(row.documents[0] ? [row.documents[0].id] : [])
  const isOwnBusiness = row.business.createdBy === currentUserId || memberOf.includes(row.business.id)
  const pending = row.documents.filter((d) => d.status === 'PENDING')
  const uploadedOne = pending.some((d) => d.uploadedBy === currentUserId)

  return (
    <div className={styles.stack}>
      <p className={styles.backLink}>
        <Link href={paths.approvals.cacDocuments()}>← Back to the CAC documents</Link>
      </p>
      <div className={styles.layout}>
        <section className={styles.panel} aria-labelledby={headingId}>
          <div className={styles.itemHead}>
            <h2 id={headingId}>CAC documents</h2>
            <StatusBadge status={row.status} />
          </div>
          <dl className={styles.facts}>
            <dt>Business</dt>
            <dd>
              <Link href={paths.approvals.businessPreview(row.business.id)}>{row.business.name}</Link>
            </dd>
            <dt>Registration number</dt>
            <dd>{row.business.regNo}</dd>
            <dt>Business status</dt>
            <dd>
              <StatusBadge status={row.business.approvalStatus} />
            </dd>
            <dt>Last upload</dt>
            <dd>{formatDay(row.submittedAt)}</dd>
          </dl>
          <ul className={styles.list}>
            {row.documents.map((document) => (
              <DocumentItem
                key={document.id}
                document={document}
                businessName={row.business.name}
                open={openIds.includes(document.id)}
                onToggle={() =>
                  setOpenIds((ids) => (ids.includes(document.id) ? ids.filter((x) => x !== document.id) : [...ids, document.id]))
                }
                permissions={permissions}
                currentUserId={currentUserId}
                isOwnRecord={isOwnBusiness}
              />
            ))}
          </ul>
        </section>
        <DecisionPanel
          subject={`the CAC documents of ${row.business.name}`}
          pending={pending.length > 0}
          notPendingText={`Nothing is waiting: the CAC documents are ${row.status === 'REJECTED' ? 'declined; a new upload comes back here' : 'approved'}.`}
          canDecide={permissions.includes(PERMISSIONS.CAN_APPROVE_CAC_DOCUMENT)}
          isOwnRecord={isOwnBusiness || uploadedOne}
          busy={decide.isPending}
          decide={(input) => decide.mutateAsync(input)}
          onDecided={(decision) =>
            notify(
              decision === 'APPROVED'
                ? `The CAC documents of ${row.business.name} are approved.`
                : `The CAC documents of ${row.business.name} are declined; the business has the reason.`,
              {
                type: 'success',
              },
            )
          }
        >
          {pending.length > 0 && (
            <p className={styles.small}>
              Waiting: {pending.map((d) => documentLabel(d)).join(', ')}. The decision applies to each of them.
            </p>
          )}
        </DecisionPanel>
      </div>
    </div>
  )
}

/** `/s/admin/approvals/cac-doc/details?id=<kycDetailsId>`: one KYC record's CAC documents, with a viewer and the decisions. */
export function CacReviewDetails({ kycDetailsId, ...viewer }: CacReviewDetailsProps) {
  const record = useQuery(staffDocumentQueries.cacRecord(kycDetailsId))
  if (record.isPending) return <Skeleton count={5} label="Loading the CAC documents" />
  if (record.isError) {
    if (getHttpStatus(record.error) === 404) {
      return (
        <EmptyState
          title="No CAC documents here"
          description="This KYC record has no CAC document, or it does not exist."
          action={
            <Link href={paths.approvals.cacDocuments()} className={buttonClassName()}>
              Back to the queue
            </Link>
          }
        />
      )
    }
    return (
      <ErrorState
        message={describeError(record.error, "We couldn't load the CAC documents.")}
        onRetry={() => void record.refetch()}
        retrying={record.isFetching}
      />
    )
  }
  return <Details row={record.data} {...viewer} />
}
