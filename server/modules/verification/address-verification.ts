import { and, eq } from 'drizzle-orm'
import type { KycAddress as KycAddressAnswer } from '@/lib/contracts/kyc'
import { KYC_ADDRESS_TYPE_LABELS } from '@/lib/contracts/kyc-values'
import type { VerificationResult } from '@/lib/contracts/verification'
import { statusWords } from '@/lib/format/status-words'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { kycAddresses, type KycAddress } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertFourEyes } from '@/server/http/four-eyes'
import { notifyOwnersOfDecision } from '@/server/integrations/mail/owner-mail'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { verificationFailedMail } from '@/server/modules/cac-review/review-mails'
import { toAddressAnswer } from '@/server/modules/kyc/kyc-addresses'
import { fileSummaries } from '@/server/modules/kyc/kyc-record'
import { getBusinessRow } from '@/server/records/business-record'

const auditView = (row: KycAddress) => ({
  id: row.id,
  businessId: row.businessId,
  type: row.type,
  verificationStatus: row.verificationStatus,
  verificationComment: row.verificationComment,
  verifiedBy: row.verifiedBy,
  verifiedAt: row.verifiedAt,
})

/** Verifying an address: the route's access and the service's check. */
export const ADDRESS_VERIFY = PERMISSIONS.CAN_VERIFY_ADDRESS

/**
 * `PUT /kyc/addresses/{id}/verification`: staff holding CAN_VERIFY_ADDRESS (as a staff permission: the business-side
 * set carries the name too, but a business never verifies its own address) record the result of an address check:
 * PENDING → VERIFIED or FAILED (a comment needed). Changing the address sets it back to PENDING (the KYC module does
 * that). Conditional UPDATE and audit in one transaction; a failure is e-mailed to the owners with the reason.
 */
export async function verifyAddress(options: {
  db: Database
  actor: Actor
  id: string
  input: { status: VerificationResult; comment?: string }
  audit: AuditContext
  now?: Date
}): Promise<KycAddressAnswer> {
  const { db, actor, input } = options
  const now = options.now ?? new Date()
  assertStaffWithAny(actor, ADDRESS_VERIFY)
  const comment = input.comment?.trim() || null
  if (input.status === 'FAILED' && !comment)
    throw new AppError('VALIDATION_FAILED', 'Say why the address could not be verified: the business sees it', {
      field: 'comment',
    })
  const [current] = await db.select().from(kycAddresses).where(eq(kycAddresses.id, options.id))
  if (!current) throw new AppError('NOT_FOUND', 'Address not found')
  const business = await getBusinessRow(db, current.businessId)
  assertFourEyes(actor, business, 'verify its addresses', [current.createdBy])

  const after = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(kycAddresses)
      .set({
        verificationStatus: input.status,
        verificationComment: comment,
        verifiedBy: actor.userId,
        verifiedAt: now,
        updatedAt: now,
      })
      .where(and(eq(kycAddresses.id, current.id), eq(kycAddresses.verificationStatus, 'PENDING')))
      .returning()
    if (!updated) {
      const [latest] = await tx
        .select({ status: kycAddresses.verificationStatus })
        .from(kycAddresses)
        .where(eq(kycAddresses.id, current.id))
      throw new AppError(
        'INVALID_STATE',
        `The address is ${latest ? statusWords(latest.status) : 'gone'}: only a pending address can be ${input.status === 'VERIFIED' ? 'verified' : 'failed'}`,
      )
    }
    await appendAudit(tx, options.audit, {
      resource: 'kyc_address',
      resourceId: updated.id,
      action: input.status === 'VERIFIED' ? 'VERIFY' : 'FAIL_VERIFICATION',
      before: auditView(current),
      after: auditView(updated),
    })
    return updated
  })
  if (input.status === 'FAILED') {
    const what = `the ${KYC_ADDRESS_TYPE_LABELS[current.type].toLowerCase()} (${current.line1}, ${current.state})`
    await notifyOwnersOfDecision(
      db,
      business,
      verificationFailedMail({
        businessName: business.name,
        what,
        comment: comment!,
        url: portalLinks.businessDashboard(business.id),
      }),
    )
  }
  return toAddressAnswer(after, await fileSummaries(db, [after.addressDocFileId, after.passportPhotoFileId]))
}
