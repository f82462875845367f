import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import { OPEN_DEFERRAL_STATUSES } from '@/lib/contracts/deferral-values'
import type { createDeferralSchema } from '@/lib/contracts/deferrals'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { uniqueViolationOf } from '@/server/db/errors'
import { businesses, deferrals, kycDetails, kycDocuments, kycDocumentTypes } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { permissionRefused } from '@/server/http/refusals'
import { isDeferrableFor } from './deferrable-types'
import { getMaxDeferralDays } from './deferral-settings'
import { deferralAuditView, toDeferral } from './deferral-view'

/** Asking for a deferral: a user of the business holding this in it (staff decide deferrals, they never ask). */
export const DEFERRAL_REQUEST = PERMISSIONS.CAN_CREATE_DEFERRAL

/**
 * `POST /deferrals` (docs/domain.md#deferral). The business itself asks (a member holding CAN_CREATE_DEFERRAL
 * in it: staff do not request deferrals for others, they decide them), for a document type its class may defer,
 * for 1 to the configured maximum of days, with a reason; not for a document already uploaded, and at most one open
 * deferral per type (409). Starts PENDING; audited.
 */
export async function requestDeferral(options: {
  db: Database
  actor: Actor
  input: z.output<typeof createDeferralSchema>
  audit: AuditContext
  now?: Date
}) {
  const { db, actor, input } = options
  const now = options.now ?? new Date()
  const membership = actor.memberships.find((m) => m.businessId === input.businessId)
  if (!membership) {
    if (actor.isStaff) throw new AppError('FORBIDDEN', 'A deferral is requested by the business itself, by one of its users')
    throw new AppError('NOT_FOUND', 'Business not found')
  }
  if (!membership.permissions.has(DEFERRAL_REQUEST)) {
    throw permissionRefused([DEFERRAL_REQUEST], { scope: 'business' })
  }
  const [business] = await db.select().from(businesses).where(eq(businesses.id, input.businessId))
  if (!business) throw new AppError('NOT_FOUND', 'Business not found')
  if (business.archiveStatus === 'ARCHIVED')
    throw new AppError('INVALID_STATE', 'This business is ARCHIVED; it cannot request deferrals')

  const maxDays = await getMaxDeferralDays(db)
  if (input.days > maxDays) throw new AppError('VALIDATION_FAILED', `A deferral is at most ${maxDays} days`, { field: 'days' })

  const [type] = await db
    .select()
    .from(kycDocumentTypes)
    .where(and(eq(kycDocumentTypes.id, input.documentTypeId), eq(kycDocumentTypes.isActive, true)))
  if (!type) throw new AppError('VALIDATION_FAILED', 'Choose a document type from the list', { field: 'documentTypeId' })
  if (type.typeOwner !== 'COMPANY') {
    // A deferral is per document type of the business; a shareholder's document is per shareholder
    // (docs/decisions.md#shareholder-documents).
    throw new AppError(
      'VALIDATION_FAILED',
      `${type.name} belongs to a shareholder and cannot be deferred; upload it under each shareholder`,
      { field: 'documentTypeId' },
    )
  }
  if (!(await isDeferrableFor(db, business.registrationClass, type.id))) {
    throw new AppError('VALIDATION_FAILED', `${type.name} cannot be deferred for ${business.registrationClass} businesses`, {
      field: 'documentTypeId',
    })
  }
  const [uploaded] = await db
    .select({ id: kycDocuments.id })
    .from(kycDocuments)
    .innerJoin(kycDetails, eq(kycDetails.id, kycDocuments.kycDetailsId))
    .where(
      and(eq(kycDetails.businessId, business.id), eq(kycDocuments.documentTypeId, type.id), isNull(kycDocuments.supersededAt)),
    )
  if (uploaded)
    throw new AppError('CONFLICT', `${type.name} is already uploaded; there is nothing to defer`, { field: 'documentTypeId' })

  const openConflict = () =>
    new AppError('CONFLICT', `There is already an open deferral for ${type.name}`, { field: 'documentTypeId' })
  const [open] = await db
    .select({ id: deferrals.id })
    .from(deferrals)
    .where(
      and(
        eq(deferrals.businessId, business.id),
        eq(deferrals.documentTypeId, type.id),
        inArray(deferrals.status, [...OPEN_DEFERRAL_STATUSES]),
      ),
    )
  if (open) throw openConflict()

  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(deferrals)
        .values({
          businessId: business.id,
          documentTypeId: type.id,
          days: input.days,
          reason: input.reason,
          requestedBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      await appendAudit(tx, options.audit, {
        resource: 'deferral',
        resourceId: inserted!.id,
        action: 'REQUEST',
        after: deferralAuditView(inserted!),
      })
      return inserted!
    })
    return toDeferral({ deferral: row, documentType: type }, now)
  } catch (error) {
    // Two requests at once: the partial unique index lets one through.
    if (uniqueViolationOf(error) === 'deferrals_open_key') throw openConflict()
    throw error
  }
}
