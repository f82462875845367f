import type { ChecklistItem, ChecklistState } from '@/lib/contracts/kyc-documents'
import { isDeferralOverdue, isoDay } from '@/server/modules/deferrals/overdue-deferrals'
import type { DeferralWithType } from '@/server/modules/deferrals/deferral-view'
import type { DocumentState, MatrixEntry } from './document-state'
import { hasOpenReuploadRequest, toKycDocument, type KycDocumentRow } from './document-view'

/** One entry per unmet item, in the shape of H2's capture gaps (`code` says which kind, `field` which document). */
export interface DocumentGap {
  code: string
  message: string
  field: string
}

const isOpen = (d: DeferralWithType) => d.deferral.status === 'PENDING' || d.deferral.status === 'APPROVED'

function facts(state: DocumentState, typeId: string) {
  const document = state.documents.find((d) => d.document.documentTypeId === typeId) ?? null
  const forType = state.deferrals.filter((d) => d.deferral.documentTypeId === typeId)
  const open = forType.find(isOpen) ?? null
  return { document, open, latest: open ?? forType[0] ?? null }
}

function stateOf(document: KycDocumentRow | null, open: DeferralWithType | null, kycSubmitted: boolean, now: Date): ChecklistState {
  if (document) {
    if (hasOpenReuploadRequest(document.document)) return 'REUPLOAD_REQUESTED'
    if (document.document.status === 'REJECTED') return 'REJECTED'
    if (document.document.status === 'APPROVED') return 'APPROVED'
    return kycSubmitted ? 'UNDER_REVIEW' : 'UPLOADED'
  }
  if (open?.deferral.status === 'PENDING') return 'DEFERRAL_PENDING'
  if (open) return isDeferralOverdue(open.deferral, now) ? 'DEFERRAL_OVERDUE' : 'DEFERRED'
  return 'MISSING'
}

/** The document page's list: every type the matrix lists for the business's class, with where it stands. */
export function checklistItemsOf(state: DocumentState, now: Date): ChecklistItem[] {
  return state.matrix.map(({ type, isRequired, alternativeGroup }) => {
    const { document, open, latest } = facts(state, type.id)
    return {
      documentType: { id: type.id, code: type.code, name: type.name, description: type.description, isCac: type.isCac, typeOwner: type.typeOwner },
      required: isRequired,
      alternativeGroup: isRequired ? alternativeGroup : null,
      canRequestDeferral: state.deferrableTypeIds.has(type.id) && !document && !open,
      state: stateOf(document, open, state.business.kycDetailsCompleted, now),
      document: document ? toKycDocument(document) : null,
      deferral: latest
        ? {
            id: latest.deferral.id,
            status: latest.deferral.status,
            isOverdue: isDeferralOverdue(latest.deferral, now),
            days: latest.deferral.days,
            reason: latest.deferral.reason,
            dueDate: latest.deferral.dueDate?.toISOString() ?? null,
            decisionComment: latest.deferral.decisionComment,
          }
        : null,
    }
  })
}

/** Why one document type does not (yet) satisfy its requirement; null when it does. */
function typeGap(state: DocumentState, entry: MatrixEntry, forApproval: boolean, now: Date): DocumentGap | null {
  const { type } = entry
  const field = `documents.${type.code}`
  const { document, open } = facts(state, type.id)
  if (document) {
    const row = document.document
    if (hasOpenReuploadRequest(row)) {
      return { code: 'DOCUMENT_REUPLOAD_REQUESTED', field, message: `${type.name}: we asked for a new upload (${row.reuploadReason ?? 'see the document page'}). Upload it again.` }
    }
    if (row.status === 'REJECTED') {
      return { code: 'DOCUMENT_REJECTED', field, message: `${type.name} was rejected${row.reviewComment ? ` (${row.reviewComment})` : ''}. Upload a new one.` }
    }
    if (forApproval && type.isCac && row.status !== 'APPROVED') {
      return { code: 'CAC_DOCUMENT_NOT_APPROVED', field, message: `${type.name} is a CAC document and has not been approved yet.` }
    }
    return null
  }
  if (open) {
    if (isDeferralOverdue(open.deferral, now)) {
      return { code: 'DEFERRAL_OVERDUE', field, message: `The deferral for ${type.name} is overdue since ${isoDay(open.deferral.dueDate!)}. Upload it.` }
    }
    if (open.deferral.status === 'APPROVED') return null
    // PENDING: enough to submit the KYC, not to approve the business.
    return forApproval ? { code: 'DEFERRAL_PENDING', field, message: `The deferral requested for ${type.name} has not been decided yet.` } : null
  }
  const deferrable = state.deferrableTypeIds.has(type.id)
  return { code: 'DOCUMENT_MISSING', field, message: `Upload the ${type.name}${deferrable ? ', or request a deferral for it' : ''}.` }
}

/**
 * What keeps the documents from being complete: each required document of the class present, or covered by a
 * deferral (any open one to submit the KYC; an approved one that is not overdue for approval). Rejected documents and
 * unanswered re-upload requests count as missing. For approval, every current CAC document (required or not) must
 * also be approved.
 * Alternatives (same `alternativeGroup`) are satisfied by any one of them.
 */
export function documentGapsOf(state: DocumentState, options: { forApproval: boolean; now: Date }): DocumentGap[] {
  const gaps: DocumentGap[] = []
  const seenGroups = new Set<string>()
  for (const entry of state.matrix) {
    if (!entry.isRequired) continue
    if (!entry.alternativeGroup) {
      const gap = typeGap(state, entry, options.forApproval, options.now)
      if (gap) gaps.push(gap)
      continue
    }
    if (seenGroups.has(entry.alternativeGroup)) continue
    seenGroups.add(entry.alternativeGroup)
    const members = state.matrix.filter((m) => m.isRequired && m.alternativeGroup === entry.alternativeGroup)
    const memberGaps = members.map((m) => typeGap(state, m, options.forApproval, options.now))
    if (memberGaps.some((g) => g === null)) continue
    // Say the most specific thing: a problem with something already there before "upload one of these".
    const specific = memberGaps.find((g) => g && g.code !== 'DOCUMENT_MISSING')
    gaps.push(
      specific ?? {
        code: 'DOCUMENT_MISSING',
        field: `documents.${entry.alternativeGroup}`,
        message: `Upload one of: ${members.map((m) => m.type.name).join(' or ')}.`,
      },
    )
  }
  if (options.forApproval) {
    const named = new Set(gaps.map((g) => g.field))
    for (const { document: row, type } of state.documents) {
      if (type.isCac && row.status !== 'APPROVED' && !named.has(`documents.${type.code}`)) {
        gaps.push({ code: 'CAC_DOCUMENT_NOT_APPROVED', field: `documents.${type.code}`, message: `${type.name} is a CAC document and has not been approved yet.` })
      }
    }
  }
  return gaps
}
