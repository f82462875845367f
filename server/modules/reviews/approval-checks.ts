import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { ApprovalCheck } from '@/lib/contracts/reviews'
import type { Executor } from '@/server/db/client'
import {
  audits,
  businessReviewEvents,
  kycAddresses,
  kycDetails,
  kycDocuments,
  kycDocumentTypes,
  kycVerifications,
  registryExtracts,
  screeningChecks,
  screeningHits,
  type Business,
} from '@/server/db/schema'
import { findKycCaptureGaps } from '../kyc/kyc-capture-gaps'
import { findDocumentGaps } from '../kyc-documents/document-gaps'
import { loadEddState } from '../risk/edd-items'

/**
 * The approval preconditions (docs/domain.md#approval-checklist), each met or not, with what is missing.
 * The same list answers `GET /businesses/{id}/approval-checklist` and decides whether `PUT .../approve` may proceed,
 * so the checklist a reviewer sees is exactly what the API enforces.
 */
export async function findApprovalChecks(db: Executor, business: Business, now: Date = new Date()): Promise<ApprovalCheck[]> {
  // Worded for the staff who read it; a business still in capture is not waiting for a decision.
  const submitted = business.approvalStatus === 'PENDING' && business.kycDetailsCompleted
  const checks: ApprovalCheck[] = [
    {
      code: 'PENDING_STATE',
      label: 'Submitted and waiting for a decision',
      met: submitted,
      details: submitted ? [] : [stateDetail(business)],
    },
    {
      code: 'NOT_ARCHIVED',
      label: 'Not archived',
      met: business.archiveStatus === 'ACTIVE',
      details: business.archiveStatus === 'ACTIVE' ? [] : ['Unarchive it first'],
    },
    {
      code: 'KYC_COMPLETE',
      label: 'KYC submitted by the business',
      met: business.kycDetailsCompleted,
      details: business.kycDetailsCompleted
        ? []
        : ['Not submitted yet: the owner (or an onboarding officer for them) submits it from the KYC preview'],
    },
  ]
  // The documents module owns the per-class matrix, deferrals and CAC review: its gaps for approval, split in two lines.
  // KYC_CAPTURE: the very rules the submission enforces (complete-kyc.ts), judged again now: a KYC changed after it was
  // submitted (a shareholder deleted and added again, a means of ID expired) must not be approved over its gap.
  const [gaps, cacTypes, cacUploaded, verification, captureGaps, edd] = await Promise.all([
    findDocumentGaps(db, { businessId: business.id, forApproval: true, now }),
    db.select({ id: kycDocumentTypes.id }).from(kycDocumentTypes).where(eq(kycDocumentTypes.isCac, true)),
    db
      .select({ id: kycDocuments.id })
      .from(kycDocuments)
      .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, kycDocuments.documentTypeId))
      .where(and(eq(kycDocuments.businessId, business.id), eq(kycDocumentTypes.isCac, true)))
      .limit(1),
    verificationCheck(db, business.id),
    findKycCaptureGaps(db, { businessId: business.id }),
    eddOf(db, business.id),
  ])
  // The CAC line names every CAC document that is not approved, whatever the reason (missing, rejected, waiting); a
  // missing or rejected one is also a gap of the required documents.
  const cacTypeIds = new Set(cacTypes.map((t) => t.id))
  const cac = gaps.filter(
    (g) => g.code === 'CAC_DOCUMENT_NOT_APPROVED' || (g.documentTypeId !== null && cacTypeIds.has(g.documentTypeId)),
  )
  const documents = gaps.filter((g) => g.code !== 'CAC_DOCUMENT_NOT_APPROVED')
  checks.push(
    {
      code: 'KYC_CAPTURE',
      label: 'Every KYC step meets the rules of submission (company details, addresses, means of ID, shareholders)',
      met: captureGaps.length === 0,
      details: captureGaps.map((g) => g.message),
    },
    {
      code: 'REQUIRED_DOCUMENTS',
      label: 'Every required document is present, or covered by an approved deferral that is not overdue',
      met: documents.length === 0,
      details: documents.map((g) => g.message),
    },
    cac.length === 0 && cacUploaded.length === 0
      ? { code: 'CAC_DOCUMENTS', label: 'No CAC document is required or uploaded', met: true, details: [] }
      : { code: 'CAC_DOCUMENTS', label: 'CAC documents are approved', met: cac.length === 0, details: cac.map((g) => g.message) },
    verification,
    await screeningCheck(db, business),
  )
  // docs/risk.md#enhanced-due-diligence: a line only while the tier in force is HIGH.
  if (edd.required)
    checks.push({
      code: 'ENHANCED_DUE_DILIGENCE',
      label: 'Enhanced due diligence (a high-risk business) is answered, with its supporting documents',
      met: edd.gaps.length === 0,
      details: edd.gaps,
    })
  return checks
}

