import type { ChecklistItem, ChecklistState, DocumentTypeOwner, ShareholderChecklist } from '@/lib/contracts/kyc-documents'
import type { ShareholderType } from '@/lib/contracts/kyc-values'
import { formatCalendarDate } from '@/lib/format/date'
import { isoDay } from '@/lib/format/iso-day'
import type { Shareholder } from '@/server/db/schema'
import type { DeferralWithType } from '@/server/modules/deferrals/deferral-view'
import { shareholderName } from '@/server/modules/kyc/kyc-capture-gaps'
import { isDeferralOverdue } from '@/server/records/overdue-deferrals'
import type { DocumentState, MatrixEntry } from './document-state'
import { hasOpenReuploadRequest, toKycDocument, type KycDocumentRow } from './document-view'

/** One entry per unmet item, in the shape of H2's capture gaps (`code` says which kind, `field` which document). */
export interface DocumentGap {
  code: string
  message: string
  /** `documents.<CODE>` (or `documents.<GROUP>`) for the business's own; `shareholders.<id>.documents.<CODE>` for a shareholder's. */
  field: string
  /** The document type concerned; null for "one of" an alternative group. */
  documentTypeId: string | null
  /** How the document reads in a title: `TIN certificate`, or `… certificate of incorporation for Savannah Holdings Limited`. */
  label: string
}

/**
 * Which kind of shareholder a document type is about (docs/decisions.md#shareholder-documents: documents of shareholder
 * document types belong to one shareholder); null for the business's own documents.
 */
export function shareholderKindOf(typeOwner: DocumentTypeOwner): ShareholderType | null {
  if (typeOwner === 'CORPORATE_SHAREHOLDER') return 'CORPORATE'
  if (typeOwner === 'INDIVIDUAL') return 'INDIVIDUAL'
  return null
}

/** Whom a set of documents is about: the business itself (`shareholder` null) or one shareholder. */
interface Subject {
  shareholder: Shareholder | null
  /** The listed types that apply to it: the business's own types, or those of the shareholder's kind. */
  entries: MatrixEntry[]
}

const labelOf = (subject: Subject, typeName: string) =>
  subject.shareholder ? `${typeName} for ${shareholderName(subject.shareholder)}` : typeName
const fieldOf = (subject: Subject, key: string) =>
  subject.shareholder ? `shareholders.${subject.shareholder.id}.documents.${key}` : `documents.${key}`

function businessSubject(state: DocumentState): Subject {
  return { shareholder: null, entries: state.matrix.filter((m) => shareholderKindOf(m.type.typeOwner) === null) }
}

/**
 * Every shareholder whose kind has listed types, depth first (a corporate, then its own shareholders): a nested
 * shareholder of a corporate shareholder is a shareholder too, and needs the same documents as a direct one.
 */
function shareholderSubjects(state: DocumentState): Subject[] {
  const children = new Map<string | null, Shareholder[]>()
  for (const row of state.shareholders)
    children.set(row.parentShareholderId, [...(children.get(row.parentShareholderId) ?? []), row])
  const ordered: Shareholder[] = []
  const seen = new Set<string>()
  const walk = (parentId: string | null) => {
    for (const row of children.get(parentId) ?? []) {
      if (seen.has(row.id)) continue
      seen.add(row.id)
      ordered.push(row)
      walk(row.id)
    }
  }
  walk(null)
  // A trust's persons and a nominee's principal hold nothing there: no shareholder documents (a means of ID, when they
  // have significant control: docs/ownership.md).
  return ordered
    .filter((shareholder) => !shareholder.role)
    .map((shareholder) => ({
      shareholder,
      entries: state.matrix.filter((m) => shareholderKindOf(m.type.typeOwner) === shareholder.type),
    }))
    .filter((s) => s.entries.length > 0)
}

const isOpen = (d: DeferralWithType) => d.deferral.status === 'PENDING' || d.deferral.status === 'APPROVED'

