import { createHash } from 'node:crypto'
import { BlobServiceClient, BlockBlobClient } from '@azure/storage-blob'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getConfig } from '@/lib/config/env'
import { getDb } from '@/server/db/client'
import { audits, businesses, files } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { createBlobStorage } from '@/server/integrations/blob/blob-storage'
import { deleteStoredFile, getAttachableFile, storeServerUpload } from '@/server/records/attachable-file'
import { api, errorsOf, signedInUser } from './helpers'

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
)
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
)
/** The start of a Windows executable ("MZ" header) padded out. */
const EXE = Uint8Array.from([
  0x4d,
  0x5a,
  0x90,
  0x00,
  0x03,
  0x00,
  0x00,
  0x00,
  0x04,
  0x00,
  0x00,
  0x00,
  0xff,
  0xff,
  ...new Array(200).fill(0),
])

interface Slot {
  fileId: string
  uploadUrl: string
  blobUrl: string
  expiresAt: string
}

function container() {
  const config = getConfig()
  return BlobServiceClient.fromConnectionString(config.storage.connectionString!).getContainerClient(config.storage.container)
}

function blobNameOf(slot: Slot): string {
  const prefix = `/${getConfig().storage.container}/`
  const path = decodeURIComponent(new URL(slot.blobUrl).pathname)
  return path.slice(path.indexOf(prefix) + prefix.length)
}

async function slotFor(token: string, body: Record<string, unknown>) {
  return api('/files/upload-url', { method: 'POST', token, json: body })
}

async function newSlot(token: string, body: Record<string, unknown>): Promise<Slot> {
  const res = await slotFor(token, body)
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
  return (await res.json()) as Slot
}

async function putThroughSas(slot: Slot, bytes: Uint8Array) {
  await new BlockBlobClient(slot.uploadUrl).uploadData(bytes)
}

const confirm = (token: string, fileId: string) => api(`/files/${fileId}/confirm`, { method: 'POST', token })

/** Slot → upload through the SAS → confirm, as the browser does; returns the confirm answer. */
async function uploadAndConfirm(token: string, body: Record<string, unknown>, bytes: Uint8Array) {
  const slot = await newSlot(token, { size: bytes.byteLength, ...body })
  await putThroughSas(slot, bytes)
  return { slot, res: await confirm(token, slot.fileId) }
}

async function fileRow(id: string) {
  const db = await getDb()
  const [row] = await db.select().from(files).where(eq(files.id, id))
  return row
}

let owner: Awaited<ReturnType<typeof signedInUser>>
let businessId: string
let outsider: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  owner = await signedInUser({ businesses: [{}] })
  businessId = owner.businessIds[0]!
  outsider = await signedInUser({ businesses: [{}] })
})

describe('GET /files/upload-limits', () => {
  it('answers the configured limit and types without a token', async () => {
    const res = await api('/files/upload-limits')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ maxBytes: 5 * 1024 * 1024, allowedTypes: ['image/png', 'image/jpeg', 'application/pdf'] })
  })
})

