import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits, files, marketingEvents, supportInquiries, userPreferences } from '@/server/db/schema'
import { fileApiBaseUrl } from './api-server'
import { api, apiServerKind, errorsOf, inProcessApp, mailsTo, signedInUser } from './helpers'
import { PDF, PNG } from './kyc-fixtures'
import { sendRaw, serveNextMount } from './raw-http'

const SUPPORT_ADDRESS = 'support@kyc-portal.local'
const REFERENCE = /^SUP-\d{6}-[2-9A-HJKMNP-Z]{6}$/

const sender = () => `sender.${randomUUID().slice(0, 8)}@example.ng`

function inquiryForm(
  fields: Record<string, string | undefined>,
  attachment?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, value)
  if (attachment) form.set('attachment', new Blob([attachment.bytes], { type: attachment.type }), attachment.name)
  return form
}

const fields = (email: string, overrides: Record<string, string | undefined> = {}) => ({
  name: 'Ngozi Eze',
  email,
  subject: `Cannot upload my CAC certificate ${randomUUID().slice(0, 6)}`,
  message: 'The upload stops half way. What file types do you take?',
  ...overrides,
})

async function inquiriesFrom(email: string) {
  const db = await getDb()
  return db.select().from(supportInquiries).where(eq(supportInquiries.email, email))
}

