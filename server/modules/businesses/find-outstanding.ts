import { and, desc, eq, inArray, ne } from 'drizzle-orm'
import type { KycStep } from '@/lib/contracts/kyc-values'
import type { KYC_PROGRESS_STEPS, KycStepProgress, Outstanding, OutstandingItem } from '@/lib/contracts/outstanding'
import { formatCalendarDate } from '@/lib/format/date'
import { DAY_MS, isoDay } from '@/lib/format/iso-day'
import { hasAllPermissions, POST_APPROVAL_GROUP } from '@/lib/permissions/checks'
import type { Executor } from '@/server/db/client'
import { businesses, onboardingAnswers, onboardingProducts, productRequirementVersions, products } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { findKycCaptureGaps, type KycCaptureGap } from '@/server/modules/kyc/kyc-capture-gaps'
import { permissionsOver } from '@/server/modules/kyc/kyc-edit-access'
import { findKycDetailsOfBusiness } from '@/server/modules/kyc/kyc-record'
import {
  checklistItemsOf,
  documentGapsOf,
  shareholderChecklistsOf,
  type DocumentGap,
} from '@/server/modules/kyc-documents/document-rules'
import { loadDocumentState, type DocumentState } from '@/server/modules/kyc-documents/document-state'
import { isEditable, missingRequired } from '@/server/modules/onboarding/onboarding-record'
import { loadEddState, type EddState } from '@/server/modules/risk/edd-items'
import { getBusinessRowOrThrow } from '@/server/records/business-record'
import { findLatestDecision } from '@/server/records/latest-decision'
import { isDeferralOverdue } from '@/server/records/overdue-deferrals'
import { BUSINESS_READ } from './get-business'

type BusinessRow = typeof businesses.$inferSelect
type ProgressStep = (typeof KYC_PROGRESS_STEPS)[number]
type CaptureStep = Exclude<ProgressStep, 'DOCUMENTS'>

/** Recertification shows as coming up this many days before its date. */
export const RECERTIFICATION_NOTICE_DAYS = 60
/** An approved deferral shows as due this many days before its due date. */
export const DEFERRAL_NOTICE_DAYS = 7

const CAPTURE_STEPS: readonly CaptureStep[] = ['COMPANY_DETAILS', 'ADDRESSES', 'MEANS_OF_ID', 'SHAREHOLDERS']

const STEP_OF_FIELD: Record<string, CaptureStep> = {
  companyDetails: 'COMPANY_DETAILS',
  addresses: 'ADDRESSES',
  meansOfIds: 'MEANS_OF_ID',
  shareholders: 'SHAREHOLDERS',
}

/** The capture step where a gap is put right: a beneficial owner's missing ID is added in step 3, whatever it names. */
function stepOfGap(gap: KycCaptureGap): CaptureStep {
  if (gap.code === 'BENEFICIAL_OWNER_ID_MISSING') return 'MEANS_OF_ID'
  return STEP_OF_FIELD[(gap.field ?? '').split('.')[0]!] ?? 'COMPANY_DETAILS'
}

const STEP_TITLES: Record<CaptureStep, string> = {
  COMPANY_DETAILS: 'Complete the company details',
  ADDRESSES: 'Add the addresses',
  MEANS_OF_ID: 'Complete the means of ID',
  SHAREHOLDERS: 'Complete the shareholders',
}

/** The first two things to do, and how many more there are. */
function firstOf(messages: readonly string[]): string {
  const shown = messages.slice(0, 2).join(' ')
  return messages.length > 2 ? `${shown} And ${messages.length - 2} more.` : shown
}

const SEVERITY_ORDER = { danger: 0, warning: 1, info: 2 } as const

/**
 * GET /businesses/{id}/outstanding: the KYC progress per step and what the business still has to do or wait for,
 * from the rules of the modules that own them (capture gaps, document gaps and checklist, deferrals, onboarding
 * requirements, the business decision). A fixed handful of queries, whatever the size of the business.
 */
