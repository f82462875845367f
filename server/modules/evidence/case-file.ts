import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { PassThrough, Readable } from 'node:stream'
import archiver from 'archiver'
import { and, asc, eq, gte, lte, or, sql } from 'drizzle-orm'
import { buildKycPdf } from '@/lib/kyc/kyc-pdf'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { audits, deferrals, files, meansOfIds, shareholders } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { logger } from '@/server/logger'
import { getBusinessPdfInfo } from '@/server/modules/businesses/get-business'
import { recordPersonalDataView } from '@/server/modules/data-views/record-view'
import { selectDeferrals, toDeferral } from '@/server/modules/deferrals/deferral-view'
import { readStoredFile } from '@/server/modules/files/uploads'
import { readOwnershipGraph } from '@/server/modules/kyc/ownership-graph'
import { getEnhancedDueDiligence } from '@/server/modules/risk/answer-edd'
import { findRiskHistory, getBusinessRisk } from '@/server/modules/risk/read-risk'
import { readBusinessScreening } from '@/server/modules/screening/screen/read-screening'
import { findBusinessVerifications } from '@/server/modules/verification/verification-calls'
import { evidencePublicKeyPem, publicKeyFingerprint, signEvidence } from './signing-key'

/** What a case file's manifest says; `manifest.sig` is the Ed25519 signature of `manifest.json`'s bytes. */
export interface CaseFileManifest {
  format: 'kyc-portal case file 1'
  business: { id: string; name: string; regNo: string | null }
  exportedAt: string
  exportedBy: { id: string; email: string }
  /** The audit chain's last row when the file was built: `audit/chain.ndjson` ends there. */
  chainHead: { seq: number; hash: string } | null
  publicKeyFingerprint: string
  files: { path: string; sha256: string; bytes: number }[]
  /**
   * Confirmed documents whose bytes are not in the file, each a `.MISSING.txt` note instead: storage no longer had
   * them (`NOT_IN_STORAGE`), or held other bytes than the size and SHA-256 recorded at upload (`NOT_AS_RECORDED`).
   */
  missingDocuments: { fileId: string; fileName: string; reason: 'NOT_IN_STORAGE' | 'NOT_AS_RECORDED' }[]
}

/** Audit actions that decide something, listed apart in `decisions.json`. */
const DECISION_ACTION = /APPROVE|DECLINE|REJECT|CLEAR|CONFIRM|WAIVE|VERIFY|OVERRIDE|DEFER|ARCHIVE/

const BATCH = 1000

/** The archive entry's bytes, hashed as they pass. */
function hashing(source: Readable, entry: CaseFileManifest['files'][number]): Readable {
  const hash = createHash('sha256')
  const through = new PassThrough()
  source.on('data', (chunk: Buffer) => {
    hash.update(chunk)
    entry.bytes += chunk.length
  })
  source.on('end', () => {
    entry.sha256 = hash.digest('hex')
  })
  source.on('error', (error) => through.destroy(error))
  return source.pipe(through)
}

/**
 * The business's audit rows as stored (personal values sealed: each row's hash recomputes from them): its own, and
 * those whose record names it, before (a deletion) or after.
 */
function businessAuditCondition(businessId: string) {
  return or(
    eq(audits.resourceId, businessId),
    sql`${audits.after}->>'businessId' = ${businessId}`,
    sql`${audits.before}->>'businessId' = ${businessId}`,
  )
}

/** A decision of the slice, as `decisions.json` lists it. */
function toDecision(row: typeof audits.$inferSelect) {
  return {
    seq: row.seq,
    at: row.createdAt.toISOString(),
    actorId: row.actorId,
    resource: row.resource,
    resourceId: row.resourceId,
    action: row.action,
    reason: (row.after as { reason?: string } | null)?.reason ?? null,
    after: row.after,
  }
}

/**
 * The business's audit rows up to `toSeq`, one line each, read once: the pass also keeps the decisions and the first
 * row's seq in `seen`, for the files that follow it.
 */
async function* auditLines(
  db: Executor,
  businessId: string,
  toSeq: number,
  seen: { firstSeq: number | null; decisions: ReturnType<typeof toDecision>[] },
): AsyncGenerator<string> {
  let afterSeq = 0
  for (;;) {
    const rows = await db
      .select()
      .from(audits)
      .where(and(businessAuditCondition(businessId), sql`${audits.seq} > ${afterSeq}`, lte(audits.seq, toSeq)))
      .orderBy(asc(audits.seq))
      .limit(BATCH)
    for (const row of rows) {
      seen.firstSeq ??= row.seq
      if (DECISION_ACTION.test(row.action)) seen.decisions.push(toDecision(row))
      yield `${JSON.stringify({ ...row, createdAt: row.createdAt.toISOString() })}\n`
    }
    if (rows.length < BATCH) return
    afterSeq = rows.at(-1)!.seq
  }
}