describe('POST /support/inquiries', () => {
  it('stores an inquiry with its attachment, mails support and acknowledges the sender with the reference', async () => {
    const email = sender()
    const body = fields(email)
    const res = await api('/support/inquiries', {
      method: 'POST',
      body: inquiryForm(
        { ...body, email: email.toUpperCase() },
        { bytes: PDF, name: 'error screen.pdf', type: 'application/pdf' },
      ),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const receipt = (await res.json()) as { id: string; reference: string; createdAt: string }
    expect(receipt.reference).toMatch(REFERENCE)

    const [row] = await inquiriesFrom(email)
    expect(row).toMatchObject({
      id: receipt.id,
      reference: receipt.reference,
      name: 'Ngozi Eze',
      subject: body.subject,
      message: body.message,
      status: 'OPEN',
      userId: null,
    })
    const db = await getDb()
    const [file] = await db.select().from(files).where(eq(files.id, row!.attachmentFileId!))
    expect(file).toMatchObject({
      purpose: 'SUPPORT_ATTACHMENT',
      status: 'CONFIRMED',
      contentType: 'application/pdf',
      sizeBytes: PDF.byteLength,
      businessId: null,
      uploadedBy: null,
    })
    const [audit] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resource, 'support_inquiry'), eq(audits.resourceId, receipt.id)))
    expect(audit).toMatchObject({ action: 'CREATE', actorId: null })

    const toSupport = (await mailsTo(SUPPORT_ADDRESS)).find((m) => m.subject.includes(receipt.reference))
    expect(toSupport).toMatchObject({ template: 'support-inquiry', subject: `[${receipt.reference}] ${body.subject}` })
    expect(toSupport!.text).toContain(body.message)
    expect(toSupport!.text).toContain(`Ngozi Eze <${email}>`)
    expect(toSupport!.text).toContain('error screen.pdf (application/pdf')
    const [ack] = await mailsTo(email)
    expect(ack).toMatchObject({ template: 'support-acknowledgement' })
    expect(ack!.text).toContain(receipt.reference)

    // The sender became a marketing contact (built-in sink).
    const contacts = await db
      .select()
      .from(marketingEvents)
      .where(and(eq(marketingEvents.type, 'contact'), eq(marketingEvents.email, email)))
    expect(contacts).toHaveLength(1)
  })

  it('links the inquiry to a signed-in sender, and records no marketing contact when they opted out', async () => {
    const { user, token } = await signedInUser()
    const db = await getDb()
    await db.insert(userPreferences).values({ userId: user.id, marketingOptOut: true })
    const res = await api('/support/inquiries', { method: 'POST', token, body: inquiryForm(fields(user.email)) })
    expect(res.status).toBe(201)
    const [row] = await inquiriesFrom(user.email)
    expect(row).toMatchObject({ userId: user.id, attachmentFileId: null })
    expect(await db.select().from(marketingEvents).where(eq(marketingEvents.email, user.email))).toEqual([])
    expect((await mailsTo(user.email))[0]).toMatchObject({ template: 'support-acknowledgement' })
  })

  it('answers 400 naming each missing or wrong field, and stores nothing', async () => {
    const email = sender()
    const res = await api('/support/inquiries', {
      method: 'POST',
      body: inquiryForm(fields(email, { name: undefined, subject: '   ', message: '' })),
    })
    expect(res.status).toBe(400)
    const errors = await errorsOf(res)
    expect(errors.map((e) => [e.field, e.message])).toEqual([
      ['name', 'Name is required'],
      ['subject', 'Subject is required'],
      ['message', 'Message is required'],
    ])
    const badEmail = await api('/support/inquiries', { method: 'POST', body: inquiryForm(fields('not-an-address')) })
    expect(await errorsOf(badEmail)).toEqual([
      { code: 'VALIDATION_FAILED', field: 'email', message: 'E-mail must be an e-mail address' },
    ])
    expect(await inquiriesFrom(email)).toEqual([])
  })

  it('refuses an attachment whose bytes are not PNG, JPEG or PDF (415) whatever its declared type, and stores nothing', async () => {
    const email = sender()
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, ...new Array(64).fill(0)])
    const res = await api('/support/inquiries', {
      method: 'POST',
      body: inquiryForm(fields(email), { bytes: exe, name: 'screenshot.png', type: 'image/png' }),
    })
    expect(res.status).toBe(415)
    expect((await errorsOf(res))[0]).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', field: 'attachment' })
    expect(await inquiriesFrom(email)).toEqual([])
    expect(await mailsTo(email)).toEqual([])
  })

  it('refuses an attachment over the upload limit (413)', async () => {
    const email = sender()
    const big = new Uint8Array(5 * 1024 * 1024 + 1)
    big.set(PNG)
    const res = await api('/support/inquiries', {
      method: 'POST',
      body: inquiryForm(fields(email), { bytes: big, name: 'huge.png', type: 'image/png' }),
    })
    expect(res.status).toBe(413)
    expect((await errorsOf(res))[0]).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    expect(await inquiriesFrom(email)).toEqual([])
  })

  it('answers 415 naming multipart/form-data for a JSON or form-urlencoded body', async () => {
    const email = sender()
    const res = await api('/support/inquiries', { method: 'POST', json: fields(email) })
    expect(res.status).toBe(415)
    expect((await errorsOf(res))[0]!.message).toContain('multipart/form-data')
    const urlencoded = await api('/support/inquiries', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields(email)).toString(),
    })
    expect(urlencoded.status).toBe(415)
    expect(await inquiriesFrom(email)).toEqual([])
  })

  it('limits inquiries from one IP to 20 an hour (429 with Retry-After), other IPs unaffected', async () => {
    // In process: the node-server bindings carry the socket address the throttle counts (the real server sees 127.0.0.1 for all).
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`
    const post = (from: string) =>
      inProcessApp().request(
        '/api/v1/support/inquiries',
        { method: 'POST', body: inquiryForm(fields(sender())) },
        { incoming: { socket: { remoteAddress: from } } },
      )
    for (let i = 0; i < 20; i++) expect((await post(ip)).status).toBe(201)
    const refused = await post(ip)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await post('198.51.100.77')).status).toBe(201)
  })
})

describe('POST /support/inquiries as browsers send it', () => {
  let baseUrl: string
  let close: (() => Promise<void>) | undefined
  beforeAll(async () => {
    if (apiServerKind) baseUrl = await fileApiBaseUrl(apiServerKind)
    else ({ baseUrl, close } = await serveNextMount())
  })
  afterAll(async () => close?.())

  it('reads a chunked multipart body without Content-Length', async () => {
    const email = sender()
    const request = new Request('http://x/', {
      method: 'POST',
      body: inquiryForm(fields(email), { bytes: PNG, name: 'screen.png', type: 'image/png' }),
    })
    const answer = await sendRaw(baseUrl, {
      method: 'POST',
      path: '/support/inquiries',
      headers: [['Content-Type', request.headers.get('content-type')!]],
      body: new Uint8Array(await request.arrayBuffer()),
      chunked: 1000,
    })
    expect(answer, JSON.stringify(answer)).toMatchObject({ kind: 'answer', status: 201 })
    const [row] = await inquiriesFrom(email)
    expect(row!.attachmentFileId).not.toBeNull()
  })
})

describe('GET /support/inquiries', () => {
  it('lists inquiries newest first to staff who read users, with the attachment they can open', async () => {
    const email = sender()
    const posted = await api('/support/inquiries', {
      method: 'POST',
      body: inquiryForm(fields(email), { bytes: PNG, name: 'stamp.png', type: 'image/png' }),
    })
    const { reference } = (await posted.json()) as { reference: string }
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    const res = await api('/support/inquiries?pageSize=5', { token: officer.token })
    expect(res.status).toBe(200)
    const page = (await res.json()) as {
      content: { reference: string; email: string; attachment: { url: string; contentType: string } | null }[]
      totalElements: number
    }
    expect(page.content[0]).toMatchObject({ reference, email, attachment: { contentType: 'image/png' } })
    expect(page.totalElements).toBeGreaterThanOrEqual(1)
    const download = await api(page.content[0]!.attachment!.url.replace('/api/v1', ''), { token: officer.token })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('image/png')
  })

  it('refuses visitors (401), business users and staff without the permission (403)', async () => {
    expect((await api('/support/inquiries')).status).toBe(401)
    const owner = await signedInUser({ businesses: [{}] })
    expect((await api('/support/inquiries', { token: owner.token })).status).toBe(403)
    const productManager = await signedInUser({ staffRole: 'PRODUCT_MANAGER' })
    expect((await api('/support/inquiries', { token: productManager.token })).status).toBe(403)
  })
})

describe('support inquiries and the data subject', () => {
  it("are in a user's data export and go with the account's erasure, attachments included", async () => {
    const { user, token } = await signedInUser()
    const signedIn = await api('/support/inquiries', {
      method: 'POST',
      token,
      body: inquiryForm(fields(user.email, { subject: 'Signed in' }), { bytes: PDF, name: 'a.pdf', type: 'application/pdf' }),
    })
    expect(signedIn.status).toBe(201)
    // Earlier, as a visitor, with the same address.
    expect(
      (await api('/support/inquiries', { method: 'POST', body: inquiryForm(fields(user.email, { subject: 'Visitor' })) })).status,
    ).toBe(201)

    const exported = await api('/accounts/me/data-export', { token })
    expect(exported.status).toBe(200)
    const { default: JSZip } = await import('jszip')
    const data = JSON.parse(await (await JSZip.loadAsync(await exported.arrayBuffer())).file('data.json')!.async('string')) as {
      supportInquiries: { subject: string; email: string }[]
    }
    expect(data.supportInquiries.map((i) => i.subject).sort()).toEqual(['Signed in', 'Visitor'])

    const [withFile] = (await inquiriesFrom(user.email)).filter((i) => i.attachmentFileId)
    const officer = await signedInUser({ staffRole: 'DATA_PROTECTION_OFFICER' })
    const erased = await api(`/data-subjects/USER/${user.id}/erase`, {
      method: 'POST',
      token: officer.token,
      json: { reason: 'Account closure asked through the help desk' },
    })
    expect(erased.status, await erased.clone().text()).toBe(200)
    expect(await inquiriesFrom(user.email)).toEqual([])
    const db = await getDb()
    expect(await db.select().from(files).where(eq(files.id, withFile!.attachmentFileId!))).toEqual([])
    expect(await db.select().from(marketingEvents).where(eq(marketingEvents.email, user.email))).toEqual([])
  })
})
