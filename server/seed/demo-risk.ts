import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import {
  businessCategories,
  businesses,
  businessUsers,
  eddAnswers,
  files,
  kycDetails,
  kycDocuments,
  riskFirstApprovals,
  users,
} from '@/server/db/schema'
import { getBlobStorage } from '@/server/integrations/blob/blob-storage'
import { beneficialOwnerOf, loadEddState, shareholdersOfRecord } from '@/server/modules/risk/edd-items'
import { recomputeRiskNow } from '@/server/modules/risk/recompute-risk'
import { currentAssessment } from '@/server/modules/risk/risk-state'
import { newBlobName, sha256Hex } from '@/server/records/file-content'
import { demoBusinessRegNos } from './demo-businesses'
import { samplePdf } from './demo-kyc-documents'
import { DEMO_READY_TO_APPROVE, recordDemoVerifications } from './demo-staff-queues'

/**
 * Demo mode, after the staff queues (whose screening assessed every submitted demo business): the demo shows every
 * tier. Of the demo businesses under review (but the one ready to approve), by registration number: the first moves to
 * financial services with two employees (HIGH), has its verification items recorded VERIFIED, its enhanced due
 * diligence complete (answers and approved documents) and holds the demo approver's first approval, waiting for
 * senior@example.com; the second moves to financial services (MEDIUM); the third (whose director declared being a PEP)
 * becomes HIGH with its enhanced due diligence outstanding. The others keep what the shipped model gives them.
 * Idempotent: a second run finds everything in place and writes nothing.
 */
export async function seedDemoRisk(db: Database): Promise<void> {
  const regNos = demoBusinessRegNos()
  const underReview = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(
      and(
        inArray(businesses.regNo, regNos),
        ne(businesses.regNo, regNos[DEMO_READY_TO_APPROVE]!),
        eq(businesses.approvalStatus, 'PENDING'),
        eq(businesses.kycDetailsCompleted, true),
      ),
    )
    .orderBy(asc(businesses.regNo))
    .limit(3)
  const [high, medium, eddOpen] = underReview
  if (!high || !medium) return
  if (eddOpen) await seedDemoEddOutstanding(db, eddOpen.id)
  await seedDemoHighRisk(db, high.id, medium.id)
  await seedDemoEddAnswers(db, high.id)
}

/** The first business under review becomes HIGH, holding the demo approver's first approval; the second MEDIUM. */
async function seedDemoHighRisk(db: Database, highId: string, mediumId: string): Promise<void> {
  const high = { id: highId }
  const underReview = [high, { id: mediumId }]
  if ((await db.select().from(riskFirstApprovals).where(eq(riskFirstApprovals.businessId, high.id))).length) return
  const [financial] = await db
    .select({ id: businessCategories.id })
    .from(businessCategories)
    .where(eq(businessCategories.name, 'Financial Services'))
  await db
    .update(businesses)
    .set({ categoryId: financial!.id })
    .where(inArray(businesses.id, [high.id, mediumId]))
  await db.update(kycDetails).set({ numberOfEmployees: 2 }).where(eq(kycDetails.businessId, high.id))
  for (const { id } of underReview)
    await recomputeRiskNow(db, { businessId: id, reason: 'KYC_CHANGED', audit: SYSTEM_AUDIT_CONTEXT })

  const assessed = await currentAssessment(db, high.id)
  const [approver] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.email, 'approver@example.com'))
  if (assessed?.tier !== 'HIGH' || !approver) return
  // The first approver checked everything the approval needs, so the senior manager's approval can go through.
  const [analyst] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'analyst@example.com'))
  await recordDemoVerifications(db, { businessId: high.id, analystId: analyst?.id ?? null, readyToApprove: true })
  await db.transaction(async (tx) => {
    await tx.insert(riskFirstApprovals).values({
      businessId: high.id,
      approvedBy: approver.id,
      approverName: `${approver.firstName} ${approver.lastName}`,
      comment: 'Source of funds explained; a high-risk client needs the senior approval (demo).',
    })
    await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
      resource: 'business',
      resourceId: high.id,
      action: 'SEED_DEMO_FIRST_APPROVAL',
      after: { riskTier: assessed.tier, approvedBy: approver.id },
    })
  })
}

async function financialServices(db: Database) {
  const [row] = await db
    .select({ id: businessCategories.id })
    .from(businessCategories)
    .where(eq(businessCategories.name, 'Financial Services'))
  return row!.id
}

/**
 * The third business under review (the one whose director declared being a PEP) is HIGH, with its enhanced due
 * diligence not started: its owner sees the EDD step, and staff see what is outstanding. The shipped model rates it
 * HIGH already (the PEP, self-service, its turnover); under a model that does not, it moves to financial services with
 * two employees. Nothing else of it is recorded, so it stays in the staff queues. Idempotent: nothing once it is HIGH.
 */