async function eddOf(db: Executor, businessId: string) {
  const [details] = await db.select({ id: kycDetails.id }).from(kycDetails).where(eq(kycDetails.businessId, businessId))
  return loadEddState(db, { id: businessId }, details?.id ?? null)
}

/**
 * docs/screening.md#screening-in-onboarding: every current screening CLEAR or adjudicated. A true sanctions match is
 * never met (the business can only be declined); a PEP needs enhanced due diligence but does not block.
 */
async function screeningCheck(db: Executor, business: Business): Promise<ApprovalCheck> {
  const label = 'Screening against sanctions and PEP lists is clear or every candidate adjudicated'
  if (business.screeningStatus === 'SANCTIONED')
    return {
      code: 'SCREENING',
      label,
      met: false,
      details: ['A true sanctions match was confirmed: the business can only be declined, with the NFIU report reference'],
    }
  if (business.screeningStatus === 'NOT_SCREENED')
    return { code: 'SCREENING', label, met: false, details: ['Not screened yet: screening runs when the KYC is submitted'] }
  const open = await db
    .select({ subject: screeningChecks.subjectName, matched: screeningHits.matchedName })
    .from(screeningHits)
    .innerJoin(screeningChecks, eq(screeningChecks.id, screeningHits.checkId))
    .where(and(eq(screeningHits.businessId, business.id), eq(screeningHits.status, 'OPEN'), isNull(screeningChecks.supersededAt)))
  return {
    code: 'SCREENING',
    label,
    met: open.length === 0,
    details: open.map((h) => `${h.subject}: a possible match with ${h.matched} waits for adjudication`),
  }
}

/** The current candidates of `businessId` that `userId` adjudicated: the one who cleared a hit may not also approve. */
export async function hitsAdjudicatedBy(db: Executor, businessId: string, userId: string) {
  return db
    .select({ id: screeningHits.id })
    .from(screeningHits)
    .innerJoin(screeningChecks, eq(screeningChecks.id, screeningHits.checkId))
    .where(
      and(eq(screeningHits.businessId, businessId), eq(screeningHits.decidedBy, userId), isNull(screeningChecks.supersededAt)),
    )
    .limit(1)
}

/** Why a business is not waiting for a decision, in the staff's words. */
function stateDetail(business: Business): string {
  if (business.approvalStatus === 'APPROVED') return 'It is approved already'
  if (business.approvalStatus === 'DECLINED')
    return 'It was declined; it waits for the business to correct and submit its KYC again'
  return 'Not submitted yet: its KYC is still being captured'
}

/** Who records a pending check's result (docs/domain.md#who-does-what), named to the reviewer waiting for it. */
const WHO_VERIFIES = 'a KYC analyst records the result'

/**
 * docs/domain.md#verification-of-kyc-details: every current verification item VERIFIED or waived with a reason. A
 * business with no item has not been through KYC submission's checks (or predates them): not met.
 */
