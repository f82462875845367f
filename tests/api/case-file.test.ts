import { spawnSync } from 'node:child_process'
import { createHash, generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import JSZip from 'jszip'
import { beforeAll, describe, expect, it } from 'vitest'
import type { OwnershipGraph } from '@/lib/contracts/ownership'
import type { EnhancedDueDiligence } from '@/lib/contracts/risk-edd'
import { getDb } from '@/server/db/client'
import { audits, files, personalDataViews, riskAssessments, sessions } from '@/server/db/schema'
import { getBlobStorage } from '@/server/integrations/blob/blob-storage'
import type { CaseFileManifest } from '@/server/modules/evidence/case-file'
import { signEvidence } from '@/server/modules/evidence/signing-key'
import { verifyCaseFile } from '@/server/modules/evidence/verify-case-file'
import { api, errorsOf, signedInUser } from './helpers'
import { addressBody, createKyc, ownerWithBusiness } from './kyc-fixtures'
import { businessReadyForApproval } from './review-fixtures'
import { businessOfTier } from './risk-fixtures'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

let ready: Awaited<ReturnType<typeof businessReadyForApproval>>
let staff: Awaited<ReturnType<typeof signedInUser>>
let zipBytes: Buffer

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function rezip(change: (zip: JSZip) => Promise<void>): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(zipBytes)
  await change(zip)
  return zip.generateAsync({ type: 'uint8array' })
}

beforeAll(async () => {
  ready = await businessReadyForApproval()
  // The fixture's documents as stored blobs, recorded with their size and SHA-256 as a confirmed upload is, so the
  // case file carries their original bytes.
  const db = await getDb()
  const stored = await db.select().from(files).where(eq(files.businessId, ready.business.id))
  for (const file of stored) {
    await getBlobStorage().upload(file.blobName, PDF, 'application/pdf')
    await db
      .update(files)
      .set({ sizeBytes: PDF.length, sha256: sha256(PDF) })
      .where(eq(files.id, file.id))
  }
  staff = await signedInUser({ staffRole: 'APPROVER' })
  const res = await api(`/businesses/${ready.business.id}/case-file`, { token: staff.token })
  expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/zip')
  expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="case-file-.*\.zip"/)
  zipBytes = Buffer.from(await res.arrayBuffer())
}, 120_000)