describe('upload through a SAS URL, confirm, read back', () => {
  it('stores a PDF and streams the same bytes back with safe headers', async () => {
    const { slot, res } = await uploadAndConfirm(
      owner.token,
      { fileName: 'Certificate "of" incorporation é.pdf', contentType: 'application/pdf', purpose: 'KYC_DOCUMENT', businessId },
      PDF,
    )
    expect(res.status).toBe(200)
    const summary = (await res.json()) as Record<string, unknown>
    expect(summary).toEqual({
      id: slot.fileId,
      fileName: 'Certificate "of" incorporation é.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.byteLength,
      url: `/api/v1/files/${slot.fileId}`,
    })
    expect(blobNameOf(slot)).toMatch(/^staging\/[0-9a-f-]{36}\/Certificate_of_incorporation_e\.pdf$/)
    expect(new Date(slot.expiresAt).getTime()).toBeGreaterThan(Date.now())

    const got = await api(`/files/${slot.fileId}`, { token: owner.token })
    expect(got.status).toBe(200)
    expect(got.headers.get('content-type')).toBe('application/pdf')
    expect(got.headers.get('content-length')).toBe(String(PDF.byteLength))
    expect(got.headers.get('x-content-type-options')).toBe('nosniff')
    expect(got.headers.get('cache-control')).toBe('private')
    expect(got.headers.get('content-disposition')).toBe(
      `inline; filename="Certificate_of_incorporation_e.pdf"; filename*=UTF-8''Certificate_of_incorporation_e.pdf`,
    )
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PDF)

    const db = await getDb()
    const trail = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resource, 'file'), eq(audits.resourceId, slot.fileId)))
      .orderBy(audits.seq)
    expect(trail.map((a) => a.action)).toEqual(['create_upload_slot', 'confirm'])
  })

  it('records the sniffed type, not the declared one, and confirming again answers the same file', async () => {
    const { slot, res } = await uploadAndConfirm(
      owner.token,
      { fileName: 'photo.jpg', contentType: 'image/jpg', purpose: 'PASSPORT_PHOTO', businessId },
      PNG,
    )
    expect(res.status).toBe(200)
    expect(((await res.json()) as { contentType: string }).contentType).toBe('image/png')
    const again = await confirm(owner.token, slot.fileId)
    expect(again.status).toBe(200)
    expect(((await again.json()) as { id: string }).id).toBe(slot.fileId)
    const got = await api(`/files/${slot.fileId}`, { token: owner.token })
    expect(got.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PNG)
  })

  it('refuses a ".pdf" whose bytes are an executable: 415, blob and row deleted, audited', async () => {
    const { slot, res } = await uploadAndConfirm(
      owner.token,
      { fileName: 'invoice.pdf', contentType: 'application/pdf', purpose: 'KYC_DOCUMENT', businessId },
      EXE,
    )
    expect(res.status).toBe(415)
    expect((await errorsOf(res))[0]).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
    expect(await container().getBlockBlobClient(blobNameOf(slot)).exists()).toBe(false)
    expect(await fileRow(slot.fileId)).toBeUndefined()
    const db = await getDb()
    const trail = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resource, 'file'), eq(audits.resourceId, slot.fileId)))
      .orderBy(audits.seq)
    expect(trail.map((a) => a.action)).toEqual(['create_upload_slot', 'reject_upload'])
  })

  it('refuses more bytes than were declared at confirm: 413, deleted', async () => {
    const slot = await newSlot(owner.token, {
      fileName: 'small.pdf',
      contentType: 'application/pdf',
      size: 20,
      purpose: 'KYC_DOCUMENT',
      businessId,
    })
    await putThroughSas(slot, PDF)
    const res = await confirm(owner.token, slot.fileId)
    expect(res.status).toBe(413)
    expect((await errorsOf(res))[0]!.code).toBe('PAYLOAD_TOO_LARGE')
    expect(await container().getBlockBlobClient(blobNameOf(slot)).exists()).toBe(false)
    expect(await fileRow(slot.fileId)).toBeUndefined()
  })

  it('refuses a blob over the configured limit at confirm: 413 naming the limit, deleted', async () => {
    const max = getConfig().uploadMaxBytes
    const big = new Uint8Array(max + 1)
    big.set(PDF)
    const slot = await newSlot(owner.token, {
      fileName: 'big.pdf',
      contentType: 'application/pdf',
      size: max,
      purpose: 'KYC_DOCUMENT',
      businessId,
    })
    await putThroughSas(slot, big)
    const res = await confirm(owner.token, slot.fileId)
    expect(res.status).toBe(413)
    expect((await errorsOf(res))[0]!.message).toBe('The file is larger than 5 MB')
    expect(await container().getBlockBlobClient(blobNameOf(slot)).exists()).toBe(false)
    expect(await fileRow(slot.fileId)).toBeUndefined()
  })

  it("sweeps the uploader's long-expired pending slots, blob included, when a new slot is asked for", async () => {
    const user = await signedInUser({ businesses: [{}] })
    const body = {
      fileName: 'old.pdf',
      contentType: 'application/pdf',
      size: PDF.byteLength,
      purpose: 'KYC_DOCUMENT',
      businessId: user.businessIds[0],
    }
    const old = await newSlot(user.token, body)
    await putThroughSas(old, PDF)
    const db = await getDb()
    await db
      .update(files)
      .set({ createdAt: new Date(Date.now() - 3 * 60 * 60 * 1000) })
      .where(eq(files.id, old.fileId))
    const recent = await newSlot(user.token, body)
    await newSlot(user.token, body)
    expect(await fileRow(old.fileId)).toBeUndefined()
    expect(await container().getBlockBlobClient(blobNameOf(old)).exists()).toBe(false)
    expect((await fileRow(recent.fileId))?.status).toBe('PENDING')
    // Handing out a slot and sweeping an abandoned one are both audited, by the uploader.
    const actions = async (fileId: string) =>
      (
        await db
          .select({ action: audits.action, actorId: audits.actorId })
          .from(audits)
          .where(and(eq(audits.resource, 'file'), eq(audits.resourceId, fileId)))
      ).map((a) => [a.action, a.actorId])
    expect(await actions(old.fileId)).toEqual([
      ['create_upload_slot', user.user.id],
      ['sweep_abandoned_slot', user.user.id],
    ])
    expect(await actions(recent.fileId)).toEqual([['create_upload_slot', user.user.id]])
  })

  it('gives a user at most 5 open slots (a confirmed one frees its place) and 60 slot requests an hour, then 429', async () => {
    const user = await signedInUser({ businesses: [{}] })
    const body = { fileName: 'many.pdf', contentType: 'application/pdf', size: PDF.byteLength, purpose: 'KYC_DOCUMENT' }
    const ask = () => slotFor(user.token, { ...body, businessId: user.businessIds[0] })
    const open: Slot[] = []
    for (let i = 0; i < 5; i++) open.push(await newSlot(user.token, { ...body, businessId: user.businessIds[0] }))
    const sixth = await ask()
    expect(sixth.status).toBe(429)
    expect((await errorsOf(sixth))[0]!.message).toMatch(/You have 5 uploads under way/)
    expect(sixth.headers.get('retry-after')).toBeTruthy()
    const pendingRows = async () =>
      (await (await getDb()).select().from(files).where(eq(files.uploadedBy, user.user.id))).filter((f) => f.status === 'PENDING')
    expect(await pendingRows()).toHaveLength(5)

    // Finishing one upload frees its place.
    await putThroughSas(open[0]!, PDF)
    expect((await confirm(user.token, open[0]!.fileId)).status).toBe(200)
    expect((await ask()).status).toBe(201)

    // 7 requests so far; the hourly cap counts every request, refused or not.
    let requests = 7
    let last: Response
    do {
      last = await ask()
      requests++
    } while (last.status !== 429 || (await last.clone().json()).errors[0].message.includes('under way'))
    expect(requests).toBe(61)
    expect((await errorsOf(last))[0]!.message).toMatch(/Too many uploads this hour/)
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(60)
  })

  it('answers 409 when confirming before anything was uploaded', async () => {
    const slot = await newSlot(owner.token, {
      fileName: 'later.pdf',
      contentType: 'application/pdf',
      size: 100,
      purpose: 'KYC_DOCUMENT',
      businessId,
    })
    const res = await confirm(owner.token, slot.fileId)
    expect(res.status).toBe(409)
    expect((await errorsOf(res))[0]!.code).toBe('PRECONDITION_FAILED')
    expect((await fileRow(slot.fileId))?.status).toBe('PENDING')
  })
})

