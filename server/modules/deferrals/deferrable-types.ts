import { and, asc, eq, inArray, isNull, notExists } from 'drizzle-orm'
import { OPEN_DEFERRAL_STATUSES } from '@/lib/contracts/deferral-values'
import { PERMISSIONS } from '@/lib/permissions/names'
import type { Executor } from '@/server/db/client'
import { deferrableMappings, deferrals, kycDetails, kycDocuments, kycDocumentTypes } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { getBusinessRowOrThrow } from '@/server/records/business-record'
import { deferralTypeColumns } from './deferral-view'

/** Reading a business's deferrals and what it may still defer: its users holding this there, or staff. */
export const DEFERRALS_READ = PERMISSIONS.CAN_READ_DEFERRALS

/** `GET /deferrals/deferrable-list`: the whole mapping, class by class. */
export async function findDeferrableMapping({ db }: { db: Executor }) {
  const rows = await db
    .select({ registrationClass: deferrableMappings.registrationClass, documentType: deferralTypeColumns })
    .from(deferrableMappings)
    .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, deferrableMappings.documentTypeId))
    .where(eq(kycDocumentTypes.isActive, true))
    .orderBy(asc(deferrableMappings.registrationClass), asc(kycDocumentTypes.name))
  return rows
}

/**
 * `GET /deferrals/deferrable?isCAC=1|0&id=<businessId>`: the document types this business may still defer: mapped
 * as deferrable for its class, active, of the CAC kind asked for, not uploaded yet and without an open deferral.
 */
export async function findDeferrableTypes(options: { db: Executor; actor: Actor; businessId: string; isCac?: boolean }) {
  const { db, businessId } = options
  const business = await getBusinessRowOrThrow({ db, actor: options.actor, id: businessId, permission: DEFERRALS_READ })
  const conditions = [
    eq(deferrableMappings.registrationClass, business.registrationClass),
    eq(kycDocumentTypes.isActive, true),
    // A shareholder's document is per shareholder; deferrals cover the business's own.
    eq(kycDocumentTypes.typeOwner, 'COMPANY'),
    notExists(
      db
        .select({ id: kycDocuments.id })
        .from(kycDocuments)
        .innerJoin(kycDetails, eq(kycDetails.id, kycDocuments.kycDetailsId))
        .where(
          and(
            eq(kycDetails.businessId, businessId),
            eq(kycDocuments.documentTypeId, kycDocumentTypes.id),
            isNull(kycDocuments.supersededAt),
          ),
        ),
    ),
    notExists(
      db
        .select({ id: deferrals.id })
        .from(deferrals)
        .where(
          and(
            eq(deferrals.businessId, businessId),
            eq(deferrals.documentTypeId, kycDocumentTypes.id),
            inArray(deferrals.status, [...OPEN_DEFERRAL_STATUSES]),
          ),
        ),
    ),
  ]
  if (options.isCac !== undefined) conditions.push(eq(kycDocumentTypes.isCac, options.isCac))
  return db
    .select({ ...deferralTypeColumns, description: kycDocumentTypes.description })
    .from(deferrableMappings)
    .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, deferrableMappings.documentTypeId))
    .where(and(...conditions))
    .orderBy(asc(kycDocumentTypes.name))
}

/** Whether this class may defer this type (an active type in the mapping). */
export async function isDeferrableFor(db: Executor, registrationClass: string, documentTypeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: kycDocumentTypes.id })
    .from(deferrableMappings)
    .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, deferrableMappings.documentTypeId))
    .where(
      and(
        eq(deferrableMappings.registrationClass, registrationClass as 'RC'),
        eq(deferrableMappings.documentTypeId, documentTypeId),
        eq(kycDocumentTypes.isActive, true),
      ),
    )
  return !!row
}