async function verificationCheck(db: Executor, businessId: string): Promise<ApprovalCheck> {
  const items = await db
    .select({
      label: kycVerifications.label,
      status: kycVerifications.status,
      kind: kycVerifications.kind,
      waivedAt: kycVerifications.waivedAt,
    })
    .from(kycVerifications)
    .where(and(eq(kycVerifications.businessId, businessId), isNull(kycVerifications.supersededAt)))
  const open = items.filter((i) => i.status !== 'VERIFIED' && !i.waivedAt)
  const details = items.length
    ? open.map((i) =>
        i.kind === 'REGISTRY_DIFFERENCE'
          ? `${i.label}: resolve it with a reason, or the owner corrects the declaration`
          : `${i.label}: ${i.status === 'FAILED' ? 'the check failed (re-run it or waive it with a reason)' : `not checked yet (${WHO_VERIFIES})`}`,
      )
    : ['No verification check has been opened yet: run the re-verification of pending checks']
  return {
    code: 'VERIFICATION',
    label: 'Every verification check (company, means of ID, BVN, registry differences) is verified or resolved',
    met: details.length === 0,
    details,
  }
}

/** The current items of `businessId` that `userId` waived: the one who waived may not also approve. */
export async function itemsWaivedBy(db: Executor, businessId: string, userId: string) {
  return db
    .select({ id: kycVerifications.id })
    .from(kycVerifications)
    .where(
      and(
        eq(kycVerifications.businessId, businessId),
        isNull(kycVerifications.supersededAt),
        eq(kycVerifications.waivedBy, userId),
      ),
    )
}

/** The audit actions of a business's KYC submission (complete-kyc.ts). */
const SUBMISSIONS = ['KYC_COMPLETED', 'KYC_RESUBMITTED']

/** When the business last submitted its KYC (its latest submission audit row), or null (seeded, or from before audits). */
async function lastSubmissionAt(db: Executor, businessId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: audits.createdAt })
    .from(audits)
    .where(and(eq(audits.resourceId, businessId), eq(audits.resource, 'business'), inArray(audits.action, SUBMISSIONS)))
    .orderBy(desc(audits.createdAt))
    .limit(1)
  return row?.at ?? null
}

/**
 * docs/domain.md#four-eyes: whoever changed the business's KYC as staff, or recorded a verification result of it (a
 * check or an address), since its last submission made what an approval would accept, so may not approve it. The
 * reason in words, or null when `userId` made none of it.
 */
export async function makerOfKyc(db: Executor, businessId: string, userId: string): Promise<string | null> {
  const since = (await lastSubmissionAt(db, businessId)) ?? new Date(0)
  const [edited, checked, address, extract] = await Promise.all([
    db
      .select({ id: businessReviewEvents.id })
      .from(businessReviewEvents)
      .where(
        and(
          eq(businessReviewEvents.businessId, businessId),
          eq(businessReviewEvents.kind, 'STAFF_KYC_EDIT'),
          eq(businessReviewEvents.actorId, userId),
          gt(businessReviewEvents.createdAt, since),
        ),
      )
      .limit(1),
    db
      .select({ id: kycVerifications.id })
      .from(kycVerifications)
      .where(
        and(
          eq(kycVerifications.businessId, businessId),
          eq(kycVerifications.decidedBy, userId),
          gt(kycVerifications.decidedAt, since),
        ),
      )
      .limit(1),
    db
      .select({ id: kycAddresses.id })
      .from(kycAddresses)
      .where(
        and(eq(kycAddresses.businessId, businessId), eq(kycAddresses.verifiedBy, userId), gt(kycAddresses.verifiedAt, since)),
      )
      .limit(1),
    // docs/ownership.md#registry-check: the registry extract is a verification result.
    db
      .select({ id: registryExtracts.id })
      .from(registryExtracts)
      .where(
        and(
          eq(registryExtracts.businessId, businessId),
          eq(registryExtracts.enteredBy, userId),
          gt(registryExtracts.updatedAt, since),
        ),
      )
      .limit(1),
  ])
  if (edited.length) return 'You changed the KYC of this business since it was submitted, so another reviewer must approve it'
  if (checked.length || address.length || extract.length)
    return 'You recorded a verification result of this business since it was submitted, so another reviewer must approve it'
  return null
}

/** Codes whose failure is a wrong state (409 INVALID_STATE) rather than an unmet precondition. */
export const STATE_CHECKS = new Set<ApprovalCheck['code']>(['PENDING_STATE'])