describe('POST /files/upload-url checks', () => {
  const base = () => ({ fileName: 'a.pdf', contentType: 'application/pdf', size: 1000, purpose: 'KYC_DOCUMENT', businessId })

  it('needs a token', async () => {
    expect((await api('/files/upload-url', { method: 'POST', json: base() })).status).toBe(401)
  })

  it('refuses a size over the limit with 413 on size', async () => {
    const res = await slotFor(owner.token, { ...base(), size: 5 * 1024 * 1024 + 1 })
    expect(res.status).toBe(413)
    expect((await errorsOf(res))[0]).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      field: 'size',
      message: 'The file is larger than 5 MB',
    })
  })

  it('refuses a declared type other than png, jpeg or pdf with 415 on contentType', async () => {
    const res = await slotFor(owner.token, { ...base(), fileName: 'a.exe', contentType: 'application/x-msdownload' })
    expect(res.status).toBe(415)
    expect((await errorsOf(res))[0]).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', field: 'contentType' })
  })

  it('needs the business for a business purpose, and validates the body', async () => {
    const { businessId: _omit, ...withoutBusiness } = base()
    const res = await slotFor(owner.token, withoutBusiness)
    expect(res.status).toBe(400)
    expect((await errorsOf(res))[0]!.field).toBe('businessId')

    const bad = await slotFor(owner.token, { fileName: '', size: 0, purpose: 'SELFIE', contentType: 'application/pdf' })
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad)).map((e) => e.field).sort()).toEqual(['fileName', 'purpose', 'size'])
  })

  it('gives a SAS that can write only its own blob and cannot read', async () => {
    const asked = Date.now()
    const slot = await newSlot(owner.token, { ...base(), size: PDF.byteLength })
    const url = new URL(slot.uploadUrl)
    url.pathname = url.pathname.replace(/[^/]+$/, 'other-name.pdf')
    await expect(new BlockBlobClient(url.toString()).uploadData(PDF)).rejects.toMatchObject({ statusCode: 403 })
    await putThroughSas(slot, PDF)
    await expect(new BlockBlobClient(slot.uploadUrl).downloadToBuffer()).rejects.toMatchObject({ statusCode: 403 })
    const sas = new URL(slot.uploadUrl).searchParams
    expect(sas.get('sp')).toBe('cw')
    expect(sas.get('sr')).toBe('b')
    // Starts at most a minute before it was asked for (clock skew), so it lives no longer than its TTL plus that
    // minute. Counted from the request, not from the end of this test, which a busy machine may make slow; `st` is
    // whole seconds, hence the one second more.
    const startsBeforeAsked = asked - new Date(sas.get('st')!).getTime()
    expect(startsBeforeAsked).toBeGreaterThan(0)
    expect(startsBeforeAsked).toBeLessThanOrEqual(61_000)
  })
})