export async function findOutstanding(options: { db: Executor; actor: Actor; id: string; now?: Date }): Promise<Outstanding> {
  const { db } = options
  const now = options.now ?? new Date()
  const business = await getBusinessRowOrThrow({ db, actor: options.actor, id: options.id, permission: BUSINESS_READ })
  // The KYC record is read once, for the three parts that start from it.
  const detailsRead = findKycDetailsOfBusiness(db, business.id)
  const [captureGaps, documentState, decision, applications, edd] = await Promise.all([
    detailsRead.then((details) => findKycCaptureGaps(db, { businessId: business.id, details })),
    detailsRead.then((details) => loadDocumentState(db, business, { details })),
    business.approvalStatus === 'DECLINED' ? findLatestDecision(db, business.id) : Promise.resolve(null),
    loadApplications(db, business.id),
    detailsRead.then((details) => loadEddState(db, business, details?.id ?? null, { requiredOnly: true })),
  ])
  const documentGaps = documentGapsOf(documentState, { forApproval: false, now })
  // docs/domain.md#kyc-edit-check: once approved, only the post-approval group changes the KYC. Whoever reads this without
  // it (the owner) is told who makes the change, not sent to a step they cannot save.
  const staffChanges =
    business.approvalStatus === 'APPROVED' &&
    !hasAllPermissions(permissionsOver(options.actor, business.id) ?? [], POST_APPROVAL_GROUP)

  const byStep = new Map<CaptureStep, string[]>(CAPTURE_STEPS.map((s) => [s, []]))
  for (const gap of captureGaps) byStep.get(stepOfGap(gap))!.push(gap.message)
  const kycProgress: KycStepProgress[] = [
    ...CAPTURE_STEPS.map((step) => ({ step, complete: byStep.get(step)!.length === 0, gaps: byStep.get(step)!.length })),
    { step: 'DOCUMENTS', complete: documentGaps.length === 0, gaps: documentGaps.length },
  ]
  const firstOpenStep: KycStep = kycProgress.find((p) => !p.complete)?.step ?? 'PREVIEW'

  const items: OutstandingItem[] = [
    ...businessItems(business, decision?.decision === 'DECLINED' ? decision.comment : null, firstOpenStep),
    ...CAPTURE_STEPS.filter((step) => byStep.get(step)!.length > 0).map((step): OutstandingItem =>
      staffChanges
        ? {
            code: 'KYC_STEP_INCOMPLETE',
            severity: 'info',
            title: `Our staff will ${STEP_TITLES[step].charAt(0).toLowerCase()}${STEP_TITLES[step].slice(1)}`,
            message: `Still open: ${firstOf(byStep.get(step)!)} The business is approved, so our compliance team makes this change; they will contact you if they need anything from you.`,
            target: { kind: 'NONE' },
          }
        : {
            code: 'KYC_STEP_INCOMPLETE',
            severity: 'warning',
            title: STEP_TITLES[step],
            message: firstOf(byStep.get(step)!),
            target: { kind: 'KYC_STEP', step },
          },
    ),
    ...eddItems(edd, business, staffChanges),
    ...documentItems(documentState, documentGaps, now),
    ...deferralItems(documentState, now),
    ...productItems(applications),
    ...recertificationItems(business, now, staffChanges),
  ]
  if (firstOpenStep === 'PREVIEW' && !business.kycDetailsCompleted && business.approvalStatus === 'PENDING') {
    items.push({
      code: 'KYC_NOT_SUBMITTED',
      severity: 'warning',
      title: 'Mark your KYC complete',
      message: 'Every step is filled in. Check the preview and mark the KYC complete so our compliance team can review it.',
      target: { kind: 'KYC_STEP', step: 'PREVIEW' },
    })
  }
  // Stable: within a severity, the order above (the business, KYC, documents, deferrals, products, recertification).
  items.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
  return { kycProgress, items }
}

/**
 * docs/risk.md#enhanced-due-diligence: a HIGH business's unanswered EDD items, one line. Before approval the owner answers
 * them in the KYC step; once approved (it became HIGH since) staff collect them for the next review, nothing blocks.
 */
function eddItems(edd: EddState, business: BusinessRow, staffChanges: boolean): OutstandingItem[] {
  if (!edd.required || edd.outstanding === 0) return []
  const open = edd.items.filter((i) => !i.complete).map((i) => `${i.label}: ${i.missing.join('; ')}.`)
  if (staffChanges || business.approvalStatus === 'APPROVED')
    return [
      {
        code: 'EDD_INCOMPLETE',
        severity: 'info',
        title: 'Enhanced due diligence for your next review',
        message: `Our compliance team will ask you for these at your business's next review: ${firstOf(open)}`,
        target: { kind: 'NONE' },
      },
    ]
  return [
    {
      code: 'EDD_INCOMPLETE',
      severity: 'warning',
      title: 'Answer the enhanced due diligence questions',
      message: firstOf(open),
      target: { kind: 'KYC_EDD' },
    },
  ]
}

function businessItems(business: BusinessRow, declineReason: string | null, firstOpenStep: KycStep): OutstandingItem[] {
  if (business.approvalStatus === 'DECLINED') {
    return [
      {
        code: 'BUSINESS_DECLINED',
        severity: 'danger',
        title: 'Your registration was declined',
        message: declineReason
          ? `The reviewers' reason: “${declineReason}”. Correct what it points to, then mark the KYC complete again to resubmit it.`
          : 'Correct the KYC details the reviewers asked about, then mark the KYC complete again to resubmit it.',
        target: { kind: 'KYC_STEP', step: firstOpenStep },
      },
    ]
  }
  if (business.approvalStatus === 'PENDING' && business.kycDetailsCompleted) {
    return [
      {
        code: 'AWAITING_APPROVAL',
        severity: 'info',
        title: 'Pending approval',
        message: 'Our compliance team is reviewing your KYC. We will e-mail you their decision.',
        target: { kind: 'NONE' },
      },
    ]
  }
  return []
}