function facts(state: DocumentState, subject: Subject, typeId: string) {
  const owner = subject.shareholder?.id ?? null
  const document = state.documents.find((d) => d.document.documentTypeId === typeId && d.document.shareholderId === owner) ?? null
  // Deferrals are per document type of the business: they cover its own documents, never one shareholder's.
  const forType = subject.shareholder ? [] : state.deferrals.filter((d) => d.deferral.documentTypeId === typeId)
  const open = forType.find(isOpen) ?? null
  return { document, open, latest: open ?? forType[0] ?? null }
}

function stateOf(
  document: KycDocumentRow | null,
  open: DeferralWithType | null,
  kycSubmitted: boolean,
  now: Date,
): ChecklistState {
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

function itemsOf(state: DocumentState, subject: Subject, now: Date): ChecklistItem[] {
  return subject.entries.map(({ type, isRequired, alternativeGroup }) => {
    const { document, open, latest } = facts(state, subject, type.id)
    return {
      documentType: {
        id: type.id,
        code: type.code,
        name: type.name,
        description: type.description,
        isCac: type.isCac,
        typeOwner: type.typeOwner,
      },
      required: isRequired,
      alternativeGroup: isRequired ? alternativeGroup : null,
      canRequestDeferral: !subject.shareholder && state.deferrableTypeIds.has(type.id) && !document && !open,
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

/** The document page's list: every type the matrix lists for the business's class about the business itself, with where it stands. */
export function checklistItemsOf(state: DocumentState, now: Date): ChecklistItem[] {
  return itemsOf(state, businessSubject(state), now)
}

/** Each shareholder with the documents its kind needs (listed for the class), where each stands. */
export function shareholderChecklistsOf(state: DocumentState, now: Date): ShareholderChecklist[] {
  const depthOf = new Map<string, number>()
  const byId = new Map(state.shareholders.map((h) => [h.id, h]))
  const depth = (h: Shareholder): number => {
    if (depthOf.has(h.id)) return depthOf.get(h.id)!
    const parent = h.parentShareholderId ? byId.get(h.parentShareholderId) : undefined
    const d = parent && parent.id !== h.id ? depth(parent) + 1 : 0
    depthOf.set(h.id, d)
    return d
  }
  return shareholderSubjects(state).map((subject) => {
    const h = subject.shareholder!
    return {
      shareholder: {
        id: h.id,
        // Only kinds with document types have a checklist (filtered above).
        type: h.type as 'INDIVIDUAL' | 'CORPORATE',
        name: shareholderName(h),
        parentShareholderId: h.parentShareholderId,
        depth: depth(h),
      },
      items: itemsOf(state, subject, now),
    }
  })
}

/** Why one document type does not (yet) satisfy its requirement for this subject; null when it does. */
function typeGap(
  state: DocumentState,
  subject: Subject,
  entry: MatrixEntry,
  forApproval: boolean,
  now: Date,
): DocumentGap | null {
  const { type } = entry
  const base = { field: fieldOf(subject, type.code), documentTypeId: type.id, label: labelOf(subject, type.name) }
  const { label } = base
  const { document, open } = facts(state, subject, type.id)
  if (document) {
    const row = document.document
    if (hasOpenReuploadRequest(row)) {
      return {
        code: 'DOCUMENT_REUPLOAD_REQUESTED',
        ...base,
        message: `${label}: we asked for a new upload (${row.reuploadReason ?? 'see the document page'}). Upload it again.`,
      }
    }
    if (row.status === 'REJECTED') {
      return {
        code: 'DOCUMENT_REJECTED',
        ...base,
        message: `${label} was rejected${row.reviewComment ? ` (${row.reviewComment})` : ''}. Upload a new one.`,
      }
    }
    if (forApproval && type.isCac && row.status !== 'APPROVED') {
      return { code: 'CAC_DOCUMENT_NOT_APPROVED', ...base, message: `${label} is a CAC document and has not been approved yet.` }
    }
    return null
  }
  if (open) {
    if (isDeferralOverdue(open.deferral, now)) {
      return {
        code: 'DEFERRAL_OVERDUE',
        ...base,
        message: `The deferral for ${label} is overdue since ${formatCalendarDate(isoDay(open.deferral.dueDate!))}. Upload it.`,
      }
    }
    if (open.deferral.status === 'APPROVED') return null
    // PENDING: enough to submit the KYC, not to approve the business.
    return forApproval
      ? { code: 'DEFERRAL_PENDING', ...base, message: `The deferral requested for ${label} has not been decided yet.` }
      : null
  }
  const deferrable = !subject.shareholder && state.deferrableTypeIds.has(type.id)
  return {
    code: 'DOCUMENT_MISSING',
    ...base,
    message: `Upload the ${label}${deferrable ? ', or request a deferral for it' : ''}.`,
  }
}

function subjectGaps(state: DocumentState, subject: Subject, options: { forApproval: boolean; now: Date }): DocumentGap[] {
  const gaps: DocumentGap[] = []
  const seenGroups = new Set<string>()
  for (const entry of subject.entries) {
    if (!entry.isRequired) continue
    if (!entry.alternativeGroup) {
      const gap = typeGap(state, subject, entry, options.forApproval, options.now)
      if (gap) gaps.push(gap)
      continue
    }
    if (seenGroups.has(entry.alternativeGroup)) continue
    seenGroups.add(entry.alternativeGroup)
    const members = subject.entries.filter((m) => m.isRequired && m.alternativeGroup === entry.alternativeGroup)
    const memberGaps = members.map((m) => typeGap(state, subject, m, options.forApproval, options.now))
    if (memberGaps.some((g) => g === null)) continue
    // Say the most specific thing: a problem with something already there before "upload one of these".
    const specific = memberGaps.find((g) => g && g.code !== 'DOCUMENT_MISSING')
    const names = members.map((m) => m.type.name).join(' or ')
    gaps.push(
      specific ?? {
        code: 'DOCUMENT_MISSING',
        field: fieldOf(subject, entry.alternativeGroup),
        documentTypeId: null,
        label: subject.shareholder ? `One of ${names} for ${shareholderName(subject.shareholder)}` : `One of ${names}`,
        message: `Upload one of: ${names}${subject.shareholder ? ` for ${shareholderName(subject.shareholder)}` : ''}.`,
      },
    )
  }
  return gaps
}

/**
 * What keeps the documents from being complete: each required document of the class present, or covered by a
 * deferral (any open one to submit the KYC; an approved one that is not overdue for approval). Rejected documents and
 * unanswered re-upload requests count as missing. Shareholder document types count per shareholder: each shareholder
 * of the type's kind (nested ones too) needs its own, named by the shareholder. For approval, every current CAC
 * document (required or not, the business's or a shareholder's) must also be approved.
 * Alternatives (same `alternativeGroup`) are satisfied by any one of them.
 */
export function documentGapsOf(state: DocumentState, options: { forApproval: boolean; now: Date }): DocumentGap[] {
  const gaps = [businessSubject(state), ...shareholderSubjects(state)].flatMap((subject) => subjectGaps(state, subject, options))
  if (options.forApproval) {
    const named = new Set(gaps.map((g) => g.field))
    for (const { document: row, type, shareholder } of state.documents) {
      if (!type.isCac || row.status === 'APPROVED') continue
      const field = row.shareholderId ? `shareholders.${row.shareholderId}.documents.${type.code}` : `documents.${type.code}`
      if (named.has(field)) continue
      const label = shareholder ? `${type.name} for ${shareholderName(shareholder)}` : type.name
      gaps.push({
        code: 'CAC_DOCUMENT_NOT_APPROVED',
        field,
        documentTypeId: type.id,
        label,
        message: `${label} is a CAC document and has not been approved yet.`,
      })
    }
  }
  return gaps
}
