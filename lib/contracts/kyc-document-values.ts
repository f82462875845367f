/**
 * KYC document vocabulary shared by the server, the API contract and the browser. No zod and no I/O here: browser
 * code imports this module at runtime.
 */

/** Whom a document type is about: the business itself, an individual (director, shareholder) or a corporate shareholder. */
export const DOCUMENT_TYPE_OWNERS = ['COMPANY', 'INDIVIDUAL', 'CORPORATE_SHAREHOLDER'] as const
export type DocumentTypeOwner = (typeof DOCUMENT_TYPE_OWNERS)[number]

/**
 * A document's review status (docs/domain.md#kyc-documents): staff decide CAC documents; a new upload is PENDING again.
 */
export const KYC_DOCUMENT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUSES)[number]

/**
 * Where one required (or optional) document of the business's class stands, as the document page shows it.
 * - MISSING: nothing uploaded and no deferral covers it.
 * - UPLOADED: uploaded, KYC not submitted yet (nobody reviews it yet).
 * - UNDER_REVIEW: uploaded and the KYC is submitted: staff look at it.
 * - APPROVED / REJECTED: staff decided it (REJECTED carries the reason).
 * - REUPLOAD_REQUESTED: staff asked for a new upload (with the reason).
 * - DEFERRAL_PENDING: a deferral was requested and awaits a decision.
 * - DEFERRED: an approved deferral runs until its due date.
 * - DEFERRAL_OVERDUE: the approved deferral's due date has passed: the business is blocked until it is uploaded.
 */
export const CHECKLIST_STATES = [
  'MISSING',
  'UPLOADED',
  'UNDER_REVIEW',
  'APPROVED',
  'REJECTED',
  'REUPLOAD_REQUESTED',
  'DEFERRAL_PENDING',
  'DEFERRED',
  'DEFERRAL_OVERDUE',
] as const
export type ChecklistState = (typeof CHECKLIST_STATES)[number]

export type ChecklistTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral'

export const CHECKLIST_STATE_LABELS: Readonly<Record<ChecklistState, { label: string; tone: ChecklistTone }>> = {
  MISSING: { label: 'Missing', tone: 'danger' },
  UPLOADED: { label: 'Uploaded', tone: 'info' },
  UNDER_REVIEW: { label: 'Under review', tone: 'info' },
  APPROVED: { label: 'Approved', tone: 'success' },
  REJECTED: { label: 'Rejected', tone: 'danger' },
  REUPLOAD_REQUESTED: { label: 'Re-upload requested', tone: 'warning' },
  DEFERRAL_PENDING: { label: 'Deferral pending', tone: 'warning' },
  DEFERRED: { label: 'Deferred', tone: 'warning' },
  DEFERRAL_OVERDUE: { label: 'Deferral overdue', tone: 'danger' },
}

/** States in which the business should upload (or replace) the document. */
export const CHECKLIST_NEEDS_UPLOAD: readonly ChecklistState[] = [
  'MISSING',
  'REJECTED',
  'REUPLOAD_REQUESTED',
  'DEFERRAL_PENDING',
  'DEFERRED',
  'DEFERRAL_OVERDUE',
]

/** How a document reads on its own: `TIN certificate`, or `Corporate shareholder’s certificate … for Savannah Holdings Limited`. */
export function documentLabel(document: { documentType: { name: string }; shareholderName?: string | null }): string {
  return document.shareholderName ? `${document.documentType.name} for ${document.shareholderName}` : document.documentType.name
}
