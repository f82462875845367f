import type { ChecklistItem, DocumentChecklist } from '@/lib/contracts/kyc-documents'
import { CHECKLIST_STATE_LABELS, type ChecklistTone } from '@/lib/contracts/kyc-document-values'
import { formatDay } from '@/lib/format/day'

export interface ItemStatus {
  label: string
  tone: ChecklistTone
  /** The sentence under the name: why, until when, what next. Null when the label says it all. */
  detail: string | null
}

/** What one checklist item shows: its badge and the line explaining it. */
export function itemStatus(item: ChecklistItem): ItemStatus {
  const { label, tone } = CHECKLIST_STATE_LABELS[item.state]
  const document = item.document
  const deferral = item.deferral
  switch (item.state) {
    case 'MISSING':
      return {
        label,
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
        label,
        tone,
        detail: `${document?.file.fileName ?? 'File'} uploaded on ${formatDay(document?.createdAt)}. It is reviewed once you submit your KYC.`,
      }
    case 'UNDER_REVIEW':
      return { label, tone, detail: `${document?.file.fileName ?? 'File'} uploaded on ${formatDay(document?.createdAt)}.` }
    case 'APPROVED':
      return { label, tone, detail: document?.reviewedAt ? `Approved on ${formatDay(document.reviewedAt)}.` : null }
    case 'REJECTED':
      return { label, tone, detail: `Rejected${document?.reviewComment ? `: ${document.reviewComment}` : ''}. Upload a new one.` }
    case 'REUPLOAD_REQUESTED':
      return {
        label,
        tone,
        detail: `We asked for a new upload${document?.reuploadReason ? `: ${document.reuploadReason}` : ''}.`,
      }
    case 'DEFERRAL_PENDING':
      return { label, tone, detail: `You asked to provide it within ${deferral?.days ?? '?'} days; awaiting a decision.` }
    case 'DEFERRED':
      return {
        label: `Deferred until ${formatDay(deferral?.dueDate)}`,
        tone,
        detail: 'Upload it by then; the deferral ends when you do.',
      }
    case 'DEFERRAL_OVERDUE':
      return {
        label,
        tone,
        detail: `The deferral ended on ${formatDay(deferral?.dueDate)}. Your business is blocked until you upload it.`,
      }
  }
}

/** Names of the other documents that can stand in for this one (same alternative group). */
export function alternativesOf(item: ChecklistItem, items: readonly ChecklistItem[]): string[] {
  if (!item.alternativeGroup) return []
  return items.filter((i) => i !== item && i.alternativeGroup === item.alternativeGroup).map((i) => i.documentType.name)
}

const NEEDS_ATTENTION = new Set(['MISSING', 'REJECTED', 'REUPLOAD_REQUESTED', 'DEFERRAL_OVERDUE'])

/**
 * Required documents counted as requirements, the business's own and each shareholder's: alternatives (same group)
 * count once, and are settled when any one of them is. `outstanding` are those still needing the business (missing, rejected, re-upload asked, overdue).
 */
export function requirementSummary(
  items: readonly ChecklistItem[],
  shareholders: DocumentChecklist['shareholders'] = [],
): { total: number; outstanding: number } {
  const units = new Map<string, ChecklistItem[]>()
  const add = (owner: string, item: ChecklistItem) => {
    if (!item.required) return
    const key = `${owner}:${item.alternativeGroup ?? item.documentType.id}`
    units.set(key, [...(units.get(key) ?? []), item])
  }
  for (const item of items) add('business', item)
  // Each shareholder's documents count on their own: two corporates need two certificates.
  for (const { shareholder, items: own } of shareholders) for (const item of own) add(shareholder.id, item)
  let outstanding = 0
  for (const members of units.values()) if (members.every((m) => NEEDS_ATTENTION.has(m.state))) outstanding++
  return { total: units.size, outstanding }
}
