import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

/**
 * Four-eyes in the browser: superadmin@ registers a business for a customer on /s/admin/businesses/create; once the
 * customer has completed its KYC (through the same API calls the portal makes) superadmin@ cannot approve it, and
 * approver2@ can.
 */

const DEMO_PASSWORD = 'Demo-Passw0rd!'
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8)
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

async function outbox(request: APIRequestContext, to: string) {
  const res = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`)
  return (await res.json()) as { template: string; text: string }[]
}

async function latestMail(request: APIRequestContext, to: string, template: string) {
  await expect.poll(async () => (await outbox(request, to)).some((m) => m.template === template)).toBe(true)
  return (await outbox(request, to)).find((m) => m.template === template)!
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

async function bearer(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/v1/accounts/login', { data: { email, password } })
  expect(res.status(), await res.text()).toBe(200)
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` }
}

/** Uploads bytes the way the browser does: a slot, the blob itself, then confirmation. */
async function uploadFile(request: APIRequestContext, headers: Record<string, string>, businessId: string, fileName: string) {
  const slot = await request.post('/api/v1/files/upload-url', { headers, data: { fileName, contentType: 'application/pdf', size: PDF.byteLength, purpose: 'KYC_DOCUMENT', businessId } })
  expect(slot.status(), await slot.text()).toBe(201)
  const { fileId, uploadUrl } = (await slot.json()) as { fileId: string; uploadUrl: string }
  expect((await request.put(uploadUrl, { headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/pdf' }, data: PDF })).status()).toBe(201)
  expect((await request.post(`/api/v1/files/${fileId}/confirm`, { headers })).status()).toBe(200)
  return fileId
}

/** The customer's side, through the API: company details, address, means of ID, shareholder, documents, mark complete. */
async function completeKyc(request: APIRequestContext, owner: Record<string, string>, businessId: string) {
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`/api/v1${path}`, { headers: owner, data })
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201)
    return (await res.json()) as { id: string }
  }
  const kyc = await post('/kyc/details', {
    businessId,
    tin: '12345678-0001',
    incorporationDate: '2017-03-14',
    natureOfBusiness: 'Wholesale of textiles',
    numberOfEmployees: 40,
    annualTurnover: 120000000,
    countryOfIncorporation: 'Nigeria',
  })
  await post('/kyc/addresses', { kycDetailsId: kyc.id, type: 'REGISTERED', line1: '7 Kano Road', city: 'Kaduna', country: 'Nigeria', state: 'Lagos', lga: 'Lagos Island' })
  // The sole shareholder is the beneficial owner: their means of ID is linked to them.
  const holder = await post('/kyc/shareholders', { kycDetailsId: kyc.id, type: 'INDIVIDUAL', firstName: 'Halima', lastName: 'Sani', nationality: 'Nigeria', bvn: '22345678901', percentage: 100 })
  await post('/kyc/means-of-ids', { kycDetailsId: kyc.id, shareholderId: holder.id, firstName: 'Halima', lastName: 'Sani', role: 'DIRECTOR', idType: 'NATIONAL_ID_CARD', idNumber: '23456789012' })
  const types = (await (await request.get('/api/v1/kyc-document-types?registrationClass=RC', { headers: owner })).json()) as {
    id: string
    code: string
    required?: boolean
    alternativeGroup: string | null
    isActive: boolean
  }[]
  const groups = new Set<string>()
  for (const type of types.filter((t) => t.required && t.isActive)) {
    if (type.alternativeGroup && groups.has(type.alternativeGroup)) continue
    if (type.alternativeGroup) groups.add(type.alternativeGroup)
    const fileId = await uploadFile(request, owner, businessId, `${type.code.toLowerCase()}.pdf`)
    await post('/kyc/documents', { kycDetailsId: kyc.id, documentTypeId: type.id, fileId })
  }
  const completed = await request.put(`/api/v1/businesses/${businessId}/completed-kyc-details`, { headers: owner })
  expect(completed.status(), await completed.text()).toBe(200)
  return kyc.id
}

test('superadmin registers a business for a customer and, once its KYC is complete, cannot approve it; approver2 can', async ({ page, request, browser }) => {
  test.setTimeout(240_000)
  const id = unique()
  const regNo = `RC${id.slice(-7)}`
  const name = `Sani Textiles ${regNo} Limited`
  const ownerEmail = `halima.${id}@example.ng`

  // Staff register the business on the customer's behalf; its owner is invited by e-mail.
  await signIn(page, 'superadmin@example.com', DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/s\/admin\/businesses$/)
  await page.getByRole('link', { name: 'Register a business' }).click()
  await expect(page).toHaveURL(/\/s\/admin\/businesses\/create$/)
  await page.getByLabel('Registration number').fill(regNo)
  await expect(page.getByText(`${regNo} is available`)).toBeVisible()
  await page.getByLabel('Business name').fill(name)
  await page.getByLabel('Business type').selectOption({ label: 'Private Limited Company' })
  await page.getByLabel('Category').selectOption({ index: 1 })
  await page.getByLabel('Business e-mail').fill(`info.${id}@sanitextiles.ng`)
  await page.getByLabel('Business phone').fill('0803 555 0101')
  await page.getByLabel("Owner's e-mail").fill(ownerEmail)
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('7 Kano Road')
  await page.getByLabel('State').selectOption('Lagos')
  await page.getByLabel('Local government area').selectOption('Lagos Island')
  await page.getByRole('button', { name: 'Register business' }).click()
  await expect(page).toHaveURL(/\/s\/admin\/approvals\/business\/business-preview\?id=[0-9a-f-]{36}$/)
  const businessId = new URL(page.url()).searchParams.get('id')!
  await expect(page.getByRole('heading', { name })).toBeVisible()

  // The customer accepts the invitation and completes the KYC; a reviewer approves the CAC documents.
  const invitation = await latestMail(request, ownerEmail, 'business-invitation')
  const token = decodeURIComponent(/accept-invitation\?token=([A-Za-z0-9_%-]+)/.exec(invitation.text)![1]!)
  const ownerPassword = `Lagoon-${id}-Xy!`
  const accepted = await request.post('/api/v1/accounts/accept-invitation', { data: { token, password: ownerPassword } })
  expect(accepted.status(), await accepted.text()).toBe(200)
  const kycDetailsId = await completeKyc(request, await bearer(request, ownerEmail, ownerPassword), businessId)
  const approver = await bearer(request, 'approver@example.com', DEMO_PASSWORD)
  const cac = await request.put(`/api/v1/kyc/cac-documents-approval/${kycDetailsId}`, { headers: approver, data: { decision: 'APPROVED' } })
  expect(cac.status(), await cac.text()).toBe(200)

  // superadmin, who registered it: every precondition is met, yet no decision is offered, and the API refuses too.
  await page.reload()
  await expect(page.getByRole('heading', { name })).toBeVisible()
  const checks = page.getByRole('list', { name: 'Approval preconditions' })
  await expect(checks.locator('[data-met="true"]')).toHaveCount(5)
  await expect(page.getByText('another reviewer must decide it')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approve business' })).toHaveCount(0)
  const superadmin = await bearer(request, 'superadmin@example.com', DEMO_PASSWORD)
  const own = await request.put(`/api/v1/businesses/${businessId}/approve`, { headers: superadmin, data: { decision: 'APPROVED' } })
  expect(own.status()).toBe(403)
  expect(((await own.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('FOUR_EYES')

  // approver2 finds it in the queue, takes it and approves it.
  const context = await browser.newContext()
  const second = await context.newPage()
  await signIn(second, 'approver2@example.com', DEMO_PASSWORD)
  await expect(second).toHaveURL(/\/s\/admin\/businesses$/)
  await second.goto(`/s/admin/approvals/business?businessName=${encodeURIComponent(name)}`)
  await expect(second.getByRole('heading', { name: 'Business approvals' })).toBeVisible()
  await second.getByRole('button', { name: `Assign ${name} to me` }).click()
  await expect(second.getByRole('row', { name: new RegExp(name) }).getByText('You')).toBeVisible()
  await second.getByRole('link', { name: `Review ${name}` }).click()
  await expect(second.getByRole('heading', { name })).toBeVisible()
  await expect(second.getByRole('list', { name: 'Approval preconditions' }).locator('[data-met="true"]')).toHaveCount(5)
  await second.getByLabel('Comment (optional)').fill('Documents verified against the CAC registry.')
  await second.getByRole('button', { name: 'Approve business' }).click()
  await expect(second.getByText(`${name} is approved. Its owners have been told.`)).toBeVisible()
  await expect(second.getByRole('list', { name: 'Approval preconditions' }).locator('[data-check="PENDING_STATE"]')).toHaveAttribute('data-met', 'false')
  await expect(second.getByRole('region', { name: 'Decision' }).getByText(/by Chinedu Eze: “Documents verified against the CAC registry.”/)).toBeVisible()
  await expect(second.getByRole('region', { name: 'Recommendation comments' }).getByText('Documents verified against the CAC registry.')).toBeVisible()
  expect((await latestMail(request, ownerEmail, 'business-approved')).text).toContain(name)
  await context.close()
})
