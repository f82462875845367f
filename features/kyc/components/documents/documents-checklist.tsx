import { useQuery } from '@tanstack/react-query'
import dynamic from 'next/dynamic'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { Uploader, type UploadedFile, type UploadFunction } from '@/components/ui/uploader'
import { CHECKLIST_NEEDS_UPLOAD } from '@/lib/contracts/kyc-document-values'
import type { ChecklistItem } from '@/lib/contracts/kyc-documents'
import { describeError } from '@/lib/http/errors'
import { canEditKyc, hasAllPermissions, POST_APPROVAL_GROUP } from '@/lib/permissions/checks'
import { PERMISSIONS } from '@/lib/permissions/names'
import { deferralReads, kycReads } from '@/lib/query/shared-queries'
import { alternativesOf, documentRequirementStatus, documentsProgress } from '@/lib/status/document-status'
import { openDocumentFile, useAttachDocument, useDeleteDocument } from '../../api/document-calls'
import styles from './documents.module.css'

// The dialog's form code loads when someone asks for a deferral, not with the page.
const DeferralRequestDialog = dynamic(() => import('./deferral-request-dialog').then((m) => m.DeferralRequestDialog), {
  ssr: false,
})

export interface DocumentsChecklistProps {
  businessId: string
  /** The KYC record documents attach to; read from the checklist when not given. */
  kycDetailsId?: string | null
  /**
   * The signed-in user's permissions in this business, to offer only what the API allows. Without it everything is
   * offered (the stepper shows this list to people who may edit the KYC) and the API decides.
   */
  permissions?: ReadonlySet<string>
  /** Heading level of each document's name. */
  headingLevel?: 2 | 3 | 4
  /** Test seam: replaces the real upload (slot → blob storage → confirm), as the Uploader's own `upload`. */
  upload?: UploadFunction
}

/**
 * The documents the business's registration class needs, each with where it stands (missing, uploaded, under
 * review, approved, rejected or re-upload requested with the reason, deferred until a date, deferral pending or
 * overdue), to upload, replace, view, delete, or ask to defer.
 */
export function DocumentsChecklist({ businessId, kycDetailsId, permissions, headingLevel = 3, upload }: DocumentsChecklistProps) {
  const checklist = useQuery(kycReads.documentChecklist(businessId))
  // The maximum changes rarely (staff set it): read at most every five minutes here.
  const maxDays = useQuery({ ...deferralReads.maxDays(), staleTime: 5 * 60_000, select: (answer) => answer.maxDays })

  if (checklist.isError) {
    return (
      <ErrorState
        title="Couldn't load the documents"
        message={describeError(checklist.error, "We couldn't load your documents. Check your connection and try again.")}
        onRetry={() => void checklist.refetch()}
        retrying={checklist.isFetching}
      />
    )
  }
  if (!checklist.data) return <Skeleton count={4} label="Loading the documents" />

  const data = checklist.data
  if (data.items.length === 0 && data.shareholders.length === 0) {
    return (
      <EmptyState
        title="No documents needed"
        description={`Businesses registered as ${data.registrationClass} have no documents to upload.`}
      />
    )
  }
  const recordId = kycDetailsId ?? data.kycDetailsId
  const editable = mayEditDocuments(data, permissions)
  const mayDefer = !permissions || permissions.has(PERMISSIONS.CAN_CREATE_DEFERRAL)
  const progress = documentsProgress(data)
  const ShareholderHeading = `h${headingLevel}` as const

  return (
    <div className={styles.stack}>
      {!recordId && (
        <p className={styles.notice}>Fill in and save the company details first: documents are attached to your KYC record.</p>
      )}
      {data.approvalStatus === 'APPROVED' && !editable && (
        <p className={styles.notice}>
          Your business is approved: changes to its documents are made by our staff. Contact support to request one.
        </p>
      )}
      <p className={styles.muted} aria-live="polite" data-testid="documents-progress">
        {progress.sentence}
      </p>
      <ul className={styles.list} aria-label="Documents">
        {data.items.map((item) => (
          <DocumentItem
            key={item.documentType.id}
            item={item}
            items={data.items}
            businessId={businessId}
            kycDetailsId={recordId}
            canUpload={editable && !!recordId}
            canDefer={mayDefer && item.canRequestDeferral && maxDays.data !== undefined}
            maxDays={maxDays.data ?? 0}
            headingLevel={headingLevel}
            upload={upload}
          />
        ))}
      </ul>
      {data.shareholders.length > 0 && (
        <section className={styles.stack} aria-label="Shareholders’ documents">
          <p className={styles.muted}>
            Each shareholder’s own documents, under that shareholder (you can also upload them in the shareholders step).
          </p>
          {data.shareholders.map(({ shareholder, items }) => (
            <div key={shareholder.id} className={styles.group} data-shareholder={shareholder.id}>
              <ShareholderHeading className={styles.groupTitle}>
                {shareholder.name}{' '}
                <span className={`${styles.muted} ${styles.small}`}>
                  ({shareholder.type === 'CORPORATE' ? 'corporate shareholder' : 'individual shareholder'})
                </span>
              </ShareholderHeading>
              <ShareholderDocumentList
                shareholder={shareholder}
                items={items}
                businessId={businessId}
                kycDetailsId={recordId}
                canUpload={editable && !!recordId}
                headingLevel={headingLevel === 4 ? 4 : ((headingLevel + 1) as 3 | 4)}
                upload={upload}
              />
            </div>
          ))}
        </section>
      )}
    </div>
  )
}

