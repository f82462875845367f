import { deflateSync } from 'node:zlib'
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { DAY_MS } from '@/lib/format/iso-day'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import {
  businesses,
  businessUsers,
  deferrals,
  files,
  kycDetails,
  kycDocuments,
  kycDocumentTypes,
  kycRequiredDocuments,
  roles,
  shareholders,
  users,
} from '@/server/db/schema'
import { getBlobStorage } from '@/server/integrations/blob/blob-storage'
import { logger } from '@/server/logger'
import { shareholderName } from '@/server/modules/kyc/kyc-capture-gaps'
import { newBlobName, sha256Hex } from '@/server/records/file-content'
import { demoBusinessRegNos } from './demo-businesses'
import { KYC_DOCUMENT_TYPES } from './kyc-document-types'

/** Printable ASCII only, with PDF string delimiters escaped. */
const pdfText = (text: string) =>
  text
    .replace(/[–—]/g, '-')
    .replace(/[‘’]/g, "'")
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[\\()]/g, (c) => `\\${c}`)

/**
 * A small, valid one-page PDF (A4, Helvetica) showing the given lines: real bytes for demo documents and tests, so
 * content sniffing and PDF viewers accept it. Offsets in the cross-reference table are computed, not guessed.
 */
export function samplePdf(lines: readonly string[]): Uint8Array {
  const content = [
    'BT',
    '/F1 16 Tf',
    '72 770 Td',
    '22 TL',
    ...lines.map((l, i) => `${i === 0 ? '' : 'T* '}(${pdfText(l)}) Tj`),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xrefAt = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`
  return new Uint8Array(Buffer.from(body, 'latin1'))
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/** A small, valid RGB PNG: a card in `rgb` with a darker band, like a scanned certificate's thumbnail. */
export function samplePng(rgb: readonly [number, number, number], width = 120, height = 80): Uint8Array {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit, truecolour, deflate, no filter method, no interlace
  const rows: number[] = []
  for (let y = 0; y < height; y++) {
    rows.push(0) // filter: none
    const band = y > height * 0.2 && y < height * 0.35
    for (let x = 0; x < width; x++) {
      const edge = x < 3 || y < 3 || x >= width - 3 || y >= height - 3
      const shade = edge || band ? 0.55 : 1
      rows.push(Math.round(rgb[0] * shade), Math.round(rgb[1] * shade), Math.round(rgb[2] * shade))
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return new Uint8Array(
    Buffer.concat([
      signature,
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(Buffer.from(rows))),
      pngChunk('IEND', new Uint8Array(0)),
    ]),
  )
}

type BusinessRow = typeof businesses.$inferSelect

/**
 * What each demo business with complete KYC gets (by its index among the demo businesses), so every staff queue has
 * work: PENDING businesses either wait for CAC review or have their CAC documents approved (ready for approval);
 * deferrals PENDING (businesses 0 and 26), APPROVED and running (2) and APPROVED past due, which blocks (8);
 * DECLINED businesses carry a rejected CAC document with the reason.
 */
const DEFERRALS: Record<number, { code: string; days: number; decided?: 'running' | 'overdue' }> = {
  0: { code: 'TIN_CERTIFICATE', days: 21 },
  26: { code: 'MEMART', days: 14 },
  2: { code: 'BOARD_RESOLUTION', days: 30, decided: 'running' },
  8: { code: 'TIN_CERTIFICATE', days: 14, decided: 'overdue' },
}
const CAC_APPROVED_WHILE_PENDING = new Set([6, 16, 20])
const SEED_ORDER = new Map(KYC_DOCUMENT_TYPES.map((t, i) => [t.code, i]))

/**
 * Demo mode: documents (small real PDFs and PNGs in blob storage) and deferrals for the demo businesses whose KYC is
 * complete. Needs blob storage: when it is not reachable yet (`npm run demo` seeds before it starts Azurite) this does
 * nothing and the portal's own start, which seeds again, adds them. Idempotent per business: one that already has
 * documents or deferrals is left alone. Business statuses are never changed.
 */
export async function seedDemoKycDocuments(db: Database): Promise<void> {
  const regNos = demoBusinessRegNos()
  const rows = await db
    .select()
    .from(businesses)
    .where(and(inArray(businesses.regNo, regNos), eq(businesses.kycDetailsCompleted, true)))
  const indexOf = new Map(regNos.map((r, i) => [r, i]))
  const candidates = rows.sort((a, b) => indexOf.get(a.regNo)! - indexOf.get(b.regNo)!)
  if (!candidates.length) return
  const ids = candidates.map((b) => b.id)
  const [withDocs, withDeferrals] = await Promise.all([
    db.selectDistinct({ businessId: kycDocuments.businessId }).from(kycDocuments).where(inArray(kycDocuments.businessId, ids)),
    db.selectDistinct({ businessId: deferrals.businessId }).from(deferrals).where(inArray(deferrals.businessId, ids)),
  ])
  const done = new Set([...withDocs, ...withDeferrals].map((r) => r.businessId))
  const todo = candidates.filter((b) => !done.has(b.id))
  const shareholderTodo = await shareholdersWithoutDocuments(db, ids)
  if (!todo.length && !shareholderTodo.length) return

  const storage = getBlobStorage()
  try {
    await storage.ping(3_000)
  } catch {
    logger.info('blob storage not reachable yet: demo KYC documents are seeded when the portal starts')
    return
  }
  const [approver] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'approver@example.com'))
  const now = new Date()
  for (const business of todo) await seedBusinessDocuments(db, business, indexOf.get(business.regNo)!, approver?.id ?? null, now)
  if (shareholderTodo.length) await seedShareholderDocuments(db, candidates, indexOf, shareholderTodo, approver?.id ?? null, now)
}

/**
 * The required shareholder document types each demo shareholder of the matching kind lacks (the corporate
 * shareholder's certificate for Savannah Holdings and the nested Delta Family Trust Holdings). Checked per
 * shareholder rather than per business, so a demo database seeded before shareholder documents existed gets them too.
 */
async function shareholdersWithoutDocuments(db: Database, businessIds: string[]) {
  const rows = await db
    .select({ shareholder: shareholders, type: kycDocumentTypes, registrationClass: businesses.registrationClass })
    .from(shareholders)
    .innerJoin(businesses, eq(businesses.id, shareholders.businessId))
    .innerJoin(
      kycRequiredDocuments,
      and(eq(kycRequiredDocuments.registrationClass, businesses.registrationClass), eq(kycRequiredDocuments.isRequired, true)),
    )
    .innerJoin(
      kycDocumentTypes,
      and(eq(kycDocumentTypes.id, kycRequiredDocuments.documentTypeId), eq(kycDocumentTypes.isActive, true)),
    )
    .leftJoin(
      kycDocuments,
      and(
        eq(kycDocuments.shareholderId, shareholders.id),
        eq(kycDocuments.documentTypeId, kycDocumentTypes.id),
        isNull(kycDocuments.supersededAt),
      ),
    )
    .where(and(inArray(shareholders.businessId, businessIds), isNull(kycDocuments.id)))
    .orderBy(asc(shareholders.createdAt))
  const kindOf = { CORPORATE_SHAREHOLDER: 'CORPORATE', INDIVIDUAL: 'INDIVIDUAL', COMPANY: null } as const
  return rows.filter((r) => kindOf[r.type.typeOwner] === r.shareholder.type && !r.shareholder.role)
}

/** One document per missing (shareholder, type): the blobs uploaded side by side, the rows in one transaction. */
async function seedShareholderDocuments(
  db: Database,
  candidates: readonly BusinessRow[],
  indexOf: ReadonlyMap<string, number>,
  todo: Awaited<ReturnType<typeof shareholdersWithoutDocuments>>,
  approverId: string | null,
  now: Date,
) {
  const byId = new Map(candidates.map((b) => [b.id, b]))
  const owners = await db
    .select({ businessId: businessUsers.businessId, userId: businessUsers.userId })
    .from(businessUsers)
    .innerJoin(roles, eq(roles.id, businessUsers.roleId))
    .where(
      and(
        inArray(businessUsers.businessId, [...new Set(todo.map((t) => t.shareholder.businessId))]),
        eq(roles.name, 'BUSINESS_OWNER'),
      ),
    )
  const ownerOf = new Map(owners.map((o) => [o.businessId, o.userId]))
  const stored = await Promise.all(
    todo.map(async ({ shareholder, type }) => {
      const business = byId.get(shareholder.businessId)!
      const name = shareholderName(shareholder)
      const bytes = samplePdf([
        type.name,
        name,
        `Registration number ${shareholder.registrationNumber ?? '-'}`,
        `Shareholder of ${business.name}`,
        'Demo document generated for the KYC portal demo',
      ])
      const fileName = `${type.code.toLowerCase()}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`
      const blobName = newBlobName(fileName)
      await getBlobStorage().upload(blobName, bytes, 'application/pdf')
      return { shareholder, type, business, name, fileName, blobName, size: bytes.byteLength }
    }),
  )
  await db.transaction(async (tx) => {
    for (const { shareholder, type, business, name, fileName, blobName, size } of stored) {
      const ownerId = ownerOf.get(business.id) ?? null
      const uploadedAt = new Date(business.createdAt.getTime() + DAY_MS)
      const approvedAt = business.approvedAt ?? new Date(now.getTime() - 2 * DAY_MS)
      const [fileRow] = await tx
        .insert(files)
        .values({
          businessId: business.id,
          purpose: 'KYC_DOCUMENT',
          fileName,
          contentType: 'application/pdf',
          sizeBytes: size,
          blobName,
          status: 'CONFIRMED',
          uploadedBy: ownerId,
          confirmedAt: uploadedAt,
        })
        .returning({ id: files.id })
      // A declined business had its own certificate rejected; its shareholders' documents were fine.
      const index = indexOf.get(business.regNo)!
      const review = reviewOf(
        business.approvalStatus === 'DECLINED' ? { ...business, approvalStatus: 'APPROVED' } : business,
        index,
        type,
        approverId,
        approvedAt,
      )
      const [document] = await tx
        .insert(kycDocuments)
        .values({
          kycDetailsId: shareholder.kycDetailsId,
          businessId: business.id,
          documentTypeId: type.id,
          shareholderId: shareholder.id,
          fileId: fileRow!.id,
          uploadedBy: ownerId,
          createdAt: uploadedAt,
          ...review,
        })
        .returning({ id: kycDocuments.id })
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'kyc_document',
        resourceId: document!.id,
        action: 'SEED_DEMO_SHAREHOLDER_DOCUMENT',
        after: { businessId: business.id, documentType: type.code, shareholderId: shareholder.id, shareholder: name },
      })
    }
  })
}

async function seedBusinessDocuments(db: Database, business: BusinessRow, index: number, approverId: string | null, now: Date) {
  const [owner] = await db
    .select({ id: businessUsers.userId })
    .from(businessUsers)
    .innerJoin(roles, eq(roles.id, businessUsers.roleId))
    .where(and(eq(businessUsers.businessId, business.id), eq(roles.name, 'BUSINESS_OWNER')))
  const matrix = await db
    .select({ type: kycDocumentTypes, alternativeGroup: kycRequiredDocuments.alternativeGroup })
    .from(kycRequiredDocuments)
    .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, kycRequiredDocuments.documentTypeId))
    .where(
      and(
        eq(kycRequiredDocuments.registrationClass, business.registrationClass),
        eq(kycRequiredDocuments.isRequired, true),
        eq(kycDocumentTypes.isActive, true),
        // Shareholder document types go under each shareholder (seedShareholderDocument).
        eq(kycDocumentTypes.typeOwner, 'COMPANY'),
      ),
    )
    .orderBy(asc(kycDocumentTypes.code))
  // One document per requirement: the first alternative of a group (CAC 7 rather than the status report).
  const seenGroups = new Set<string>()
  const required = matrix
    .sort((a, b) => (SEED_ORDER.get(a.type.code) ?? 99) - (SEED_ORDER.get(b.type.code) ?? 99))
    .filter(
      ({ alternativeGroup }) => !alternativeGroup || (!seenGroups.has(alternativeGroup) && !!seenGroups.add(alternativeGroup)),
    )
    .map((m) => m.type)
  const deferral = DEFERRALS[index]
  const deferredType = deferral ? required.find((t) => t.code === deferral.code) : undefined
  const toUpload = required.filter((t) => t !== deferredType)
  const approvedAt = business.approvedAt ?? new Date(now.getTime() - 2 * DAY_MS)

  const stored = await Promise.all(
    toUpload.map(async (type) => {
      const isImage = type.code === 'TIN_CERTIFICATE'
      const bytes = isImage
        ? samplePng([34, 139, 94])
        : samplePdf([
            type.name.replace(/ – .*/, ''),
            business.name,
            `Registration number ${business.regNo}`,
            type.name,
            'Demo document generated for the KYC portal demo',
          ])
      const fileName = `${type.code.toLowerCase()}.${isImage ? 'png' : 'pdf'}`
      const blobName = newBlobName(fileName)
      const contentType = isImage ? 'image/png' : 'application/pdf'
      await getBlobStorage().upload(blobName, bytes, contentType)
      return { type, fileName, blobName, contentType, size: bytes.byteLength, sha256: sha256Hex(bytes) }
    }),
  )

  await db.transaction(async (tx) => {
    let [details] = await tx.select({ id: kycDetails.id }).from(kycDetails).where(eq(kycDetails.businessId, business.id))
    if (!details) {
      ;[details] = await tx
        .insert(kycDetails)
        .values({ businessId: business.id, countryOfIncorporation: 'Nigeria', createdBy: owner?.id ?? null })
        .onConflictDoNothing()
        .returning({ id: kycDetails.id })
    }
    for (const file of stored) {
      const [fileRow] = await tx
        .insert(files)
        .values({
          businessId: business.id,
          purpose: 'KYC_DOCUMENT',
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.size,
          blobName: file.blobName,
          sha256: file.sha256,
          status: 'CONFIRMED',
          uploadedBy: owner?.id ?? null,
          confirmedAt: new Date(business.createdAt.getTime() + DAY_MS),
        })
        .returning({ id: files.id })
      const review = reviewOf(business, index, file.type, approverId, approvedAt)
      await tx.insert(kycDocuments).values({
        kycDetailsId: details!.id,
        businessId: business.id,
        documentTypeId: file.type.id,
        fileId: fileRow!.id,
        uploadedBy: owner?.id ?? null,
        createdAt: new Date(business.createdAt.getTime() + DAY_MS),
        ...review,
      })
    }
    if (deferral && deferredType) {
      const requestedAt =
        deferral.decided === 'overdue' ? new Date(now.getTime() - 40 * DAY_MS) : new Date(now.getTime() - 3 * DAY_MS)
      const decidedAt =
        deferral.decided === 'overdue'
          ? new Date(requestedAt.getTime() + DAY_MS)
          : deferral.decided === 'running'
            ? new Date(now.getTime() - 10 * DAY_MS)
            : null
      await tx.insert(deferrals).values({
        businessId: business.id,
        documentTypeId: deferredType.id,
        days: deferral.days,
        reason: `Our ${deferredType.name} is being reissued by the issuing office; we expect it within ${deferral.days} days.`,
        status: decidedAt ? 'APPROVED' : 'PENDING',
        requestedBy: owner?.id ?? null,
        decidedBy: decidedAt ? approverId : null,
        decidedAt,
        decisionComment: decidedAt ? 'Approved: upload it as soon as it arrives.' : null,
        dueDate: decidedAt ? new Date(decidedAt.getTime() + deferral.days * DAY_MS) : null,
        createdAt: requestedAt,
        updatedAt: decidedAt ?? requestedAt,
      })
    }
    await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
      resource: 'business',
      resourceId: business.id,
      action: 'SEED_DEMO_KYC_DOCUMENTS',
      after: { documents: stored.map((f) => f.type.code), deferral: deferredType?.code ?? null },
    })
  })
}

function reviewOf(
  business: BusinessRow,
  index: number,
  type: typeof kycDocumentTypes.$inferSelect,
  approverId: string | null,
  approvedAt: Date,
) {
  const reviewed = (status: 'APPROVED' | 'REJECTED', reviewComment: string | null = null) => ({
    status,
    reviewComment,
    reviewedBy: approverId,
    reviewedAt: new Date(approvedAt.getTime() - DAY_MS),
  })
  if (business.approvalStatus === 'APPROVED') return reviewed('APPROVED')
  if (business.approvalStatus === 'DECLINED') {
    return type.code === firstCacOf(business)
      ? reviewed('REJECTED', 'The company name on this document does not match the registration.')
      : reviewed('APPROVED')
  }
  return type.isCac && CAC_APPROVED_WHILE_PENDING.has(index) ? reviewed('APPROVED') : { status: 'PENDING' as const }
}

/** The certificate of each class: the document a declined demo business had rejected. */
function firstCacOf(business: BusinessRow): string {
  return {
    RC: 'CERTIFICATE_OF_INCORPORATION',
    BN: 'BN_CERTIFICATE',
    IT: 'IT_CERTIFICATE',
    LP: 'LP_CERTIFICATE',
    LLP: 'LLP_CERTIFICATE',
  }[business.registrationClass]
}
