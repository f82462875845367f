import { randomUUID } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { getDb } from '@/server/db/client'
import {
  businesses,
  files,
  kycDetails,
  kycDocuments,
  kycDocumentTypes,
  kycRequiredDocuments,
  kycVerifications,
} from '@/server/db/schema'
import { openBusinessScreening } from '@/server/modules/screening/screen/screen-business'
import { openVerificationItems } from '@/server/records/verification-items'
import { createTestBusiness, signedInUser } from './helpers'
import { completeCapture } from './kyc-document-fixtures'

/**
 * Review fixtures, written straight to the database: KYC capture and uploads have their own tests, and these
 * tests are about what staff do once the business has done its part.
 */

/** Attaches an (unread) confirmed file for every required document of the business's class, with this status. */
export async function attachRequiredDocuments(businessId: string, status: 'PENDING' | 'APPROVED' | 'REJECTED' = 'APPROVED') {
  const db = await getDb()
  const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId))
  let [details] = await db.select().from(kycDetails).where(eq(kycDetails.businessId, businessId))
  if (!details) [details] = await db.insert(kycDetails).values({ businessId, tin: '12345678-0001' }).returning()
  // The business's own types: a shareholder's documents belong to a shareholder (these businesses have none).
  const required = await db
    .select({ documentTypeId: kycRequiredDocuments.documentTypeId })
    .from(kycRequiredDocuments)
    .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, kycRequiredDocuments.documentTypeId))
    .where(
      and(
        eq(kycRequiredDocuments.registrationClass, business!.registrationClass),
        eq(kycRequiredDocuments.isRequired, true),
        eq(kycDocumentTypes.typeOwner, 'COMPANY'),
      ),
    )
  const documents = []
  for (const entry of required) {
    const [file] = await db
      .insert(files)
      .values({
        businessId,
        purpose: 'KYC_DOCUMENT',
        fileName: 'document.pdf',
        contentType: 'application/pdf',
        sizeBytes: 1024,
        blobName: `${randomUUID()}/document.pdf`,
        status: 'CONFIRMED',
        confirmedAt: new Date(),
      })
      .returning()
    const [document] = await db
      .insert(kycDocuments)
      .values({ kycDetailsId: details!.id, businessId, documentTypeId: entry.documentTypeId, fileId: file!.id, status })
      .returning()
    documents.push(document!)
  }
  return { kycDetailsId: details!.id, documents }
}

/** The business's company-registry check (its one verification item here: no means of ID, no shareholder). */
export async function openCompanyCheck(businessId: string, status: 'PENDING' | 'VERIFIED' | 'FAILED' = 'VERIFIED') {
  const db = await getDb()
  let [details] = await db.select().from(kycDetails).where(eq(kycDetails.businessId, businessId))
  if (!details) [details] = await db.insert(kycDetails).values({ businessId, tin: '12345678-0001' }).returning()
  const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId))
  const [item] = await db
    .insert(kycVerifications)
    .values({
      businessId,
      kycDetailsId: details!.id,
      kind: 'COMPANY',
      subjectId: details!.id,
      label: `${business!.name} (${business!.regNo})`,
      checkedValue: `${business!.regNo}|${business!.name}`,
      status,
      comment: status === 'FAILED' ? 'Not found in the registry' : null,
      decidedAt: status === 'PENDING' ? null : new Date(),
    })
    .returning()
  return item!
}

/**
 * A PENDING business with its KYC marked complete (steps 1–4 captured: one shareholder owning 100% with a current
 * means of ID), every required document present and approved and its company
 * check VERIFIED (or as `check` says), registered by `createdBy`, with an owner (a signed-in business user) to receive
 * the e-mails.
 */
export async function businessReadyForApproval(
  options: { createdBy?: string; documents?: boolean; check?: 'PENDING' | 'VERIFIED' | 'FAILED' } = {},
) {
  const business = await createTestBusiness({ kycDetailsCompleted: true, createdBy: options.createdBy ?? null })
  const owner = await signedInUser({ businesses: [{ businessId: business.id, role: 'BUSINESS_OWNER' }] })
  // Steps 1–4 as the submission requires them: the approval checks those rules again.
  await completeCapture(business.id)
  const attached = options.documents === false ? null : await attachRequiredDocuments(business.id)
  const check = await openCompanyCheck(business.id, options.check ?? 'VERIFIED')
  // The captured means of ID (and any other check the KYC calls for) verified, so only `check` is in question.
  const db = await getDb()
  await openVerificationItems(db, business.id, SYSTEM_AUDIT_CONTEXT)
  // Screened as the submission screens it (the fixture writes the KYC straight to the database).
  await openBusinessScreening(db, business.id, SYSTEM_AUDIT_CONTEXT)
  await db
    .update(kycVerifications)
    .set({ status: 'VERIFIED', decidedAt: new Date() })
    .where(and(eq(kycVerifications.businessId, business.id), ne(kycVerifications.id, check.id)))
  return { business, owner, documents: attached?.documents ?? [], check }
}