describe('a confirmed file cannot be replaced', () => {
  const pdfSlot = () => ({ fileName: 'a.pdf', contentType: 'application/pdf', purpose: 'KYC_DOCUMENT', businessId })
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

  it('refuses a PUT through the kept upload URL after confirm, and serves only the confirmed bytes', async () => {
    const { slot, res } = await uploadAndConfirm(owner.token, { ...pdfSlot(), size: PDF.byteLength }, PDF)
    expect(res.status).toBe(200)
    const row = (await fileRow(slot.fileId))!
    expect(row.sha256).toBe(sha256(PDF))
    expect(row.blobName).not.toBe(blobNameOf(slot))
    // The staging blob is gone; the kept SAS names only it, so it cannot reach the confirmed copy.
    expect(await container().getBlockBlobClient(blobNameOf(slot)).exists()).toBe(false)
    const other = new URL(slot.uploadUrl)
    other.pathname = other.pathname.replace(/\/staging\/.*$/, `/${row.blobName}`)
    await expect(new BlockBlobClient(other.toString()).uploadData(EXE)).rejects.toMatchObject({ statusCode: 403 })

    // A PUT through the kept URL itself lands in staging again, and is never served.
    const evil = new Uint8Array([
      ...PDF.subarray(0, 9),
      ...new TextEncoder().encode('% replaced after confirm'),
      ...PDF.subarray(9),
    ])
    await putThroughSas(slot, evil).catch(() => undefined)
    const got = await api(`/files/${slot.fileId}`, { token: owner.token })
    expect(got.status).toBe(200)
    const served = new Uint8Array(await got.arrayBuffer())
    expect(served).toEqual(PDF)
    expect(sha256(served)).toBe(row.sha256)
  })

  it('answers an error, not the bytes, when the stored blob no longer matches the confirmed size or hash', async () => {
    const { slot } = await uploadAndConfirm(owner.token, { ...pdfSlot(), size: PDF.byteLength }, PDF)
    const blob = container().getBlockBlobClient((await fileRow(slot.fileId))!.blobName)
    const sameSize = Uint8Array.from(PDF)
    sameSize[20] = sameSize[20]! ^ 0xff
    await blob.uploadData(sameSize)
    const tampered = await api(`/files/${slot.fileId}`, { token: owner.token })
    expect(tampered.status).toBe(500)
    expect((await errorsOf(tampered))[0]!.message).toContain('integrity check')

    await blob.uploadData(new Uint8Array([...PDF, 0x0a]))
    expect((await api(`/files/${slot.fileId}`, { token: owner.token })).status).toBe(500)
  })

  it('checks, hashes and copies one read of the staged bytes: a larger blob than declared is still refused', async () => {
    const slot = await newSlot(owner.token, { ...pdfSlot(), size: PDF.byteLength })
    await putThroughSas(slot, new Uint8Array([...PDF, ...new Uint8Array(100)]))
    const res = await confirm(owner.token, slot.fileId)
    expect(res.status).toBe(413)
    expect(await fileRow(slot.fileId)).toBeUndefined()
  })
})