async function seedDemoEddOutstanding(db: Database, businessId: string): Promise<void> {
  if ((await currentAssessment(db, businessId))?.tier === 'HIGH') return
  await db
    .update(businesses)
    .set({ categoryId: await financialServices(db) })
    .where(eq(businesses.id, businessId))
  await db.update(kycDetails).set({ numberOfEmployees: 2 }).where(eq(kycDetails.businessId, businessId))
  await recomputeRiskNow(db, { businessId, reason: 'KYC_CHANGED', audit: SYSTEM_AUDIT_CONTEXT })
}

/** What the owner of the HIGH business waiting for its senior approval answered (demo data). */
const DEMO_EDD_ANSWERS = {
  SOURCE_OF_FUNDS: {
    origin: 'BUSINESS_REVENUE',
    explanation: 'Fees earned from textile trading since 2015, kept in the company’s current account.',
  },
  SOURCE_OF_WEALTH: {
    origin: 'BUSINESS_OWNERSHIP',
    explanation: 'Built the textile business over twenty years; sold a stake in a cotton gin in 2019.',
  },
  PURPOSE_OF_RELATIONSHIP: { purpose: 'Collecting payments from buyers and paying cotton suppliers and staff.' },
  EXPECTED_ACTIVITY: {
    monthlyTransactions: 350,
    monthlyValueNaira: 45_000_000,
    counterparties: 'Garment makers in Kano and Lagos; cotton farmers’ cooperatives',
    countries: 'Nigeria, Niger',
  },
} as const

/**
 * The HIGH business waiting for its senior approval has its enhanced due diligence complete, so the senior manager can
 * approve it as the demo walks: every answer, and the evidence of the source of funds and of each beneficial owner's
 * wealth, approved by the demo approver. The answers once (none yet); the documents once blob storage answers (the
 * portal's start seeds again when `npm run demo` seeded before it), each only when missing. Audited.
 */
async function seedDemoEddAnswers(db: Database, businessId: string): Promise<void> {
  const [details] = await db.select({ id: kycDetails.id }).from(kycDetails).where(eq(kycDetails.businessId, businessId))
  if (!details) return
  const edd = await loadEddState(db, { id: businessId }, details.id)
  if (!edd.required) return
  const unanswered = edd.items.filter((i) => !i.answer)
  const [owner] = await db
    .select({ id: users.id })
    .from(businessUsers)
    .innerJoin(users, eq(users.id, businessUsers.userId))
    .where(eq(businessUsers.businessId, businessId))
    .limit(1)
  if (unanswered.length) {
    const holders = await shareholdersOfRecord(db, details.id)
    await db.transaction(async (tx) => {
      for (const item of unanswered) {
        const owned = item.shareholderId ? beneficialOwnerOf(holders, item.shareholderId) : null
        const [row] = await tx
          .insert(eddAnswers)
          .values({
            businessId,
            kycDetailsId: details.id,
            item: item.item,
            personKey: owned?.personKey ?? '',
            answer: DEMO_EDD_ANSWERS[item.item],
            answeredBy: owner?.id ?? null,
          })
          .onConflictDoNothing()
          .returning()
        if (row)
          await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
            resource: 'edd_answer',
            resourceId: row.id,
            action: 'SEED_DEMO_ANSWER',
            after: { item: item.item, ...row.answer },
          })
      }
    })
  }
  const undocumented = edd.items.filter((i) => i.documentTypeId && !i.document)
  if (!undocumented.length) return
  try {
    await getBlobStorage().ping(3_000)
  } catch {
    return
  }
  const [approver] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'approver@example.com'))
  for (const item of undocumented) {
    const bytes = samplePdf([item.documentTypeName!, item.label, 'Demo document generated for the KYC portal demo'])
    const fileName = `${item.item.toLowerCase()}.pdf`
    const blobName = newBlobName(fileName)
    await getBlobStorage().upload(blobName, bytes, 'application/pdf')
    await db.transaction(async (tx) => {
      const [file] = await tx
        .insert(files)
        .values({
          businessId,
          purpose: 'KYC_DOCUMENT',
          fileName,
          contentType: 'application/pdf',
          sizeBytes: bytes.byteLength,
          blobName,
          sha256: sha256Hex(bytes),
          status: 'CONFIRMED',
          uploadedBy: owner?.id ?? null,
          confirmedAt: new Date(),
        })
        .returning({ id: files.id })
      const [document] = await tx
        .insert(kycDocuments)
        .values({
          kycDetailsId: details.id,
          businessId,
          documentTypeId: item.documentTypeId!,
          shareholderId: item.item === 'SOURCE_OF_WEALTH' ? item.shareholderId : null,
          fileId: file!.id,
          uploadedBy: owner?.id ?? null,
          status: 'APPROVED',
          reviewedBy: approver?.id ?? null,
          reviewedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: kycDocuments.id })
      if (document)
        await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
          resource: 'kyc_document',
          resourceId: document.id,
          action: 'SEED_DEMO_EDD_DOCUMENT',
          after: { documentTypeId: item.documentTypeId, fileName },
        })
    })
  }
}
