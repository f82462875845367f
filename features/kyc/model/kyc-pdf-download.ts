import type { QueryClient } from '@tanstack/react-query'
import type { DocumentChecklist } from '@/lib/contracts/kyc-documents'
import type { PdfDocumentLine } from '@/lib/kyc/kyc-pdf'
import { kycReads } from '@/lib/query/shared-queries'
import { kycQueries } from '../api/kyc-queries'
import type { AdditionalDocument } from '../api/types'

/** The PDF's document lines: the business's own documents, then each shareholder's, named after the shareholder. */
export function pdfDocumentLines(checklist: DocumentChecklist): PdfDocumentLine[] {
  return [
    ...checklist.items.map((i) => ({ name: i.documentType.name, state: i.state, detail: i.document?.file.fileName ?? null })),
    ...checklist.shareholders.flatMap(({ shareholder, items }) =>
      items.map((i) => ({
        name: `${i.documentType.name} for ${shareholder.name}`,
        state: i.state,
        detail: i.document?.file.fileName ?? null,
      })),
    ),
  ]
}

/** `KYC-<business name>.pdf`, with anything but letters, digits, dots and dashes turned into dashes. */
export const pdfFileName = (businessName: string) => `KYC-${businessName.replace(/[^\w.-]+/g, '-')}.pdf`

/**
 * Builds the KYC summary PDF in the browser and saves it. pdf-lib comes with `./kyc-pdf`, loaded only now; without
 * the document checklist (a failed call) the PDF says the list could not be loaded; with the ownership structure it
 * has a page "Ownership and control".
 */
export async function downloadKycPdf(options: {
  queryClient: QueryClient
  businessId: string
  businessName: string
  additionalDocuments: readonly AdditionalDocument[]
}): Promise<void> {
  const { queryClient, businessId } = options
  const [info, checklist, ownership, { buildKycPdf }] = await Promise.all([
    queryClient.fetchQuery(kycQueries.pdfInfo(businessId)),
    queryClient.fetchQuery(kycReads.documentChecklist(businessId)).catch(() => null),
    // Without the structure (a failed call) the PDF has no ownership page rather than no PDF.
    queryClient.fetchQuery(kycReads.ownership(businessId)).catch(() => null),
    import('@/lib/kyc/kyc-pdf'),
  ])
  const bytes = await buildKycPdf({
    info,
    documents: checklist ? pdfDocumentLines(checklist) : null,
    additionalDocuments: options.additionalDocuments.map((d) => ({ label: d.label, fileName: d.file.fileName })),
    ownership,
  })
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }))
  const link = document.createElement('a')
  link.href = url
  link.download = pdfFileName(options.businessName)
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}