/** Whether the signed-in user may upload: the KYC edit check (the post-approval group once approved). Without permissions, the API decides. */
export function mayEditDocuments(data: { approvalStatus: string }, permissions?: ReadonlySet<string>): boolean {
  return data.approvalStatus === 'APPROVED'
    ? !permissions || hasAllPermissions(permissions, POST_APPROVAL_GROUP)
    : !permissions || canEditKyc(permissions)
}

export interface DocumentItemProps {
  item: ChecklistItem
  items: readonly ChecklistItem[]
  /** The shareholder this document is about (a shareholder document type); absent for the business's own. */
  shareholder?: { id: string; name: string }
  businessId: string
  kycDetailsId: string | null
  canUpload: boolean
  canDefer: boolean
  maxDays: number
  headingLevel: 2 | 3 | 4
  upload?: UploadFunction
}

/** One document: where it stands, and view, upload or replace, or ask to defer. */
export function DocumentItem({
  item,
  items,
  shareholder,
  businessId,
  kycDetailsId,
  canUpload,
  canDefer,
  maxDays,
  headingLevel,
  upload,
}: DocumentItemProps) {
  const titleId = useId()
  const [uploading, setUploading] = useState(false)
  const [deferring, setDeferring] = useState(false)
  const [opening, setOpening] = useState(false)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const attach = useAttachDocument()
  const remove = useDeleteDocument()
  const status = documentRequirementStatus(item, items)
  const alternatives = alternativesOf(item, items)
  const Heading = `h${headingLevel}` as const
  const name = item.documentType.name
  // What buttons and messages say: "Upload Corporate shareholder’s certificate … for Savannah Holdings Limited".
  const label = shareholder ? `${name} for ${shareholder.name}` : name
  // A document its alternative stands in for (CAC 7 when the status report is in) is not needed: nothing to upload or defer.
  const notNeeded = status.code === 'COVERED'
  const needsUpload = !notNeeded && CHECKLIST_NEEDS_UPLOAD.includes(item.state)

  async function onUploaded(file: UploadedFile) {
    if (!kycDetailsId) return
    try {
      await attach.mutateAsync({
        kycDetailsId,
        documentTypeId: item.documentType.id,
        fileId: file.id,
        ...(shareholder && { shareholderId: shareholder.id }),
      })
      notify(`${label} ${item.document ? 'replaced' : 'uploaded'}`, { type: 'success' })
      setUploading(false)
    } catch {
      // The API's message is shown as a toast by the HTTP client; the uploader stays open to try again.
    }
  }

  function deleteDocument() {
    if (!item.document) return
    remove.mutate(item.document.id, {
      onSuccess: () => notify(`${name} deleted`, { type: 'success' }),
      // The API's refusal is toasted by the HTTP client.
      onSettled: () => setConfirmingDelete(false),
    })
  }

  async function view() {
    if (!item.document) return
    setOpening(true)
    try {
      await openDocumentFile(item.document.file.id)
    } catch (error) {
      notify(describeError(error, "We couldn't open the file. Try again."), { type: 'error' })
    } finally {
      setOpening(false)
    }
  }

  return (
    <li className={styles.item} aria-labelledby={titleId} data-state={status.code}>
      <div className={styles.itemHead}>
        <Heading id={titleId}>{name}</Heading>
        <span className={styles.badges}>
          <StatusBadge status={status.code} label={status.label} tone={status.tone} />
          <StatusBadge status={item.required ? 'REQUIRED' : 'OPTIONAL'} label={status.requirement} tone="neutral" />
          {item.documentType.isCac && <StatusBadge status="CAC" label="CAC" tone="neutral" />}
        </span>
      </div>
      {item.documentType.description && <p className={`${styles.muted} ${styles.small}`}>{item.documentType.description}</p>}
      {alternatives.length > 0 && <p className={`${styles.muted} ${styles.small}`}>Or instead: {alternatives.join(' or ')}.</p>}
      {status.detail && <p className={styles.detail}>{status.detail}</p>}
      <div className={styles.actions}>
        {item.document && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void view()}
            loading={opening}
            loadingText="Opening…"
            aria-label={`View ${label} (opens in a new tab)`}
          >
            View
          </Button>
        )}
        {canUpload && !notNeeded && !uploading && (
          <Button
            size="sm"
            variant={needsUpload ? 'primary' : 'secondary'}
            onClick={() => setUploading(true)}
            aria-label={`${item.document ? 'Replace' : 'Upload'} ${label}`}
          >
            {item.document ? 'Replace' : 'Upload'}
          </Button>
        )}
        {canUpload && item.document && (
          <Button size="sm" variant="danger" onClick={() => setConfirmingDelete(true)} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        )}
        {canDefer && !notNeeded && (
          <Button size="sm" variant="secondary" onClick={() => setDeferring(true)} aria-label={`Request a deferral for ${name}`}>
            Request deferral
          </Button>
        )}
      </div>
      {uploading && (
        <div className={styles.uploader}>
          <Uploader
            purpose="KYC_DOCUMENT"
            businessId={businessId}
            label={`Choose the ${label} file`}
            hasSavedFile={!!item.document}
            onUploaded={(file) => void onUploaded(file)}
            disabled={attach.isPending}
            upload={upload}
          />
          <div className={styles.actions}>
            <Button size="sm" variant="link" onClick={() => setUploading(false)} disabled={attach.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirmingDelete}
        title={`Delete ${name}?`}
        description={`${item.document?.file.fileName ?? 'The file'} is removed. ${item.required ? 'Upload it again before you submit the KYC.' : ''}`.trim()}
        confirmLabel="Delete document"
        destructive
        busy={remove.isPending}
        busyText="Deleting…"
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={deleteDocument}
      />
      {canDefer && deferring && (
        <DeferralRequestDialog
          open={deferring}
          onClose={() => setDeferring(false)}
          businessId={businessId}
          documentType={item.documentType}
          maxDays={maxDays}
        />
      )}
    </li>
  )
}

/** One shareholder's documents: where each stands, view, upload or replace (never deferred: see docs/decisions.md). */
export function ShareholderDocumentList(
  props: Pick<DocumentItemProps, 'items' | 'businessId' | 'kycDetailsId' | 'canUpload' | 'upload'> & {
    shareholder: { id: string; name: string }
    headingLevel: 3 | 4
  },
) {
  const { shareholder, items } = props
  return (
    <ul className={styles.list} aria-label={`Documents of ${shareholder.name}`}>
      {items.map((item) => (
        <DocumentItem
          key={item.documentType.id}
          item={item}
          items={items}
          shareholder={shareholder}
          businessId={props.businessId}
          kycDetailsId={props.kycDetailsId}
          canUpload={props.canUpload}
          canDefer={false}
          maxDays={0}
          headingLevel={props.headingLevel}
          upload={props.upload}
        />
      ))}
    </ul>
  )
}
