import { getConfig } from '@/lib/config/env'
import { formatCalendarDate } from '@/lib/format/date'
import { layout, reviewedDocumentLines, type RenderedMail, type ReviewedDocument } from '@/server/integrations/mail/templates'

/** The business's documents page, where it sees each decision, reason and re-upload request. */
export const documentsUrl = (businessId: string) =>
  `${getConfig().publicUrl}/s/businesses/kyc-document?businessId=${encodeURIComponent(businessId)}`

function render(template: string, subject: string, lines: string[], url: string): RenderedMail {
  return {
    template,
    subject,
    text: `${lines.join('\n\n')}\n\nOpen your KYC documents: ${url}\n`,
    html: layout(subject, lines, { label: 'Open your KYC documents', url }),
  }
}

/**
 * The one e-mail of a review of a business's documents (docs/domain.md#review-e-mails): every decision of the review,
 * declined ones first, with what to do about them.
 */
export function documentDecisionMail(input: {
  businessName: string
  documents: readonly ReviewedDocument[]
  url: string
}): RenderedMail {
  const declined = input.documents.filter((d) => !d.approved).length
  const lines = [
    'Hello,',
    declined
      ? `We reviewed the documents of ${input.businessName} and could not accept ${declined === 1 ? 'one of them' : `${declined} of them`}:`
      : `We reviewed and approved the documents of ${input.businessName}:`,
    ...reviewedDocumentLines(input.documents),
    ...(declined ? ['Upload a corrected document on your KYC documents page; it is reviewed again.'] : []),
  ]
  const subject = declined ? `Documents declined for ${input.businessName}` : `Documents approved for ${input.businessName}`
  return render(declined ? 'documents-rejected' : 'documents-approved', subject, lines, input.url)
}

export function reuploadRequestMail(input: {
  businessName: string
  documentName: string
  reason: string
  url: string
}): RenderedMail {
  const lines = [
    'Hello,',
    `Please upload ${input.documentName} of ${input.businessName} again.`,
    `The reason: ${input.reason}`,
    'Your review continues once the new upload is in.',
  ]
  return render('document-reupload-requested', `Please upload ${input.documentName} again`, lines, input.url)
}

export function deferralDecisionMail(input: {
  businessName: string
  documentName: string
  approved: boolean
  comment: string | null
  dueDate: string | null
  url: string
}): RenderedMail {
  const lines = input.approved
    ? [
        'Hello,',
        `Your request to provide ${input.documentName} of ${input.businessName} later is approved.`,
        `Upload it by ${formatCalendarDate(input.dueDate)}: after that date the business is blocked until it is uploaded.`,
        ...(input.comment ? [`The reviewer's comment: ${input.comment}`] : []),
      ]
    : [
        'Hello,',
        `Your request to provide ${input.documentName} of ${input.businessName} later was declined.`,
        `The reason: ${input.comment ?? 'none given'}`,
        'Upload the document to complete your KYC.',
      ]
  const subject = input.approved ? `Deferral approved: ${input.documentName}` : `Deferral declined: ${input.documentName}`
  return render(input.approved ? 'deferral-approved' : 'deferral-rejected', subject, lines, input.url)
}

export function verificationFailedMail(input: {
  businessName: string
  what: string
  comment: string
  url: string
}): RenderedMail {
  const lines = [
    'Hello,',
    `We could not verify ${input.what} for ${input.businessName}.`,
    `The reason: ${input.comment}`,
    'Correct it in your KYC details; it is checked again.',
  ]
  return render('verification-failed', `Verification failed: ${input.what}`, lines, input.url)
}
