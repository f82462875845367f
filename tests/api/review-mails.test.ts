import { inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { kycDocumentTypes } from '@/server/db/schema'
import { mailsTo, signedInUser } from './helpers'
import { typeByCode } from './kyc-document-fixtures'
import { attachRequiredDocuments, businessReadyForApproval } from './review-fixtures'
import { businessWithCacDocuments, json, put } from './staff-review-fixtures'

/** docs/domain.md#review-e-mails: one review of a business, one e-mail to its owners. */

let approver: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  approver = await signedInUser({ staffRole: 'APPROVER' })
})

const reviewDocument = async (id: string, body: { decision: 'APPROVED' | 'REJECTED'; comment?: string }) =>
  json(await put(`/kyc/documents/${id}/review`, approver.token, body))

async function typeNames(documents: readonly { documentTypeId: string }[]) {
  const db = await getDb()
  const types = await db
    .select()
    .from(kycDocumentTypes)
    .where(
      inArray(
        kycDocumentTypes.id,
        documents.map((d) => d.documentTypeId),
      ),
    )
  return documents.map((d) => types.find((t) => t.id === d.documentTypeId)!.name)
}

describe('the e-mails of a business review', () => {
  it('deciding each document one by one sends nothing; the business decision sends one e-mail listing them all', async () => {
    const { business, owner } = await businessReadyForApproval({ documents: false })
    const { documents } = await attachRequiredDocuments(business.id, 'PENDING')
    expect(documents.length).toBeGreaterThan(2)
    for (const document of documents) await reviewDocument(document.id, { decision: 'APPROVED' })
    expect(await mailsTo(owner.user.email)).toEqual([])

    const res = await put(`/businesses/${business.id}/approve`, approver.token, {
      decision: 'APPROVED',
      comment: 'All in order.',
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const mails = await mailsTo(owner.user.email)
    expect(mails.map((m) => m.template)).toEqual(['business-approved'])
    expect(mails[0]!.text).toContain('All in order.')
    for (const name of await typeNames(documents)) expect(mails[0]!.text).toContain(`${name}: approved.`)
  })

  it('a declined review is one e-mail too: the business decline with the reason and each declined document with its own', async () => {
    const { business, owner } = await businessReadyForApproval({ documents: false })
    const { documents } = await attachRequiredDocuments(business.id, 'PENDING')
    const [first, ...rest] = documents
    await reviewDocument(first!.id, { decision: 'REJECTED', comment: 'The scan is blurred.' })
    for (const document of rest) await reviewDocument(document.id, { decision: 'APPROVED' })
    const res = await put(`/businesses/${business.id}/approve`, approver.token, {
      decision: 'DECLINED',
      comment: 'Upload a readable document.',
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const mails = await mailsTo(owner.user.email)
    expect(mails.map((m) => m.template)).toEqual(['business-declined'])
    const [firstName] = await typeNames([first!])
    expect(mails[0]!.text).toContain('The reason: Upload a readable document.')
    expect(mails[0]!.text).toContain(`${firstName}: declined. The reason: The scan is blurred.`)
  })

  it('outside a business decision, the review is over when no document is left pending: one e-mail then, none before', async () => {
    // Not submitted: no business decision follows, so the documents' own review sends the e-mail.
    const { owner, certificate, cac2, tin } = await businessWithCacDocuments({ submitted: false })
    await reviewDocument(certificate.id, { decision: 'APPROVED' })
    await reviewDocument(cac2.id, { decision: 'REJECTED', comment: 'CAC 2 is unsigned.' })
    expect(await mailsTo(owner.user.email)).toEqual([])
    await reviewDocument(tin.id, { decision: 'APPROVED' })
    const mails = await mailsTo(owner.user.email)
    expect(mails.map((m) => m.template)).toEqual(['documents-rejected'])
    expect(mails[0]!.text).toContain('CAC 2 is unsigned.')
    expect(mails[0]!.text).toContain((await typeByCode('TIN_CERTIFICATE')).name)
    expect(mails[0]!.text).toContain((await typeByCode('CERTIFICATE_OF_INCORPORATION')).name)
  })

  it('a CAC decision is one review: one e-mail for the whole set', async () => {
    const { owner, kycDetailsId } = await businessWithCacDocuments()
    const res = await put(`/kyc/cac-documents-approval/${kycDetailsId}`, approver.token, { decision: 'APPROVED' })
    expect(res.status, await res.clone().text()).toBe(200)
    const mails = await mailsTo(owner.user.email)
    expect(mails.map((m) => m.template)).toEqual(['documents-approved'])
    expect(mails[0]!.text).toContain((await typeByCode('CAC_2')).name)
  })
})