/**
 * The documents module's gaps (required documents missing, rejected or asked for again, the business's own and each
 * shareholder's, named by the shareholder), and optional documents rejected or asked for again.
 */
function documentItems(state: DocumentState, gaps: readonly DocumentGap[], now: Date): OutstandingItem[] {
  const items: OutstandingItem[] = []
  for (const gap of gaps) {
    const target = { kind: 'KYC_DOCUMENTS' as const, ...(gap.documentTypeId ? { documentTypeId: gap.documentTypeId } : {}) }
    if (gap.code === 'DOCUMENT_MISSING') {
      items.push({ code: 'DOCUMENT_MISSING', severity: 'warning', title: `${gap.label} missing`, message: gap.message, target })
    } else if (gap.code === 'DOCUMENT_REJECTED') {
      items.push({
        code: 'DOCUMENT_REJECTED',
        severity: 'danger',
        title: `${gap.label} was rejected`,
        message: gap.message,
        target,
      })
    } else if (gap.code === 'DOCUMENT_REUPLOAD_REQUESTED') {
      items.push({
        code: 'DOCUMENT_REUPLOAD_REQUESTED',
        severity: 'warning',
        title: `Upload the ${gap.label} again`,
        message: gap.message,
        target,
      })
    }
    // DEFERRAL_OVERDUE: said by the deferral's own item, with its date.
  }
  const optional = [
    ...checklistItemsOf(state, now).map((item) => ({ item, label: item.documentType.name })),
    ...shareholderChecklistsOf(state, now).flatMap(({ shareholder, items: list }) =>
      list.map((item) => ({ item, label: `${item.documentType.name} for ${shareholder.name}` })),
    ),
  ]
  for (const { item, label } of optional) {
    if (item.required || !item.document) continue
    const { documentType: type, document } = item
    const target = { kind: 'KYC_DOCUMENTS' as const, documentTypeId: type.id }
    if (item.state === 'REUPLOAD_REQUESTED') {
      items.push({
        code: 'DOCUMENT_REUPLOAD_REQUESTED',
        severity: 'warning',
        title: `Upload the ${label} again`,
        message: `${label}: we asked for a new upload (${document.reuploadReason ?? 'see the document page'}). Upload it again.`,
        target,
      })
    } else if (item.state === 'REJECTED') {
      items.push({
        code: 'DOCUMENT_REJECTED',
        severity: 'warning',
        title: `${label} was rejected`,
        message: `${label} was rejected${document.reviewComment ? ` (${document.reviewComment})` : ''}. Upload a new one.`,
        target,
      })
    }
  }
  return items
}

/** Approved deferrals overdue (they block the business) or due within a week; requests waiting for a decision. */
function deferralItems(state: DocumentState, now: Date): OutstandingItem[] {
  const items: OutstandingItem[] = []
  for (const { deferral, documentType } of state.deferrals) {
    const target = { kind: 'KYC_DOCUMENTS' as const, documentTypeId: documentType.id }
    if (deferral.status === 'PENDING') {
      items.push({
        code: 'DEFERRAL_PENDING',
        severity: 'info',
        title: `Deferral requested for the ${documentType.name}`,
        message: `Your request to provide the ${documentType.name} within ${deferral.days} days is waiting for a decision.`,
        target: { kind: 'DEFERRALS' },
      })
    } else if (deferral.status === 'APPROVED' && deferral.dueDate) {
      const dueDate = deferral.dueDate.toISOString()
      if (isDeferralOverdue(deferral, now)) {
        items.push({
          code: 'DEFERRAL_OVERDUE',
          severity: 'danger',
          title: `The ${documentType.name} is overdue`,
          message: `Its deferral ended on ${formatCalendarDate(isoDay(deferral.dueDate))}, and the business is blocked until you upload it.`,
          target,
          dueDate,
          blocking: true,
        })
      } else if (deferral.dueDate.getTime() - now.getTime() <= DEFERRAL_NOTICE_DAYS * DAY_MS) {
        items.push({
          code: 'DEFERRAL_DUE',
          severity: 'warning',
          title: `The ${documentType.name} is due soon`,
          message: `Upload it by ${formatCalendarDate(isoDay(deferral.dueDate))}, when its deferral ends; after that the business is blocked.`,
          target,
          dueDate,
        })
      }
    }
  }
  return items
}

type Application = Awaited<ReturnType<typeof loadApplications>>[number]