describe('SAS protocol', () => {
  it('is HTTPS only in production and allows HTTP (Azurite) elsewhere', () => {
    const expires = new Date(Date.now() + 60_000)
    const sasOf = (isProduction: boolean) =>
      new URL(createBlobStorage({ ...getConfig(), isProduction }).createUploadUrl('x/a.pdf', expires).uploadUrl).searchParams
    expect(sasOf(true).get('spr')).toBe('https')
    expect(sasOf(false).get('spr')).toBe('https,http')
    expect(sasOf(true).get('se')).toBe(expires.toISOString().replace(/\.\d{3}Z$/, 'Z'))
  })
})

describe('upload rights by purpose', () => {
  const slotBody = (purpose: string, business: string | undefined = businessId) => ({
    fileName: 'a.pdf',
    contentType: 'application/pdf',
    size: PDF.byteLength,
    purpose,
    ...(business ? { businessId: business } : {}),
  })
  const KYC_PURPOSES = ['KYC_DOCUMENT', 'MEANS_OF_ID', 'ADDRESS_DOC', 'PASSPORT_PHOTO']

  it('refuses the auditor, the government officer and the product manager a slot in a business (403), and writes nothing', async () => {
    const db = await getDb()
    for (const staffRole of ['AUDITOR', 'GOVERNMENT_OFFICER', 'PRODUCT_MANAGER'] as const) {
      const staff = await signedInUser({ staffRole })
      for (const purpose of [...KYC_PURPOSES, 'PRODUCT_REQUIREMENT']) {
        const res = await slotFor(staff.token, slotBody(purpose))
        expect(res.status, `${staffRole} ${purpose}`).toBe(403)
      }
      expect(await db.select().from(files).where(eq(files.uploadedBy, staff.user.id)), staffRole).toEqual([])
    }
  })

  it('lets the owner and a member upload KYC files; PRODUCT_REQUIREMENT needs the right to answer requirements', async () => {
    const member = await signedInUser({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] })
    for (const user of [owner, member]) {
      for (const purpose of KYC_PURPOSES)
        expect((await uploadAndConfirm(user.token, slotBody(purpose), PDF)).res.status, purpose).toBe(200)
    }
    expect((await uploadAndConfirm(owner.token, slotBody('PRODUCT_REQUIREMENT'), PDF)).res.status).toBe(200)
    expect((await slotFor(member.token, slotBody('PRODUCT_REQUIREMENT'))).status).toBe(403)
  })

  it('GOVERNMENT_DOCUMENT needs CAN_CREATE_GOVERNMENT_ENTITY; SUPPORT_ATTACHMENT only a signed-in user', async () => {
    const government = await signedInUser({ staffRole: 'GOVERNMENT_OFFICER' })
    expect((await uploadAndConfirm(government.token, slotBody('GOVERNMENT_DOCUMENT', undefined), PDF)).res.status).toBe(200)
    for (const user of [
      owner,
      await signedInUser({ staffRole: 'AUDITOR' }),
      await signedInUser({ staffRole: 'PRODUCT_MANAGER' }),
    ]) {
      expect((await slotFor(user.token, slotBody('GOVERNMENT_DOCUMENT', undefined))).status).toBe(403)
      expect((await slotFor(user.token, slotBody('SUPPORT_ATTACHMENT', undefined))).status).toBe(201)
    }
  })

  it('confirm repeats the check: a KYC slot of a business approved meanwhile cannot be confirmed by its owner (403)', async () => {
    const { owner: own, businessIds } = await (async () => {
      const u = await signedInUser({ businesses: [{}] })
      return { owner: u, businessIds: u.businessIds }
    })()
    const slot = await newSlot(own.token, slotBody('MEANS_OF_ID', businessIds[0]))
    await putThroughSas(slot, PDF)
    const db = await getDb()
    await db.update(businesses).set({ approvalStatus: 'APPROVED' }).where(eq(businesses.id, businessIds[0]!))
    expect((await confirm(own.token, slot.fileId)).status).toBe(403)
    expect((await fileRow(slot.fileId))!.status).toBe('PENDING')
  })
})

