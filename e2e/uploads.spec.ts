import { expect, test } from '@playwright/test'
import { bearer } from './support/accounts'

/**
 * The browser half of an upload against the Azurite of the global setup: from the portal's origin, a PUT straight
 * to blob storage with the SAS URL (so CORS must allow this origin), then confirm and read back through the API.
 */
test('a browser uploads to blob storage with the SAS URL, confirms, and reads the file back', async ({ page, request }) => {
  const headers = await bearer(request, 'owner@example.com')
  const token = headers.authorization.slice('Bearer '.length)
  const mine = await request.get('/api/v1/businesses/user-businesses/me', { headers })
  const [business] = (await mine.json()) as { id: string }[]

  await page.goto('/')
  const result = await page.evaluate(
    async ({ token, businessId }) => {
      const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      const slotRes = await fetch('/api/v1/files/upload-url', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          fileName: 'browser.pdf',
          contentType: 'application/pdf',
          size: pdf.byteLength,
          purpose: 'KYC_DOCUMENT',
          businessId,
        }),
      })
      const slot = (await slotRes.json()) as { fileId: string; uploadUrl: string }
      const put = await fetch(slot.uploadUrl, {
        method: 'PUT',
        headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/pdf' },
        body: pdf,
      })
      const confirm = await fetch(`/api/v1/files/${slot.fileId}/confirm`, { method: 'POST', headers: auth })
      const file = await fetch(`/api/v1/files/${slot.fileId}`, { headers: { authorization: `Bearer ${token}` } })
      const bytes = new Uint8Array(await file.arrayBuffer())
      return {
        slot: slotRes.status,
        put: put.status,
        confirm: confirm.status,
        get: file.status,
        type: file.headers.get('content-type'),
        same: bytes.length === pdf.length && bytes.every((b, i) => b === pdf[i]),
      }
    },
    { token, businessId: business!.id },
  )
  expect(result).toEqual({ slot: 201, put: 201, confirm: 200, get: 200, type: 'application/pdf', same: true })
})
