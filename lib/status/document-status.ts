import { CHECKLIST_STATE_LABELS, type ChecklistState } from '@/lib/contracts/kyc-document-values'
import type { ChecklistItem, DocumentChecklist } from '@/lib/contracts/kyc-documents'
import { formatDay } from '@/lib/format/day'
import type { StatusTone } from './view'

/** States that leave a requirement to the business: nothing usable is there (missing, rejected, re-upload, overdue). */
const NEEDS_ATTENTION: ReadonlySet<ChecklistState> = new Set(['MISSING', 'REJECTED', 'REUPLOAD_REQUESTED', 'DEFERRAL_OVERDUE'])

export type DocumentStatusCode = ChecklistState | 'COVERED'

export interface DocumentStatusView {
  code: DocumentStatusCode
  label: string
  tone: StatusTone
  /** The sentence under the name: why, until when, what next. Null when the label says it all. */
  detail: string | null
  /** "Required", "Required (or its alternative)", "Optional". */
  requirement: string
}

/** Names of the other documents that can stand in for this one (same alternative group). */
export function alternativesOf(item: ChecklistItem, items: readonly ChecklistItem[]): string[] {
  if (!item.alternativeGroup) return []
  return items.filter((i) => i !== item && i.alternativeGroup === item.alternativeGroup).map((i) => i.documentType.name)
}

/** The alternative (same group) that settles this requirement in this item's place, if any. */
function coveringAlternative(item: ChecklistItem, items: readonly ChecklistItem[]): ChecklistItem | null {
  if (!item.required || !item.alternativeGroup || !NEEDS_ATTENTION.has(item.state) || item.document) return null
  return items.find((i) => i !== item && i.alternativeGroup === item.alternativeGroup && !NEEDS_ATTENTION.has(i.state)) ?? null
}

/**
 * One document requirement as every screen shows it (the owner's documents step and preview, the staff review):
 * its badge, the line explaining it, and whether it is required. A required document whose alternative is provided
 * (CAC 7 when the CAC status report is in) is "Not needed", not missing.
 */
export function documentRequirementStatus(item: ChecklistItem, items: readonly ChecklistItem[] = []): DocumentStatusView {
  const requirement = !item.required ? 'Optional' : item.alternativeGroup ? 'Required (or its alternative)' : 'Required'
  const covering = coveringAlternative(item, items)
  if (covering) {
    const accepted = covering.state === 'APPROVED'
    return {
      code: 'COVERED',
      label: 'Not needed',
      tone: 'neutral',
      detail: `${covering.documentType.name} was ${accepted ? 'accepted' : 'provided'} in its place.`,
      requirement,
    }
  }
  const { label, tone } = CHECKLIST_STATE_LABELS[item.state]
  const document = item.document
  const deferral = item.deferral
  const base = { code: item.state, label, tone, requirement }
  switch (item.state) {
    case 'MISSING':
      return {
        ...base,
        label: item.required ? 'Missing' : 'Not uploaded',
        tone: item.required ? tone : 'neutral',
        detail:
          deferral?.status === 'REJECTED'
            ? `Your deferral request was declined${deferral.decisionComment ? `: ${deferral.decisionComment}` : ''}. Upload the document.`
            : item.required
              ? null
              : 'Optional: upload it if it applies to your business.',
      }
    case 'UPLOADED':
      return {
        ...base,
        detail: `${document?.file.fileName ?? 'File'} uploaded on ${formatDay(document?.createdAt)}. It is reviewed once you submit your KYC.`,
      }
    case 'UNDER_REVIEW':
      return { ...base, detail: `${document?.file.fileName ?? 'File'} uploaded on ${formatDay(document?.createdAt)}.` }
    case 'APPROVED':
      return { ...base, detail: document?.reviewedAt ? `Approved on ${formatDay(document.reviewedAt)}.` : null }
    case 'REJECTED':
      return { ...base, detail: `Rejected${document?.reviewComment ? `: ${document.reviewComment}` : ''}. Upload a new one.` }
    case 'REUPLOAD_REQUESTED':
      return { ...base, detail: `We asked for a new upload${document?.reuploadReason ? `: ${document.reuploadReason}` : ''}.` }
    case 'DEFERRAL_PENDING':
      return { ...base, detail: `You asked to provide it within ${deferral?.days ?? '?'} days; awaiting a decision.` }
    case 'DEFERRED':
      return {
        ...base,
        label: `Deferred until ${formatDay(deferral?.dueDate)}`,
        detail: 'Upload it by then; the deferral ends when you do.',
      }
    case 'DEFERRAL_OVERDUE':
      return {
        ...base,
        detail: `The deferral ended on ${formatDay(deferral?.dueDate)}. Your business is blocked until you upload it.`,
      }
  }
}

export interface DocumentsProgress {
  /** Requirements: alternatives count once; each shareholder's documents count on their own. */
  required: number
  /** Requirements still needing the business (missing, rejected, re-upload asked, overdue). */
  outstanding: number
  /** Optional documents listed besides them. */
  optional: number
  /** Documents listed in all (required, alternatives and optional). */
  listed: number
  /** Whether any requirement was sent back (rejected, re-upload, overdue) rather than never provided. */
  attention: boolean
  /** The one sentence that says it: how many required (and how alternatives count), how many optional. */
  sentence: string
}

/** The documents step as a whole: what the step, the stepper and the dashboard count. */
export function documentsProgress(
  checklist: Pick<DocumentChecklist, 'items'> & { shareholders?: DocumentChecklist['shareholders'] },
): DocumentsProgress {
  const units = new Map<string, ChecklistItem[]>()
  let optional = 0
  let listed = 0
  let alternatives = false
  const add = (owner: string, item: ChecklistItem) => {
    listed++
    if (!item.required) {
      optional++
      return
    }
    if (item.alternativeGroup) alternatives = true
    const key = `${owner}:${item.alternativeGroup ?? item.documentType.id}`
    units.set(key, [...(units.get(key) ?? []), item])
  }
  for (const item of checklist.items) add('business', item)
  for (const { shareholder, items } of checklist.shareholders ?? []) for (const item of items) add(shareholder.id, item)
  let outstanding = 0
  let attention = false
  for (const members of units.values()) {
    if (members.every((m) => NEEDS_ATTENTION.has(m.state))) {
      outstanding++
      if (members.some((m) => m.state !== 'MISSING')) attention = true
    }
  }
  const required = units.size
  const counted = `${required} required ${required === 1 ? 'document' : 'documents'}${
    alternatives ? ' (where two are marked as alternatives, either one counts)' : ''
  }`
  const optionalPart = optional > 0 ? ` ${optional} more ${optional === 1 ? 'is' : 'are'} optional.` : ''
  const sentence =
    outstanding === 0
      ? `All ${counted} are provided or deferred.${optionalPart}`
      : `${outstanding} of ${counted} still ${outstanding === 1 ? 'needs' : 'need'} your attention.${optionalPart}`
  return { required, outstanding, optional, listed, attention, sentence }
}