describe('access across businesses', () => {
  it('answers 404 to another business on upload-url, confirm and GET', async () => {
    const res = await slotFor(outsider.token, {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: 10,
      purpose: 'KYC_DOCUMENT',
      businessId,
    })
    expect(res.status).toBe(404)

    const slot = await newSlot(owner.token, {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: PDF.byteLength,
      purpose: 'KYC_DOCUMENT',
      businessId,
    })
    await putThroughSas(slot, PDF)
    expect((await confirm(outsider.token, slot.fileId)).status).toBe(404)
    expect((await api(`/files/${slot.fileId}`, { token: owner.token })).status).toBe(404) // still pending
    expect((await confirm(owner.token, slot.fileId)).status).toBe(200)
    expect((await api(`/files/${slot.fileId}`, { token: outsider.token })).status).toBe(404)
  })

  it('lets other members and staff with CAN_READ_BUSINESS read; other staff get 404; only the uploader confirms', async () => {
    const member = await signedInUser({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] })
    const slot = await newSlot(owner.token, {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: PDF.byteLength,
      purpose: 'KYC_DOCUMENT',
      businessId,
    })
    await putThroughSas(slot, PDF)
    expect((await confirm(member.token, slot.fileId)).status).toBe(404)
    expect((await confirm(owner.token, slot.fileId)).status).toBe(200)

    expect((await api(`/files/${slot.fileId}`, { token: member.token })).status).toBe(200)
    const staff = await signedInUser({ staffPermissions: ['CAN_READ_BUSINESS', 'CAN_AUDIT_SYSTEM'] })
    expect((await api(`/files/${slot.fileId}`, { token: staff.token })).status).toBe(200)
    const otherStaff = await signedInUser({ staffPermissions: ['CAN_AUDIT_SYSTEM'] })
    expect((await api(`/files/${slot.fileId}`, { token: otherStaff.token })).status).toBe(404)
  })

  it('lets staff upload for any business', async () => {
    const staff = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const { res } = await uploadAndConfirm(
      staff.token,
      { fileName: 'a.pdf', contentType: 'application/pdf', purpose: 'KYC_DOCUMENT', businessId },
      PDF,
    )
    expect(res.status).toBe(200)
  })

  it('shows a file of no business to its uploader and staff only', async () => {
    const { slot, res } = await uploadAndConfirm(
      outsider.token,
      { fileName: 'ticket.png', contentType: 'image/png', purpose: 'SUPPORT_ATTACHMENT' },
      PNG,
    )
    expect(res.status).toBe(200)
    expect((await api(`/files/${slot.fileId}`, { token: outsider.token })).status).toBe(200)
    expect((await api(`/files/${slot.fileId}`, { token: owner.token })).status).toBe(404)
    const staff = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    expect((await api(`/files/${slot.fileId}`, { token: staff.token })).status).toBe(200)
  })

  it('files of no business are read by their uploader and the staff of their purpose only (issue 32)', async () => {
    const government = await signedInUser({ staffRole: 'GOVERNMENT_OFFICER' })
    const { slot: gov } = await uploadAndConfirm(
      government.token,
      { fileName: 'gazette.pdf', contentType: 'application/pdf', purpose: 'GOVERNMENT_DOCUMENT' },
      PDF,
    )
    const sender = await signedInUser()
    const { slot: support } = await uploadAndConfirm(
      sender.token,
      { fileName: 'ticket.pdf', contentType: 'application/pdf', purpose: 'SUPPORT_ATTACHMENT' },
      PDF,
    )
    const [otherOfficer, dpo, auditor, approver, admin] = await Promise.all([
      signedInUser({ staffRole: 'GOVERNMENT_OFFICER' }),
      signedInUser({ staffRole: 'DATA_PROTECTION_OFFICER' }),
      signedInUser({ staffRole: 'AUDITOR' }),
      signedInUser({ staffRole: 'APPROVER' }),
      signedInUser({ staffRole: 'SUPER_ADMIN' }),
    ])
    const status = async (fileId: string, token: string) => (await api(`/files/${fileId}`, { token })).status
    for (const reader of [government, otherOfficer, admin]) expect(await status(gov.fileId, reader.token)).toBe(200)
    for (const other of [dpo, auditor, approver, sender, owner]) expect(await status(gov.fileId, other.token)).toBe(404)
    // Support inquiries are read with CAN_READ_USER (the DPO, the auditor, the super admin).
    for (const reader of [sender, dpo, auditor, admin]) expect(await status(support.fileId, reader.token)).toBe(200)
    for (const other of [government, approver, owner]) expect(await status(support.fileId, other.token)).toBe(404)
  })

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await api(`/files/${crypto.randomUUID()}`, { token: owner.token })).status).toBe(404)
    expect((await api('/files/not-an-id', { token: owner.token })).status).toBe(400)
  })
})

