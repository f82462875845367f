import { useQuery } from '@tanstack/react-query'
import type { UploadFunction } from '@/components/ui/uploader'
import { kycReads } from '@/lib/query/shared-queries'
import { mayEditDocuments, ShareholderDocumentList } from './documents-checklist'

export interface ShareholderDocumentsProps {
  businessId: string
  shareholderId: string
  /** The step is read-only (submitted, approved, or the user may not edit): documents show, nothing uploads. */
  readOnly: boolean
  /** Test seam: replaces the real upload, as the Uploader's own `upload`. */
  upload?: UploadFunction
}

/**
 * The documents one shareholder's kind needs (a corporate's certificate of incorporation, ...), under that
 * shareholder in the shareholders step: where each stands, view, upload or replace. Nothing when none applies.
 */
export function ShareholderDocuments({ businessId, shareholderId, readOnly, upload }: ShareholderDocumentsProps) {
  const checklist = useQuery(kycReads.documentChecklist(businessId))
  const group = checklist.data?.shareholders.find((s) => s.shareholder.id === shareholderId)
  if (!checklist.data || !group || group.items.length === 0) return null
  const { shareholder, items } = group
  const canUpload = !readOnly && !!checklist.data.kycDetailsId && mayEditDocuments(checklist.data)
  return (
    <ShareholderDocumentList
      shareholder={shareholder}
      items={items}
      businessId={businessId}
      kycDetailsId={checklist.data.kycDetailsId}
      canUpload={canUpload}
      headingLevel={4}
      upload={upload}
    />
  )
}