/** Every link of the chain from `fromSeq` to the head: what ties the slice's rows to the head of the manifest. */
async function* chainLines(db: Executor, fromSeq: number, toSeq: number): AsyncGenerator<string> {
  let afterSeq = fromSeq - 1
  for (;;) {
    const rows = await db
      .select({ seq: audits.seq, prevHash: audits.prevHash, hash: audits.hash })
      .from(audits)
      .where(and(gte(audits.seq, afterSeq + 1), lte(audits.seq, toSeq)))
      .orderBy(asc(audits.seq))
      .limit(BATCH * 10)
    for (const row of rows) yield `${JSON.stringify(row)}\n`
    if (!rows.length || rows.at(-1)!.seq >= toSeq) return
    afterSeq = rows.at(-1)!.seq
  }
}

const RISK_HISTORY_PAGE = 100

/** Every risk assessment of the business, newest first, read a page at a time. */
async function wholeRiskHistory(db: Database, actor: Actor, businessId: string) {
  const history: Awaited<ReturnType<typeof findRiskHistory>>['content'] = []
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await findRiskHistory({
      db,
      actor,
      businessId,
      query: { pageNumber, pageSize: RISK_HISTORY_PAGE, recentFirst: true },
    })
    history.push(...page.content)
    if (page.content.length < RISK_HISTORY_PAGE || history.length >= page.totalElements) return history
  }
}

/**
 * `GET /businesses/{id}/case-file` (docs/security.md#case-files): one zip, streamed as it is built, holding the KYC
 * summary PDF, every confirmed document as stored, the business and its KYC as the review reads them (identity numbers
 * masked), verification, screening (checks, candidates with scores, factors, list versions and adjudications), risk
 * (the current assessment and its history), deferrals, the decisions, the business's audit rows as stored with the
 * chain links tying them to the head, and last `manifest.json` (every file's SHA-256) with `manifest.sig`, its
 * Ed25519 signature, and `public-key.pem`. Building one is logged as a view of personal data and audited before the
 * first byte; the readers it calls check the staff member may read the business.
 */