describe('server-side interface', () => {
  function actorFor(user: Awaited<ReturnType<typeof signedInUser>>): Actor {
    return {
      userId: user.user.id,
      sessionId: user.session.id,
      email: user.user.email,
      firstName: 'Test',
      lastName: 'User',
      permissions: new Set(),
      staffPermissions: new Set(),
      memberships: [],
      isStaff: false,
      iswStaff: false,
      tokenExpiresAt: 0,
      proof: { factorVerifiedAt: null, passwordVerifiedAt: null, hasFactor: false, enrolmentOnly: false },
    }
  }

  async function refusal(run: Promise<unknown>) {
    const error = await run.then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(AppError)
    return error as AppError
  }

  it('getAttachableFile gives only a confirmed file of that business with one of the purposes', async () => {
    const db = await getDb()
    const { slot } = await uploadAndConfirm(
      owner.token,
      { fileName: 'a.pdf', contentType: 'application/pdf', purpose: 'KYC_DOCUMENT', businessId },
      PDF,
    )
    const file = await getAttachableFile(db, { fileId: slot.fileId, businessId, purposes: ['KYC_DOCUMENT', 'ADDRESS_DOC'] })
    expect(file.id).toBe(slot.fileId)

    const wrongPurpose = await refusal(getAttachableFile(db, { fileId: slot.fileId, businessId, purposes: ['MEANS_OF_ID'] }))
    expect(wrongPurpose.code).toBe('VALIDATION_FAILED')
    expect(wrongPurpose.details[0]!.field).toBe('fileId')
    const otherBusiness = await refusal(
      getAttachableFile(db, { fileId: slot.fileId, businessId: outsider.businessIds[0]!, purposes: ['KYC_DOCUMENT'] }),
    )
    expect(otherBusiness.details).toEqual(wrongPurpose.details)

    const pending = await newSlot(owner.token, {
      fileName: 'p.pdf',
      contentType: 'application/pdf',
      size: 10,
      purpose: 'KYC_DOCUMENT',
      businessId,
    })
    expect((await refusal(getAttachableFile(db, { fileId: pending.fileId, businessId, purposes: ['KYC_DOCUMENT'] }))).code).toBe(
      'VALIDATION_FAILED',
    )
    expect((await refusal(getAttachableFile(db, { fileId: 'nope', businessId, purposes: ['KYC_DOCUMENT'] }))).code).toBe(
      'VALIDATION_FAILED',
    )
  })

  it('storeServerUpload sniffs the bytes, stores a confirmed file, and refuses executables and oversize files', async () => {
    const db = await getDb()
    const stored = await storeServerUpload({
      db,
      actor: actorFor(owner),
      businessId,
      purpose: 'MEANS_OF_ID',
      fileName: 'id.pdf',
      bytes: PNG,
    })
    expect(stored).toMatchObject({
      status: 'CONFIRMED',
      contentType: 'image/png',
      sizeBytes: PNG.byteLength,
      businessId,
      uploadedBy: owner.user.id,
    })
    expect(new Uint8Array(await container().getBlockBlobClient(stored.blobName).downloadToBuffer())).toEqual(PNG)
    const got = await api(`/files/${stored.id}`, { token: owner.token })
    expect(got.headers.get('content-type')).toBe('image/png')

    const before = (await db.select().from(files)).length
    expect(
      (
        await refusal(
          storeServerUpload({ db, actor: actorFor(owner), businessId, purpose: 'MEANS_OF_ID', fileName: 'id.pdf', bytes: EXE }),
        )
      ).code,
    ).toBe('UNSUPPORTED_MEDIA_TYPE')
    const big = new Uint8Array(getConfig().uploadMaxBytes + 1)
    big.set(PDF)
    expect(
      (
        await refusal(
          storeServerUpload({ db, actor: actorFor(owner), businessId, purpose: 'MEANS_OF_ID', fileName: 'big.pdf', bytes: big }),
        )
      ).code,
    ).toBe('PAYLOAD_TOO_LARGE')
    expect((await db.select().from(files)).length).toBe(before)
  })

  it('deleteStoredFile removes the row and the blob, audited, also inside a transaction', async () => {
    const db = await getDb()
    const { slot } = await uploadAndConfirm(
      owner.token,
      { fileName: 'a.pdf', contentType: 'application/pdf', purpose: 'KYC_DOCUMENT', businessId },
      PDF,
    )
    const blob = container().getBlockBlobClient((await fileRow(slot.fileId))!.blobName)
    expect(await blob.exists()).toBe(true)
    await db.transaction(async (tx) => deleteStoredFile(tx, slot.fileId))
    expect(await fileRow(slot.fileId)).toBeUndefined()
    expect(await blob.exists()).toBe(false)
    const trail = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resource, 'file'), eq(audits.resourceId, slot.fileId)))
      .orderBy(audits.seq)
    expect(trail.map((a) => a.action)).toEqual(['create_upload_slot', 'confirm', 'delete'])
    expect((await api(`/files/${slot.fileId}`, { token: owner.token })).status).toBe(404)
    await deleteStoredFile(db, slot.fileId) // unknown now: nothing happens
  })
})

describe('readiness', () => {
  it('reports blob storage', async () => {
    const res = await api('/health/ready')
    expect(res.status).toBe(200)
    expect(((await res.json()) as { checks: Record<string, { status: string }> }).checks.blobStorage).toEqual({ status: 'ok' })
  })
})
