import { subDays, subYears } from 'date-fns'
import { and, asc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import type { RetentionReport, RetentionRule } from '@/lib/contracts/retention'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { destroySubjectKeys } from '@/server/crypto/subject-keys'
import type { Database } from '@/server/db/client'
import {
  businesses,
  businessReviewEvents,
  crmAccounts,
  draftForms,
  externalHandovers,
  files,
  governmentDocuments,
  governmentEntities,
  governmentRepresentatives,
  supportInquiries,
  kycDetails,
  meansOfIds,
  onboardingProducts,
  shareholders,
} from '@/server/db/schema'
import { getBlobStorage } from '@/server/integrations/blob/blob-storage'
import { logger } from '@/server/logger'

interface RuleQuery {
  rule: RetentionRule
  /** Which businesses the rule applies to, past their period. */
  where: SQL
  /** The instant the period runs from. */
  since: SQL<Date | string>
}

const latestEvent = (kind: 'DECISION' | 'ARCHIVE') =>
  sql`(select max(${businessReviewEvents.createdAt}) from ${businessReviewEvents} where ${businessReviewEvents.businessId} = ${businesses.id} and ${businessReviewEvents.kind} = ${kind})`

/** The latest sign of life of an application: the business, its KYC record, people, drafts or files changed. */
const lastActivity = sql<Date | string>`greatest(
  ${businesses.updatedAt},
  (select max(${kycDetails.updatedAt}) from ${kycDetails} where ${kycDetails.businessId} = ${businesses.id}),
  (select max(${meansOfIds.updatedAt}) from ${meansOfIds} where ${meansOfIds.businessId} = ${businesses.id}),
  (select max(${shareholders.updatedAt}) from ${shareholders} where ${shareholders.businessId} = ${businesses.id}),
  (select max(${draftForms.updatedAt}) from ${draftForms} where ${draftForms.businessId} = ${businesses.id}),
  (select max(${files.createdAt}) from ${files} where ${files.businessId} = ${businesses.id})
)`

function ruleQueries(now: Date) {
  const config = getConfig().retention
  const cutoffs = {
    inactiveApplication: subDays(now, config.inactiveApplicationDays),
    declined: subDays(now, config.declinedDays),
    endedRelationship: subYears(now, config.endedRelationshipYears),
  }
  const decidedAt = sql<Date | string>`coalesce(${latestEvent('DECISION')}, ${businesses.updatedAt})`
  const endedAt = sql<Date | string>`coalesce(${latestEvent('ARCHIVE')}, ${businesses.updatedAt})`
  const neverSubmitted = sql`not exists (select 1 from ${onboardingProducts} where ${onboardingProducts.businessId} = ${businesses.id} and ${onboardingProducts.submittedAt} is not null)`
  const rules: RuleQuery[] = [
    {
      // The AML duty: KYC records of a relationship that ended are kept this long after its end, then go.
      rule: 'ENDED_RELATIONSHIP',
      where: and(eq(businesses.archiveStatus, 'ARCHIVED'), lt(endedAt, cutoffs.endedRelationship))!,
      since: endedAt,
    },
    {
      rule: 'DECLINED',
      where: and(
        eq(businesses.archiveStatus, 'ACTIVE'),
        eq(businesses.approvalStatus, 'DECLINED'),
        lt(decidedAt, cutoffs.declined),
      )!,
      since: decidedAt,
    },
    {
      rule: 'INACTIVE_APPLICATION',
      where: and(
        eq(businesses.archiveStatus, 'ACTIVE'),
        eq(businesses.approvalStatus, 'PENDING'),
        eq(businesses.kycDetailsCompleted, false),
        neverSubmitted,
        lt(lastActivity, cutoffs.inactiveApplication),
      )!,
      since: lastActivity,
    },
  ]
  return { cutoffs, rules }
}

const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * The retention job (docs/data-protection.md): businesses past their period go with everything that hangs off them
 * (KYC, people, documents, drafts, the view log), rows first and their blobs after the transaction has committed, in
 * batches of RETENTION_BATCH_SIZE, one audit row per business purged; then step drafts untouched for the inactive
 * period. A business's rows are locked while its files are read, so a file added meanwhile cannot lose its blob. A
 * dry run selects the same and changes nothing. Approved, active businesses are never touched.
 */
export async function runRetention(options: {
  db: Database
  audit: AuditContext
  dryRun: boolean
  now?: Date
}): Promise<RetentionReport> {
  const { db, audit, dryRun, now = new Date() } = options
  const { batchSize } = getConfig().retention
  const { cutoffs, rules } = ruleQueries(now)
  const report: RetentionReport = {
    dryRun,
    ranAt: now.toISOString(),
    cutoffs: {
      inactiveApplication: cutoffs.inactiveApplication.toISOString(),
      declined: cutoffs.declined.toISOString(),
      endedRelationship: cutoffs.endedRelationship.toISOString(),
    },
    businesses: [],
    draftForms: 0,
    governmentEntities: 0,
    supportInquiries: 0,
    crmContacts: 0,
    handovers: 0,
    files: 0,
    bytes: 0,
    blobsDeleted: 0,
    blobsLeftBehind: [],
  }

  for (const { rule, where, since } of rules) {
    let afterId = '00000000-0000-0000-0000-000000000000'
    for (;;) {
      const candidates = await db
        .select({ id: businesses.id })
        .from(businesses)
        .where(and(where, gt(businesses.id, afterId)))
        .orderBy(asc(businesses.id))
        .limit(batchSize)
      if (!candidates.length) break
      afterId = candidates[candidates.length - 1]!.id
      const ids = candidates.map((c) => c.id)
      const blobNames = await db.transaction(async (tx) => {
        // Re-checked under a row lock: activity since the selection keeps a business.
        const locked = await tx
          .select({ id: businesses.id, name: businesses.name, regNo: businesses.regNo, since })
          .from(businesses)
          .where(and(where, inArray(businesses.id, ids)))
          .for('update')
        if (!locked.length) return []
        const lockedIds = locked.map((b) => b.id)
        const stored = await tx
          .select({ businessId: files.businessId, blobName: files.blobName, sizeBytes: files.sizeBytes })
          .from(files)
          .where(inArray(files.businessId, lockedIds))
        for (const business of locked) {
          const own = stored.filter((f) => f.businessId === business.id)
          report.businesses.push({
            id: business.id,
            name: business.name,
            regNo: business.regNo,
            rule,
            since: iso(business.since),
            files: own.length,
          })
          report.files += own.length
          report.bytes += own.reduce((sum, f) => sum + f.sizeBytes, 0)
        }
        if (dryRun) return []
        // The personal values their audit rows keep sealed go with them: the people's and the business's keys.
        const people = await tx.select({ id: meansOfIds.id }).from(meansOfIds).where(inArray(meansOfIds.businessId, lockedIds))
        const holders = await tx
          .select({ id: shareholders.id })
          .from(shareholders)
          .where(inArray(shareholders.businessId, lockedIds))
        await destroySubjectKeys(
          tx,
          'means_of_id',
          people.map((p) => p.id),
        )
        await destroySubjectKeys(
          tx,
          'shareholder',
          holders.map((h) => h.id),
        )
        await destroySubjectKeys(tx, 'business', lockedIds)
        // Everything business-owned cascades from the business row (server/db/schema).
        await tx.delete(businesses).where(inArray(businesses.id, lockedIds))
        for (const business of locked) {
          await appendAudit(tx, audit, {
            resource: 'business',
            resourceId: business.id,
            action: 'RETENTION_PURGE',
            before: { id: business.id, name: business.name, regNo: business.regNo },
            after: {
              rule,
              since: iso(business.since),
              files: stored.filter((f) => f.businessId === business.id).length,
            },
          })
        }
        return stored.map((f) => f.blobName)
      })
      for (const blobName of blobNames) {
        try {
          await getBlobStorage().delete(blobName)
          report.blobsDeleted++
        } catch (error) {
          logger.error({ err: error, blobName }, 'retention: the row is gone but its blob could not be deleted')
          report.blobsLeftBehind.push(blobName)
        }
      }
    }
  }

  report.draftForms = await purgeStaleDrafts({ db, audit, dryRun, before: cutoffs.inactiveApplication, batchSize })
  await purgeOutsideBusinesses({ db, audit, dryRun, now, report })

  if (!dryRun) {
    await db.transaction(async (tx) =>
      appendAudit(tx, audit, {
        resource: 'retention',
        action: 'RUN',
        after: {
          businesses: report.businesses.length,
          draftForms: report.draftForms,
          governmentEntities: report.governmentEntities,
          supportInquiries: report.supportInquiries,
          crmContacts: report.crmContacts,
          handovers: report.handovers,
          files: report.files,
          bytes: report.bytes,
          blobsLeftBehind: report.blobsLeftBehind.length,
          cutoffs: report.cutoffs,
        },
      }),
    )
  }
  logger.info(
    { dryRun, businesses: report.businesses.length, draftForms: report.draftForms, files: report.files },
    'retention run finished',
  )
  return report
}

/** Autosaved step drafts nobody touched for the inactive period (the saved records stay). */
async function purgeStaleDrafts(options: {
  db: Database
  audit: AuditContext
  dryRun: boolean
  before: Date
  batchSize: number
}): Promise<number> {
  const { db, audit, dryRun, before, batchSize } = options
  const stale = lt(draftForms.updatedAt, before)
  if (dryRun) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(draftForms)
      .where(stale)
    return row?.n ?? 0
  }
  let purged = 0
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const ids = tx.select({ id: draftForms.id }).from(draftForms).where(stale).limit(batchSize)
      const rows = await tx
        .delete(draftForms)
        .where(and(inArray(draftForms.id, ids), stale))
        .returning()
      for (const row of rows) {
        await appendAudit(tx, audit, {
          resource: 'draft_form',
          resourceId: row.id,
          action: 'RETENTION_PURGE',
          before: { businessId: row.businessId, kycDetailTypeId: row.kycDetailTypeId, updatedAt: row.updatedAt },
        })
      }
      return rows.length
    })
    purged += batch
    if (batch < batchSize) return purged
  }
}