export async function buildCaseFile(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  businessId: string
  now?: Date
}): Promise<{ fileName: string; stream: ReadableStream<Uint8Array> }> {
  const { db, actor, audit, businessId } = options
  const info = await getBusinessPdfInfo({ db, actor, id: businessId })
  const kycDetailsId = info.kyc.details?.id ?? null
  const [screening, verification, risk, riskHistory, deferralRows, documents, ownership, edd] = await Promise.all([
    readBusinessScreening({ db, actor, businessId }),
    // The items as they stand, without the queue's due times (which change with the clock, not with the case).
    findBusinessVerifications({ db, actor, businessId }).then((items) =>
      items.map(({ dueAt: _dueAt, dueStatus: _dueStatus, ...item }) => item),
    ),
    getBusinessRisk({ db, actor, businessId }),
    wholeRiskHistory(db, actor, businessId),
    selectDeferrals(db, eq(deferrals.businessId, businessId)),
    db
      .select({
        id: files.id,
        fileName: files.fileName,
        blobName: files.blobName,
        purpose: files.purpose,
        sizeBytes: files.sizeBytes,
        sha256: files.sha256,
      })
      .from(files)
      .where(and(eq(files.businessId, businessId), eq(files.status, 'CONFIRMED')))
      .orderBy(asc(files.createdAt), asc(files.id)),
    readOwnershipGraph({ db, actor, businessId }),
    kycDetailsId ? getEnhancedDueDiligence({ db, actor, kycDetailsId }) : null,
  ])
  // Staff who may reveal identity numbers get them in clear, in a file of their own; everyone else masked only.
  const reveal = actor.isStaff && actor.staffPermissions.has(PERMISSIONS.CAN_VIEW_SENSITIVE_KYC)
  const identityNumbers = reveal
    ? [
        ...(
          await db
            .select({
              id: meansOfIds.id,
              firstName: meansOfIds.firstName,
              lastName: meansOfIds.lastName,
              bvn: meansOfIds.bvn,
              idType: meansOfIds.idType,
              idNumber: meansOfIds.idNumber,
              dateOfBirth: meansOfIds.dateOfBirth,
            })
            .from(meansOfIds)
            .where(eq(meansOfIds.businessId, businessId))
        ).map((row) => ({ record: 'means_of_id' as const, ...row })),
        ...(
          await db
            .select({
              id: shareholders.id,
              firstName: shareholders.firstName,
              lastName: shareholders.lastName,
              bvn: shareholders.bvn,
              dateOfBirth: shareholders.dateOfBirth,
            })
            .from(shareholders)
            .where(and(eq(shareholders.businessId, businessId), eq(shareholders.type, 'INDIVIDUAL')))
        ).map((row) => ({ record: 'shareholder' as const, ...row })),
      ]
    : null
  const exportedAt = (options.now ?? new Date()).toISOString()
  const head = await db.transaction(async (tx) => {
    // Every person the file holds, as when a reviewer opens them (those of `identity-numbers.json` too, read after
    // `business.json`'s: a person added in between is in the file, so in the log), and every document, as when one
    // is opened.
    const people = new Map<string, { subjectKind: 'MEANS_OF_ID' | 'SHAREHOLDER'; subjectId: string }>()
    const holds = (subjectKind: 'MEANS_OF_ID' | 'SHAREHOLDER', subjectId: string) =>
      people.set(`${subjectKind}:${subjectId}`, { subjectKind, subjectId })
    for (const m of info.kyc.meansOfIds) holds('MEANS_OF_ID', m.id)
    for (const h of info.kyc.shareholders) holds('SHAREHOLDER', h.id)
    for (const p of identityNumbers ?? []) holds(p.record === 'means_of_id' ? 'MEANS_OF_ID' : 'SHAREHOLDER', p.id)
    const detail = reveal ? 'case file, identity numbers in clear' : 'case file'
    for (const person of people.values())
      await recordPersonalDataView(tx, actor, { businessId, ...person, detail, requestId: audit.requestId })
    for (const document of documents)
      await recordPersonalDataView(tx, actor, {
        businessId,
        subjectKind: 'FILE',
        subjectId: document.id,
        detail: document.purpose,
        requestId: audit.requestId,
      })
    const exported = await appendAudit(tx, audit, {
      resource: 'business',
      resourceId: businessId,
      action: 'EXPORT_CASE_FILE',
      after: {
        documents: documents.length,
        revealed: identityNumbers?.map((p) => ({ record: p.record, id: p.id })) ?? [],
      },
    })
    // The export's own audit row is the head the slice ends with; rows appended later are not in the file.
    return { seq: exported.seq, hash: exported.hash }
  })

  const manifest: CaseFileManifest = {
    format: 'kyc-portal case file 1',
    business: { id: businessId, name: info.business.name, regNo: info.business.regNo ?? null },
    exportedAt,
    exportedBy: { id: actor.userId, email: actor.email },
    chainHead: head,
    publicKeyFingerprint: publicKeyFingerprint(evidencePublicKeyPem()),
    files: [],
    missingDocuments: [],
  }
  const archive = archiver('zip', { zlib: { level: 6 } })
  archive.on('warning', (error) => logger.warn({ err: error }, 'case file warning'))
  const add = async (path: string, source: Readable | string | Uint8Array) => {
    const entry = { path, sha256: '', bytes: 0 }
    manifest.files.push(entry)
    const readable = typeof source === 'string' || source instanceof Uint8Array ? Readable.from([Buffer.from(source)]) : source
    archive.append(hashing(readable, entry), { name: path })
    await once(archive, 'entry')
  }
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

  void (async () => {
    const pdf = await buildKycPdf({
      info,
      documents: null,
      additionalDocuments: documents.map((d) => ({ label: d.purpose, fileName: d.fileName })),
      ownership,
    })
    await add('kyc-summary.pdf', pdf)
    await add('business.json', json(info))
    if (identityNumbers) await add('identity-numbers.json', json(identityNumbers))
    await add('verification.json', json(verification))
    await add('screening.json', json(screening))
    await add('risk.json', json({ current: risk, history: riskHistory }))
    if (edd) await add('enhanced-due-diligence.json', json(edd))
    await add('ownership.json', json(ownership))
    await add('deferrals.json', json(deferralRows.map((row) => toDeferral(row))))
    for (const [index, document] of documents.entries()) {
      const path = `documents/${String(index + 1).padStart(3, '0')}-${document.fileName.replace(/[^\w.-]+/g, '_')}`
      // Checked against the size and SHA-256 recorded at upload, as every download is; a storage error other than
      // "not there" fails the file rather than being signed as a missing document.
      const stored = await readStoredFile(document)
      if (stored.kind === 'ok') await add(path, stored.bytes)
      else {
        const reason = stored.kind === 'missing' ? 'NOT_IN_STORAGE' : 'NOT_AS_RECORDED'
        manifest.missingDocuments.push({ fileId: document.id, fileName: document.fileName, reason })
        await add(
          `${path}.MISSING.txt`,
          reason === 'NOT_IN_STORAGE'
            ? `The document ${document.id} was not in storage when this case file was built.\n`
            : `The document ${document.id} is not in this file: storage held other bytes than the size and SHA-256 recorded when it was uploaded.\n`,
        )
      }
    }
    const seen: Parameters<typeof auditLines>[3] = { firstSeq: null, decisions: [] }
    await add('audit/business.ndjson', Readable.from(auditLines(db, businessId, head.seq, seen)))
    await add('decisions.json', json(seen.decisions))
    if (seen.firstSeq !== null) await add('audit/chain.ndjson', Readable.from(chainLines(db, seen.firstSeq, head.seq)))
    const manifestBytes = Buffer.from(json(manifest))
    archive.append(manifestBytes, { name: 'manifest.json' })
    archive.append(`${signEvidence(manifestBytes)}\n`, { name: 'manifest.sig' })
    archive.append(evidencePublicKeyPem(), { name: 'public-key.pem' })
    await archive.finalize()
  })().catch((error: unknown) => {
    logger.error({ err: error }, 'case file failed while streaming')
    archive.destroy(error as Error)
  })
  const stamp = exportedAt.slice(0, 10)
  return {
    fileName: `case-file-${(info.business.regNo ?? businessId).replace(/[^\w-]+/g, '')}-${stamp}.zip`,
    stream: Readable.toWeb(archive) as ReadableStream<Uint8Array>,
  }
}
