import { describe, expect, it } from 'vitest'
import { api, signedInUser } from './helpers'
import {
  addressBody,
  companyDetailsBody,
  corporateBody,
  createKyc,
  individualBody,
  meansOfIdBody,
  ownerWithBusiness,
  uploadFile,
} from './kyc-fixtures'

/**
 * Object-level access (docs/domain.md#object-level-access): a second business's owner tries every KYC capture call on
 * the first business's ids and gets 404 each time, never the record and never 403. Staff with CAN_READ_BUSINESS read;
 * without a token: 401.
 */
describe('KYC capture across businesses', () => {
  it('answers 404 to another business’s owner on every call, and leaves the records untouched', async () => {
    const first = await ownerWithBusiness()
    const token = first.owner.token
    const kyc = await createKyc(token, first.businessId)
    const doc = await uploadFile(token, first.businessId, 'ADDRESS_DOC')
    const scan = await uploadFile(token, first.businessId, 'MEANS_OF_ID')
    const address = (await (
      await api('/kyc/addresses', { method: 'POST', token, json: addressBody(kyc.id, { addressDocFileId: doc }) })
    ).json()) as { id: string }
    const id = (await (
      await api('/kyc/means-of-ids', { method: 'POST', token, json: meansOfIdBody(kyc.id, { fileId: scan }) })
    ).json()) as { id: string }
    const corporate = (await (await api('/kyc/shareholders', { method: 'POST', token, json: corporateBody(kyc.id) })).json()) as {
      id: string
    }
    const draft = (await (
      await api('/draft-forms', {
        method: 'POST',
        token,
        json: { businessId: first.businessId, kycDetailTypeId: 'ADDRESSES', data: { x: 1 } },
      })
    ).json()) as { id: string }

    const second = await ownerWithBusiness()
    const other = second.owner.token
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/kyc/details/${kyc.id}`],
      ['GET', `/kyc/details-first-entity/${first.businessId}`],
      ['PUT', `/kyc/details/${kyc.id}`, { numberOfEmployees: 1 }],
      ['POST', '/kyc/details', companyDetailsBody(first.businessId)],
      ['GET', `/kyc/company/additional-doc/${kyc.id}`],
      ['GET', `/kyc/addresses/all-kyc/${kyc.id}`],
      ['POST', '/kyc/addresses', addressBody(kyc.id)],
      ['PUT', `/kyc/addresses/${address.id}`, { city: 'Ikeja' }],
      ['DELETE', `/kyc/addresses/${address.id}/file?type=address_doc`],
      ['DELETE', `/kyc/addresses/${address.id}`],
      ['GET', `/kyc/means-of-ids/${kyc.id}`],
      ['POST', '/kyc/means-of-ids', meansOfIdBody(kyc.id)],
      ['PUT', `/kyc/means-of-ids/${id.id}`, { firstName: 'Mallory' }],
      ['DELETE', `/kyc/means-of-ids/${id.id}/file`],
      ['DELETE', `/kyc/means-of-ids/${id.id}`],
      ['GET', `/kyc/shareholders?kycDetailsId=${kyc.id}`],
      ['POST', '/kyc/shareholders', individualBody(kyc.id, { percentage: 1 })],
      ['POST', '/kyc/shareholders', individualBody(kyc.id, { parentShareholderId: corporate.id, percentage: 1 })],
      ['PUT', `/kyc/shareholders/${corporate.id}`, { percentage: 1 }],
      ['GET', `/kyc/child-shareholders/${corporate.id}`],
      ['DELETE', `/kyc/shareholders/${corporate.id}`],
      ['DELETE', `/kyc/${kyc.id}`],
      ['GET', `/draft-forms/${draft.id}`],
      ['GET', `/draft-forms/${first.businessId}/ADDRESSES`],
      ['POST', '/draft-forms', { businessId: first.businessId, kycDetailTypeId: 'ADDRESSES', data: {} }],
      ['PUT', `/draft-forms/${draft.id}`, { data: {} }],
      ['DELETE', `/draft-forms/${draft.id}`],
    ]
    for (const [method, path, json] of calls) {
      const res = await api(path, { method, token: other, json })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(((await res.json()) as { errors: { code: string }[] }).errors[0]!.code, `${method} ${path}`).toBe('NOT_FOUND')
    }

    // Nothing changed for the first owner.
    expect(
      ((await (await api(`/kyc/addresses/all-kyc/${kyc.id}`, { token })).json()) as { addressDoc: unknown }[])[0]!.addressDoc,
    ).not.toBeNull()
    expect(((await (await api(`/kyc/means-of-ids/${kyc.id}`, { token })).json()) as unknown[]).length).toBe(1)
    expect(((await (await api(`/kyc/shareholders?kycDetailsId=${kyc.id}`, { token })).json()) as unknown[]).length).toBe(1)
    expect((await api(`/draft-forms/${draft.id}`, { token })).status).toBe(200)

    // Staff with the read permission read; nobody without a token does.
    const auditor = await signedInUser({ staffRole: 'AUDITOR' })
    expect((await api(`/kyc/shareholders?kycDetailsId=${kyc.id}`, { token: auditor.token })).status).toBe(200)
    expect((await api(`/kyc/details-first-entity/${first.businessId}`, { token: auditor.token })).status).toBe(200)
    expect((await api(`/kyc/addresses/${address.id}`, { method: 'DELETE', token: auditor.token })).status).toBe(403)
    expect((await api(`/kyc/details/${kyc.id}`)).status).toBe(401)
  })

  it('lists every capture call in /openapi.json', async () => {
    const doc = (await (await api('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    const expected: Array<[string, string]> = [
      ['/kyc/details', 'get'],
      ['/kyc/details', 'post'],
      ['/kyc/details/{id}', 'get'],
      ['/kyc/details/{id}', 'put'],
      ['/kyc/details-first-entity/{id}', 'get'],
      ['/kyc/company/additional-doc/{id}', 'get'],
      ['/kyc/addresses/all-kyc/{id}', 'get'],
      ['/kyc/addresses', 'post'],
      ['/kyc/addresses/{id}', 'put'],
      ['/kyc/addresses/{id}', 'delete'],
      ['/kyc/addresses/{id}/file', 'delete'],
      ['/kyc/means-of-ids/types', 'get'],
      ['/kyc/means-of-ids/{id}', 'get'],
      ['/kyc/means-of-ids', 'post'],
      ['/kyc/means-of-ids/{id}', 'put'],
      ['/kyc/means-of-ids/{id}', 'delete'],
      ['/kyc/means-of-ids/{id}/file', 'delete'],
      ['/kyc/shareholders', 'get'],
      ['/kyc/shareholders', 'post'],
      ['/kyc/shareholders/{id}', 'put'],
      ['/kyc/shareholders/{id}', 'delete'],
      ['/kyc/child-shareholders/{id}', 'get'],
      ['/kyc/{id}', 'delete'],
      ['/draft-forms', 'post'],
      ['/draft-forms/{id}', 'get'],
      ['/draft-forms/{id}', 'put'],
      ['/draft-forms/{id}', 'delete'],
      ['/draft-forms/{businessId}/{kycDetailTypeId}', 'get'],
    ]
    for (const [path, method] of expected) expect(doc.paths[`/api/v1${path}`]?.[method], `${method} ${path}`).toBeDefined()
    const post = doc.paths['/api/v1/kyc/details']!.post as { requestBody: { content: Record<string, unknown> } }
    expect(Object.keys(post.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data'])
  })
})