/**
 * Personal data held outside any business (docs/data-protection.md#how-long-data-is-kept-retention): archived
 * government entities past the ended-relationship period (with their representatives, documents and files), support
 * inquiries past RETENTION_SUPPORT_INQUIRY_DAYS (with their attachments), the contact details of CRM accounts no
 * import refreshed for RETENTION_CRM_CONTACT_DAYS, and partner handovers never imported. Each in one transaction,
 * audited; blobs deleted after it commits. A dry run counts the same and changes nothing.
 */
async function purgeOutsideBusinesses(options: {
  db: Database
  audit: AuditContext
  dryRun: boolean
  now: Date
  report: RetentionReport
}) {
  const { db, audit, dryRun, now, report } = options
  const config = getConfig().retention
  const entityGone = and(
    eq(governmentEntities.archiveStatus, 'ARCHIVED'),
    lt(
      sql`coalesce(${governmentEntities.archivedAt}, ${governmentEntities.updatedAt})`,
      subYears(now, config.endedRelationshipYears),
    ),
  )!
  const inquiryGone = lt(supportInquiries.createdAt, subDays(now, config.supportInquiryDays))
  const contactGone = and(
    lt(crmAccounts.updatedAt, subDays(now, config.crmContactDays)),
    sql`(${crmAccounts.contactEmail} is not null or ${crmAccounts.contactPhone} is not null)`,
  )!
  const handoverGone = and(
    sql`${externalHandovers.importedAt} is null`,
    lt(externalHandovers.retrievedAt, subDays(now, config.inactiveApplicationDays)),
  )!

  const blobNames = await db.transaction(async (tx) => {
    const entities = await tx
      .select({ id: governmentEntities.id, name: governmentEntities.name })
      .from(governmentEntities)
      .where(entityGone)
      .for('update')
    const entityIds = entities.map((e) => e.id)
    const representatives = entityIds.length
      ? await tx.select().from(governmentRepresentatives).where(inArray(governmentRepresentatives.entityId, entityIds))
      : []
    const documents = entityIds.length
      ? await tx
          .select({ fileId: governmentDocuments.fileId })
          .from(governmentDocuments)
          .where(inArray(governmentDocuments.entityId, entityIds))
      : []
    const inquiries = await tx.select().from(supportInquiries).where(inquiryGone).for('update')
    const fileIds = [
      ...representatives.flatMap((r) => [r.idFileId, r.addressFileId, r.photoFileId]),
      ...documents.map((d) => d.fileId),
      ...inquiries.map((i) => i.attachmentFileId),
    ].filter((id): id is string => !!id)
    const stored = fileIds.length
      ? await tx
          .select({ id: files.id, blobName: files.blobName, sizeBytes: files.sizeBytes })
          .from(files)
          .where(inArray(files.id, fileIds))
      : []
    const [contacts] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(crmAccounts)
      .where(contactGone)
    const [handovers] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(externalHandovers)
      .where(handoverGone)
    report.governmentEntities = entities.length
    report.supportInquiries = inquiries.length
    report.crmContacts = contacts?.n ?? 0
    report.handovers = handovers?.n ?? 0
    report.files += stored.length
    report.bytes += stored.reduce((sum, f) => sum + f.sizeBytes, 0)
    if (dryRun) return []

    // Their sealed audit values become unreadable with them.
    await destroySubjectKeys(
      tx,
      'government_representative',
      representatives.map((r) => r.id),
    )
    await destroySubjectKeys(tx, 'government_entity', entityIds)
    await destroySubjectKeys(
      tx,
      'support_inquiry',
      inquiries.map((i) => i.id),
    )
    // Representatives and documents cascade from their entity; their files and the inquiries' attachments go after.
    if (entityIds.length) await tx.delete(governmentEntities).where(inArray(governmentEntities.id, entityIds))
    if (inquiries.length)
      await tx.delete(supportInquiries).where(
        inArray(
          supportInquiries.id,
          inquiries.map((i) => i.id),
        ),
      )
    if (stored.length)
      await tx.delete(files).where(
        inArray(
          files.id,
          stored.map((f) => f.id),
        ),
      )
    await tx.update(crmAccounts).set({ contactEmail: null, contactPhone: null }).where(contactGone)
    await tx.delete(externalHandovers).where(handoverGone)
    for (const entity of entities)
      await appendAudit(tx, audit, {
        resource: 'government_entity',
        resourceId: entity.id,
        action: 'RETENTION_PURGE',
        before: { id: entity.id, name: entity.name },
        after: { rule: 'ENDED_RELATIONSHIP', representatives: representatives.filter((r) => r.entityId === entity.id).length },
      })
    for (const inquiry of inquiries)
      await appendAudit(tx, audit, {
        resource: 'support_inquiry',
        resourceId: inquiry.id,
        action: 'RETENTION_PURGE',
        before: { reference: inquiry.reference, createdAt: inquiry.createdAt },
      })
    return stored.map((f) => f.blobName)
  })
  for (const blobName of blobNames) {
    try {
      await getBlobStorage().delete(blobName)
      report.blobsDeleted++
    } catch (error) {
      logger.error({ err: error, blobName }, 'retention: the row is gone but its blob could not be deleted')
      report.blobsLeftBehind.push(blobName)
    }
  }
}