describe('case file', () => {
  it('holds the KYC PDF, every document as stored, the records and the audit slice, each in the signed manifest', async () => {
    const zip = await JSZip.loadAsync(zipBytes)
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as CaseFileManifest
    expect(manifest.business).toMatchObject({ id: ready.business.id, name: ready.business.name })
    expect(manifest.exportedBy.email).toBe(staff.user.email)
    const paths = manifest.files.map((f) => f.path)
    for (const path of [
      'kyc-summary.pdf',
      'business.json',
      'verification.json',
      'screening.json',
      'risk.json',
      'deferrals.json',
      'ownership.json',
      'decisions.json',
      'audit/business.ndjson',
      'audit/chain.ndjson',
    ])
      expect(paths).toContain(path)
    const documents = manifest.files.filter((f) => f.path.startsWith('documents/'))
    expect(documents).toHaveLength(ready.documents.length)
    expect(manifest.missingDocuments).toEqual([])
    expect(Buffer.from(await zip.file(documents[0]!.path)!.async('uint8array'))).toEqual(PDF)
    expect((await zip.file('kyc-summary.pdf')!.async('string')).startsWith('%PDF')).toBe(true)
    expect(JSON.parse(await zip.file('business.json')!.async('string'))).toMatchObject({
      business: { id: ready.business.id },
    })
    // The structure and its persons with significant control, as the review's graph reads them (docs/ownership.md).
    const ownership = JSON.parse(await zip.file('ownership.json')!.async('string')) as OwnershipGraph
    expect(ownership.nodes[0]).toMatchObject({ id: ready.business.id, kind: 'BUSINESS' })
    expect(ownership.personsWithSignificantControl.length).toBeGreaterThan(0)
    for (const psc of ownership.personsWithSignificantControl) expect(psc.reasons.length).toBeGreaterThan(0)

    const check = await verifyCaseFile(zipBytes)
    expect(check.problems, check.problems.join('; ')).toEqual([])
    expect(check.ok).toBe(true)

    // The key the portal publishes is the one in the file.
    const published = await api('/evidence/signing-key')
    expect(published.status).toBe(200)
    const pem = await published.text()
    expect(pem).toBe(await zip.file('public-key.pem')!.async('string'))
    expect((await verifyCaseFile(zipBytes, { publicKeyPem: pem })).ok).toBe(true)
  })

  it('holds identity numbers in clear for staff who may reveal them, masked only for those who may not', async () => {
    // The approver holds CAN_VIEW_SENSITIVE_KYC: the numbers in clear, each audited with the file.
    const zip = await JSZip.loadAsync(zipBytes)
    const people = JSON.parse(await zip.file('identity-numbers.json')!.async('string')) as { idNumber?: string }[]
    expect(people.length).toBeGreaterThan(0)
    expect(people.some((p) => p.idNumber && !p.idNumber.includes('*'))).toBe(true)
    const db = await getDb()
    const [row] = await db
      .select()
      .from(audits)
      .where(
        and(eq(audits.resourceId, ready.business.id), eq(audits.action, 'EXPORT_CASE_FILE'), eq(audits.actorId, staff.user.id)),
      )
    expect((row!.after as { revealed: unknown[] }).revealed.length).toBe(people.length)

    // An auditor reads businesses but may not reveal: no clear number anywhere in the file.
    const auditor = await signedInUser({ staffRole: 'AUDITOR' })
    const res = await api(`/businesses/${ready.business.id}/case-file`, { token: auditor.token })
    expect(res.status).toBe(200)
    const masked = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()))
    expect(masked.file('identity-numbers.json')).toBeNull()
    const business = await masked.file('business.json')!.async('string')
    for (const person of people) if (person.idNumber) expect(business).not.toContain(person.idNumber)
  })

  it('is logged as a view of each person it holds and audited', async () => {
    const db = await getDb()
    const [row] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, ready.business.id), eq(audits.action, 'EXPORT_CASE_FILE')))
    expect(row).toBeTruthy()
    const views = await db
      .select()
      .from(personalDataViews)
      .where(
        and(
          eq(personalDataViews.businessId, ready.business.id),
          eq(personalDataViews.detail, 'case file, identity numbers in clear'),
        ),
      )
    expect(views.length).toBeGreaterThan(0)
    expect(views.some((v) => v.actorId === staff.user.id)).toBe(true)
    // Each document, as opening it would be.
    const fileViews = await db
      .select()
      .from(personalDataViews)
      .where(
        and(
          eq(personalDataViews.businessId, ready.business.id),
          eq(personalDataViews.subjectKind, 'FILE'),
          eq(personalDataViews.actorId, staff.user.id),
        ),
      )
    expect(new Set(fileViews.map((v) => v.subjectId))).toEqual(new Set(ready.documents.map((d) => d.fileId)))
    expect(fileViews.every((v) => v.detail === 'KYC_DOCUMENT')).toBe(true)
  })

  it('asks for a fresh factor: a session last proved over 5 minutes ago gets 401 STEP_UP_REQUIRED and no file', async () => {
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    const past = new Date(Date.now() - 6 * 60_000)
    const db = await getDb()
    await db
      .update(sessions)
      .set({ passwordVerifiedAt: past, factorVerifiedAt: past })
      .where(eq(sessions.id, approver.session.id))
    // Aged before the token's first request, so no server (in process or another) has this session's actor cached.
    const refused = await api(`/businesses/${ready.business.id}/case-file`, { token: approver.token })
    expect(refused.status).toBe(401)
    expect((await errorsOf(refused))[0]!.code).toBe('STEP_UP_REQUIRED')
    const exported = await db
      .select()
      .from(audits)
      .where(
        and(
          eq(audits.resourceId, ready.business.id),
          eq(audits.action, 'EXPORT_CASE_FILE'),
          eq(audits.actorId, approver.user.id),
        ),
      )
    expect(exported).toEqual([])
  })

  it('says which documents storage no longer holds or holds other bytes for, instead of signing them as stored', async () => {
    const db = await getDb()
    const [altered, gone] = await db.select().from(files).where(eq(files.businessId, ready.business.id))
    const storage = getBlobStorage()
    await storage.delete(altered!.blobName)
    await storage.upload(altered!.blobName, Buffer.from('%PDF-1.4 swapped in storage'), 'application/pdf')
    await storage.delete(gone!.blobName)
    try {
      const res = await api(`/businesses/${ready.business.id}/case-file`, { token: staff.token })
      expect(res.status).toBe(200)
      const bytes = Buffer.from(await res.arrayBuffer())
      const zip = await JSZip.loadAsync(bytes)
      const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as CaseFileManifest
      expect(manifest.missingDocuments).toEqual(
        expect.arrayContaining([
          { fileId: altered!.id, fileName: altered!.fileName, reason: 'NOT_AS_RECORDED' },
          { fileId: gone!.id, fileName: gone!.fileName, reason: 'NOT_IN_STORAGE' },
        ]),
      )
      expect(manifest.missingDocuments).toHaveLength(2)
      const notes = manifest.files.filter((f) => f.path.endsWith('.MISSING.txt')).map((f) => f.path)
      expect(notes).toHaveLength(2)
      const texts = await Promise.all(notes.map((path) => zip.file(path)!.async('string')))
      expect(texts.join('\n')).toContain(`The document ${altered!.id} is not in this file: storage held other bytes`)
      expect(texts.join('\n')).toContain(`The document ${gone!.id} was not in storage`)
      // The swapped bytes are nowhere in the file, which still verifies.
      for (const f of manifest.files.filter((e) => e.path.startsWith('documents/') && !e.path.endsWith('.txt')))
        expect(Buffer.from(await zip.file(f.path)!.async('uint8array'))).toEqual(PDF)
      expect((await verifyCaseFile(bytes)).ok).toBe(true)
    } finally {
      await storage.delete(altered!.blobName)
      await storage.upload(altered!.blobName, PDF, 'application/pdf')
      await storage.upload(gone!.blobName, PDF, 'application/pdf')
    }
  }, 60_000)

  it("holds the audit rows of the business's records deleted before, and ends the chain at its own export row", async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const kyc = await createKyc(owner.token, businessId)
    const created = await api('/kyc/addresses', { method: 'POST', token: owner.token, json: addressBody(kyc.id) })
    expect(created.status, await created.clone().text()).toBe(201)
    const addressId = ((await created.json()) as { id: string }).id
    expect((await api(`/kyc/addresses/${addressId}`, { method: 'DELETE', token: owner.token })).status).toBe(204)

    const res = await api(`/businesses/${businessId}/case-file`, { token: staff.token })
    expect(res.status).toBe(200)
    const bytes = Buffer.from(await res.arrayBuffer())
    const zip = await JSZip.loadAsync(bytes)
    const rows = (await zip.file('audit/business.ndjson')!.async('string'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { seq: number; hash: string; resourceId: string; action: string })
    expect(rows.filter((r) => r.resourceId === addressId).map((r) => r.action)).toEqual(['CREATE', 'DELETE'])
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as CaseFileManifest
    const last = rows.at(-1)!
    expect(last.action).toBe('EXPORT_CASE_FILE')
    expect(manifest.chainHead).toEqual({ seq: last.seq, hash: last.hash })
    expect((await verifyCaseFile(bytes)).ok).toBe(true)
  }, 60_000)

  it('names a changed document, a manifest that is not the signed one, an edited audit row and another key', async () => {
    const zip = await JSZip.loadAsync(zipBytes)
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as CaseFileManifest
    const document = manifest.files.find((f) => f.path.startsWith('documents/'))!.path

    const changedDocument = await verifyCaseFile(await rezip(async (z) => void z.file(document, 'not the stored bytes')))
    expect(changedDocument.ok).toBe(false)
    expect(changedDocument.problems.join('\n')).toContain(`${document}: SHA-256`)

    const changedManifest = await verifyCaseFile(
      await rezip(async (z) => void z.file('manifest.json', JSON.stringify({ ...manifest, exportedAt: '2020-01-01' }))),
    )
    expect(changedManifest.problems).toContain('manifest.sig is not a signature of manifest.json by the key')

    // An audit row edited by someone who could even re-sign the manifest: the row's own hash gives it away.
    const edited = await rezip(async (z) => {
      const slice = await z.file('audit/business.ndjson')!.async('string')
      const lines = slice.trim().split('\n')
      const row = JSON.parse(lines[0]!) as { seq: number; action: string }
      lines[0] = JSON.stringify({ ...row, action: 'FORGED' })
      const text = `${lines.join('\n')}\n`
      z.file('audit/business.ndjson', text)
      const { createHash } = await import('node:crypto')
      const files = manifest.files.map((f) =>
        f.path === 'audit/business.ndjson'
          ? { ...f, sha256: createHash('sha256').update(text).digest('hex'), bytes: Buffer.byteLength(text) }
          : f,
      )
      const resigned = Buffer.from(`${JSON.stringify({ ...manifest, files }, null, 2)}\n`)
      z.file('manifest.json', resigned)
      z.file('manifest.sig', `${signEvidence(resigned)}\n`)
    })
    const editedCheck = await verifyCaseFile(edited)
    expect(editedCheck.ok).toBe(false)
    expect(editedCheck.problems.join('\n')).toMatch(/audit row \d+: its fields do not give its hash/)

    const other = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString()
    expect((await verifyCaseFile(zipBytes, { publicKeyPem: other })).problems).toContain(
      'manifest.sig is not a signature of manifest.json by the key',
    )

    // The shell command says the same and fails.
    const dir = mkdtempSync(join(tmpdir(), 'case-file-'))
    writeFileSync(join(dir, 'tampered.zip'), edited)
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/evidence-verify.ts', join(dir, 'tampered.zip')], {
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stdout).toMatch(/MISMATCH audit row \d+: its fields do not give its hash/)
  }, 60_000)

  it("holds a HIGH business's enhanced due diligence as its review reads it", async () => {
    const { business } = await businessOfTier('HIGH')
    const res = await api(`/businesses/${business.id}/case-file`, { token: staff.token })
    expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200)
    const bytes = Buffer.from(await res.arrayBuffer())
    const zip = await JSZip.loadAsync(bytes)
    const edd = JSON.parse(await zip.file('enhanced-due-diligence.json')!.async('string')) as EnhancedDueDiligence
    expect(edd.required).toBe(true)
    expect(edd.items.map((i) => i.item)).toEqual(
      expect.arrayContaining(['SOURCE_OF_FUNDS', 'PURPOSE_OF_RELATIONSHIP', 'EXPECTED_ACTIVITY']),
    )
    expect((await verifyCaseFile(bytes)).ok).toBe(true)
  }, 60_000)

  it('holds the whole risk history, not its first page', async () => {
    const { business } = await businessOfTier('LOW')
    const db = await getDb()
    const [current] = await db.select().from(riskAssessments).where(eq(riskAssessments.businessId, business.id))
    const earlier = Array.from({ length: 120 }, (_, i) => ({
      businessId: business.id,
      modelVersion: current!.modelVersion,
      score: current!.score,
      tier: current!.tier,
      factors: current!.factors,
      reason: current!.reason,
      assessedAt: new Date(current!.assessedAt.getTime() - (i + 1) * 60_000),
      supersededAt: new Date(current!.assessedAt.getTime() - i * 60_000),
    }))
    await db.insert(riskAssessments).values(earlier)
    const res = await api(`/businesses/${business.id}/case-file`, { token: staff.token })
    expect(res.status).toBe(200)
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()))
    const risk = JSON.parse(await zip.file('risk.json')!.async('string')) as { history: { assessedAt: string }[] }
    expect(risk.history).toHaveLength(121)
    // Newest first, the oldest last.
    expect(risk.history.at(-1)!.assessedAt).toBe(earlier.at(-1)!.assessedAt.toISOString())
  }, 60_000)

  it('is refused to business users and to staff who may not read businesses; 404 for an unknown business', async () => {
    expect((await api(`/businesses/${ready.business.id}/case-file`, { token: ready.owner.token })).status).toBe(403)
    const products = await signedInUser({ staffRole: 'PRODUCT_MANAGER' })
    expect((await api(`/businesses/${ready.business.id}/case-file`, { token: products.token })).status).toBe(403)
    const unknown = await api('/businesses/00000000-0000-4000-8000-000000000000/case-file', { token: staff.token })
    expect(unknown.status).toBe(404)
  })
})