/** The business's applications (not removed), with what the editable ones still lack: two queries. */
async function loadApplications(db: Executor, businessId: string) {
  const rows = await db
    .select({
      id: onboardingProducts.id,
      status: onboardingProducts.status,
      decisionComment: onboardingProducts.decisionComment,
      code: products.code,
      name: products.name,
      // While editable an application is answered against the product's current requirements (onboarding-record).
      requirements: productRequirementVersions.requirements,
    })
    .from(onboardingProducts)
    .innerJoin(products, eq(products.id, onboardingProducts.productId))
    .leftJoin(
      productRequirementVersions,
      and(
        eq(productRequirementVersions.productId, products.id),
        eq(productRequirementVersions.version, products.requirementsVersion),
      ),
    )
    .where(and(eq(onboardingProducts.businessId, businessId), ne(onboardingProducts.status, 'REMOVED')))
    .orderBy(desc(onboardingProducts.createdAt))
    .limit(200)
  const editableIds = rows.filter((r) => isEditable(r.status)).map((r) => r.id)
  const answers = editableIds.length
    ? await db.select().from(onboardingAnswers).where(inArray(onboardingAnswers.onboardingId, editableIds))
    : []
  return rows.map((row) => ({
    ...row,
    missing: isEditable(row.status)
      ? missingRequired(
          row.requirements ?? [],
          answers.filter((a) => a.onboardingId === row.id).map((answer) => ({ answer, file: null })),
        )
      : [],
  }))
}

function productItems(applications: readonly Application[]): OutstandingItem[] {
  if (applications.length === 0) {
    return [
      {
        code: 'NO_PRODUCTS',
        severity: 'info',
        title: 'No products yet',
        message: 'Apply for the products your business needs.',
        target: { kind: 'PRODUCT' },
      },
    ]
  }
  const items: OutstandingItem[] = []
  for (const app of applications) {
    const target = { kind: 'PRODUCT' as const, productCode: app.code }
    if (app.status === 'DECLINED') {
      items.push({
        code: 'PRODUCT_DECLINED',
        severity: 'danger',
        title: `Your application for ${app.name} was declined`,
        message: `${app.decisionComment ? `The reviewers' reason: “${app.decisionComment}”. ` : ''}Change your answers and submit it again.`,
        target,
      })
    } else if (app.status === 'PENDING' && app.missing.length > 0) {
      const labels = app.missing.map((r) => r.label)
      items.push({
        code: 'PRODUCT_REQUIREMENTS_MISSING',
        severity: 'warning',
        title: `Complete your application for ${app.name}`,
        message: `${labels.length === 1 ? 'One required item is' : `${labels.length} required items are`} not answered yet: ${labels.join(', ')}.`,
        target,
      })
    } else if (app.status === 'PENDING') {
      items.push({
        code: 'PRODUCT_NOT_SUBMITTED',
        severity: 'warning',
        title: `Submit your application for ${app.name}`,
        message: 'Every required item is answered. Submit the application for review.',
        target,
      })
    }
  }
  return items
}

/**
 * docs/domain.md#blocked: a recertification date that has passed blocks the business (the same test as
 * blockedReasonsOf).
 */
/**
 * Recertification of an approved business. `staffChanges`: the reader cannot change the approved KYC (the owner), so
 * they are told our staff recertify it and to tell support what changed, not sent to a step they cannot save.
 */
function recertificationItems(business: BusinessRow, now: Date, staffChanges: boolean): OutstandingItem[] {
  const date = business.recertificationDate
  if (!date) return []
  const today = isoDay(now)
  const target = staffChanges ? { kind: 'NONE' as const } : { kind: 'KYC_STEP' as const, step: 'COMPANY_DETAILS' as const }
  if (date < today) {
    return [
      {
        code: 'RECERTIFICATION_OVERDUE',
        severity: 'danger',
        title: 'Recertification overdue',
        message: staffChanges
          ? `Recertification was due on ${formatCalendarDate(date)}, and the business is blocked until our compliance team recertifies its KYC. Contact support if anything in it has changed.`
          : `Recertification was due on ${formatCalendarDate(date)}, and the business is blocked until you update and confirm its KYC.`,
        target,
        dueDate: date,
        blocking: true,
      },
    ]
  }
  const daysLeft = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS)
  if (daysLeft > RECERTIFICATION_NOTICE_DAYS) return []
  const when = `${formatCalendarDate(date)}${daysLeft === 0 ? ' (today)' : ` (in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'})`}`
  return [
    {
      code: 'RECERTIFICATION_DUE',
      severity: 'warning',
      title: 'Recertification due',
      message: staffChanges
        ? `Recertification is due on ${when}. Our compliance team recertifies the business's KYC; contact support if anything in it has changed.`
        : `Recertification is due on ${when}. Check that your KYC is still correct.`,
      target,
      dueDate: date,
    },
  ]
}
