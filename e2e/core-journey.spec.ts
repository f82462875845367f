import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { samplePdf } from '@/server/seed/demo-kyc-documents'
import { activeUser, bearer, signIn } from './support/accounts'
import { poster, verifyChecks, PERSON_DETAILS } from './support/kyc-api'

/**
 * The core journey, end to end: a new owner registers a business and completes its KYC (the documents uploaded and
 * the KYC submitted in the browser), approver2@ approves its CAC documents, asks for one document again with a
 * reason, the owner reads the reason and uploads it again, approver2@ approves the business, and the audit log
 * (read by auditor@) lists each step with its actor, in order.
 */

const APPROVER = 'approver2@example.com'

/** The RC documents the owner uploads (CAC 7 stands for its alternative, the CAC status report). */
const CAC_DOCUMENTS = [
  'Certificate of Incorporation',
  'CAC 2 – Statement of share capital',
  'CAC 7 – Particulars of directors',
  'Memorandum and Articles of Association',
]
const OTHER_DOCUMENTS = ['Board resolution', 'TIN certificate']
/** Not a CAC form, so the business reviewer's approval does not wait for a second CAC decision. */
const REUPLOADED = 'TIN certificate'
const REASON = 'The TIN certificate is cut off at the bottom: the FIRS seal is missing.'

interface AuditRow {
  seq: number
  actorId: string | null
  actorEmail: string | null
  resource: string
  resourceId: string | null
  action: string
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

async function userIdOf(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get('/api/v1/accounts/me', { headers })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { id: string }).id
}

/** The capture steps between company details and documents, through the calls the stepper makes. */
async function captureAddressShareholderAndId(request: APIRequestContext, headers: Record<string, string>, kycDetailsId: string) {
  const post = poster(request, headers)
  await post('/kyc/addresses', {
    kycDetailsId,
    type: 'REGISTERED',
    line1: '21 Awolowo Road',
    city: 'Ikoyi',
    country: 'Nigeria',
    state: 'Lagos',
    lga: 'Lagos Island',
  })
  const holder = await post('/kyc/shareholders', {
    ...PERSON_DETAILS,
    kycDetailsId,
    type: 'INDIVIDUAL',
    firstName: 'Amaka',
    lastName: 'Obi',
    nationality: 'Nigeria',
    bvn: '22298765432',
    percentage: 100,
  })
  await post('/kyc/means-of-ids', {
    ...PERSON_DETAILS,
    kycDetailsId,
    shareholderId: holder.id,
    firstName: 'Amaka',
    lastName: 'Obi',
    role: 'DIRECTOR',
    idType: 'NATIONAL_ID_CARD',
    idNumber: '34567890123',
  })
}

/** Uploads a real PDF for one document on the documents page, through the Uploader (slot → blob storage → confirm → attach). */
async function uploadDocument(page: Page, name: string, fileName: string, lines: string[]) {
  const item = page.getByRole('listitem', { name, exact: true })
  const replacing = (await item.getByRole('button', { name: `Replace ${name}` }).count()) > 0
  await item.getByRole('button', { name: `${replacing ? 'Replace' : 'Upload'} ${name}` }).click()
  await item
    .getByLabel(`Choose the ${name} file`)
    .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(samplePdf(lines)) })
  await expect(item.getByText(new RegExp(`^${fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} uploaded on `))).toBeVisible({
    timeout: 20_000,
  })
  return item
}

/** Every audit row of one actor since `from`, oldest first, across pages. */
async function auditsOf(request: APIRequestContext, headers: Record<string, string>, actorId: string, from: string) {
  const rows: AuditRow[] = []
  for (let pageNumber = 1; ; pageNumber++) {
    const res = await request.get('/api/v1/audits', {
      headers,
      params: { actorId, from, recentFirst: 'false', pageSize: '100', pageNumber: String(pageNumber) },
    })
    expect(res.status(), await res.text()).toBe(200)
    const page = (await res.json()) as { content: AuditRow[]; totalPages: number }
    rows.push(...page.content)
    if (pageNumber >= page.totalPages) return rows
  }
}

test('core journey: an owner completes KYC, approver2 approves the CAC documents and asks for a re-upload, the owner re-uploads, the business is approved, and the audit log tells it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000)
  const startedAt = new Date(Date.now() - 1000).toISOString()
  // A new, active owner: signing up is not the point here, so it goes through the API and the dev outbox.
  const owner = await activeUser(request, 'Amaka', 'Obi')

  // 1. The owner registers the business in the browser.
  await signIn(page, owner.email, owner.password)
  await expect(page).toHaveURL(/\/s\/businesses$/)
  await page.getByRole('link', { name: 'Register a business' }).first().click()
  await expect(page).toHaveURL(/\/s\/businesses\/create-business$/)
  // The URL changes before the new page is drawn: wait for it, not for a field the old page may also have.
  await expect(page.getByRole('heading', { level: 1, name: 'Register a business' })).toBeVisible()
  const regNo = `RC${owner.id}`
  const name = `Obi Logistics ${regNo} Limited`
  await page.getByLabel('Registration number').fill(regNo)
  await expect(page.getByText(`${regNo} is available`)).toBeVisible()
  await page.getByLabel('Business name').fill(name)
  await page.getByLabel('Business type').selectOption({ label: 'Private Limited Company' })
  await page.getByLabel('Category').selectOption({ label: 'Agriculture and Agro-allied' })
  await page.getByLabel('Business e-mail').fill(`hello.${owner.id}@obilogistics.ng`)
  await page.getByLabel('Business phone').fill('0803 222 4455')
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('21 Awolowo Road')
  await page.getByLabel('State').selectOption('Lagos')
  await page.getByLabel('Local government area').selectOption('Lagos Island')
  await page.getByRole('button', { name: 'Register business' }).click()
  await expect(page).toHaveURL(/\/s\/businesses\/dashboard-details\?businessId=[0-9a-f-]{36}$/)
  const businessId = new URL(page.url()).searchParams.get('businessId')!
  await expect(page.getByRole('heading', { name })).toBeVisible()

  // 2. Company details in the stepper; the address, the shareholder and their means of ID through the same calls.
  await page.goto(`/s/businesses/dashboard-details/kyc?businessId=${businessId}`)
  const company = page.getByRole('form', { name: 'Company details' })
  await company.getByLabel(/Tax identification number/).fill('23456789-0001')
  await company.getByLabel(/Date of incorporation/).fill('2015-09-01')
  await company.getByLabel(/Nature of business/).fill('Haulage and warehousing')
  await company.getByLabel(/Number of employees/).fill('52')
  await company.getByLabel(/Annual turnover/).fill('240000000')
  await company.getByRole('button', { name: 'Save company details' }).click()
  await expect(page.getByRole('heading', { name: '2. Addresses' })).toBeVisible()
  const ownerHeaders = await bearer(request, owner.email, owner.password)
  const kyc = (await (await request.get(`/api/v1/kyc/details-first-entity/${businessId}`, { headers: ownerHeaders })).json()) as {
    id: string
  }
  await captureAddressShareholderAndId(request, ownerHeaders, kyc.id)

  // 3. Every required document of an RC company, a real PDF each, on the documents page.
  await page.goto(`/s/businesses/kyc-document?businessId=${businessId}`)
  await expect(page.getByRole('listitem', { name: 'Certificate of Incorporation' }).getByText('Missing')).toBeVisible()
  for (const document of [...CAC_DOCUMENTS, ...OTHER_DOCUMENTS]) {
    const item = await uploadDocument(page, document, `${document.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${owner.id}.pdf`, [
      document,
      name,
      regNo,
    ])
    await expect(item.getByText('Uploaded', { exact: true })).toBeVisible()
  }
  await expect(page.getByTestId('documents-progress')).toHaveText(/^All \d+ required documents .*are provided or deferred\./)

  // 4. Submitted for review on the preview page.
  await page.goto(`/s/businesses/dashboard-details/kyc/preview-form?businessId=${businessId}`)
  await expect(page.getByRole('heading', { name })).toBeVisible()
  await page.getByRole('button', { name: 'Submit for review' }).click()
  await expect(page.getByText('Submitted. It waits for a reviewer; we e-mail you the decision.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0)

  // 5. approver2 finds the business in the CAC queue and approves its CAC documents.
  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await signIn(staff, APPROVER)
  await expect(staff).toHaveURL(/\/s\/admin\/businesses$/)
  await staff.goto(`/s/admin/approvals/cac-doc?status=PENDING&businessName=${encodeURIComponent(name)}`)
  await expect(staff.getByRole('heading', { name: 'CAC documents' })).toBeVisible()
  await staff.getByRole('link', { name: `Review the CAC documents of ${name}` }).click()
  await expect(staff).toHaveURL(new RegExp(`/s/admin/approvals/cac-doc/details\\?id=${kyc.id}$`))
  const cacDecision = staff.getByRole('region', { name: 'Decision' })
  for (const document of CAC_DOCUMENTS) await expect(cacDecision).toContainText(document)
  await cacDecision.getByRole('button', { name: 'Approve' }).click()
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click()
  await expect(staff.getByText(`The CAC documents of ${name} are approved.`)).toBeVisible()
  await expect(cacDecision.getByText(/Nothing is waiting: the CAC documents are approved/)).toBeVisible()

  // 6. On the business review, approver2 asks for the TIN certificate again; approval now waits for it.
  await staff.goto(`/s/admin/approvals/business?businessName=${encodeURIComponent(name)}`)
  await expect(staff.getByRole('heading', { name: 'Business approvals' })).toBeVisible()
  await staff.getByRole('link', { name: `Review ${name}` }).click()
  // The review keeps the way back to the queue it came from, with its filters (`from=`).
  await expect(staff).toHaveURL(new RegExp(`/s/admin/approvals/business/business-preview\\?id=${businessId}&from=`))
  await expect(staff.getByRole('heading', { name })).toBeVisible()
  const checks = staff.getByRole('list', { name: 'Approval preconditions' })
  await expect(checks.locator('[data-met="true"]')).toHaveCount(7)
  await staff.getByRole('button', { name: `Request a new upload of ${REUPLOADED}` }).click()
  const ask = staff.getByRole('alertdialog')
  await ask.getByLabel('What is wrong with the document').fill(REASON)
  await ask.getByRole('button', { name: 'Request re-upload' }).click()
  await expect(staff.getByText(`The business is asked to upload ${REUPLOADED} again.`)).toBeVisible()
  // The review lists documents by type; this row is the TIN certificate's.
  const tinRow = staff.locator('li[data-document-type="TIN_CERTIFICATE"]')
  await expect(tinRow).toContainText('Re-upload requested')
  await expect(tinRow).toContainText(`Re-upload asked: ${REASON}`)
  await expect(checks.locator('[data-check="REQUIRED_DOCUMENTS"]')).toHaveAttribute('data-met', 'false')
  await expect(staff.getByRole('button', { name: 'Approve business' })).toBeDisabled()

  // 7. The owner reads the reason on the dashboard, follows it to the documents page and uploads the file again.
  await page.goto(`/s/businesses/dashboard-details?businessId=${businessId}`)
  const outstanding = page.getByRole('list', { name: 'Outstanding' })
  await expect(outstanding).toContainText(REASON)
  await outstanding.getByRole('link', { name: `Upload it: Upload the ${REUPLOADED} again` }).click()
  await expect(page).toHaveURL(new RegExp(`/s/businesses/kyc-document\\?businessId=${businessId}$`))
  const tin = page.getByRole('listitem', { name: REUPLOADED, exact: true })
  await expect(tin.getByText('Re-upload requested')).toBeVisible()
  await expect(tin.getByText(`We asked for a new upload: ${REASON}.`)).toBeVisible()
  await uploadDocument(page, REUPLOADED, `tin-certificate-full-${owner.id}.pdf`, [
    REUPLOADED,
    name,
    'Federal Inland Revenue Service',
    'Seal of the FIRS',
  ])
  await expect(tin.getByText('Under review', { exact: true })).toBeVisible()
  await expect(tin.getByText(/We asked for a new upload/)).toHaveCount(0)

  // 8. The superadmin records the verification checks; approver2 sees every precondition met and approves the business.
  await expect(checks.locator('[data-check="VERIFICATION"]')).toHaveAttribute('data-met', 'false')
  await verifyChecks(request, businessId)
  await staff.reload()
  await expect(staff.getByRole('heading', { name })).toBeVisible()
  await expect(checks.locator('[data-met="true"]')).toHaveCount(8)
  await expect(tinRow).not.toContainText('Re-upload asked')
  await expect(tinRow.getByRole('button', { name: `Request a new upload of ${REUPLOADED}` })).toBeVisible()
  await staff.getByLabel('Comment (optional)').fill('TIN certificate now complete; CAC documents verified.')
  await staff.getByRole('button', { name: 'Approve business' }).click()
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Approve business' }).click()
  await expect(staff.getByText(`${name} is approved. Its owners have been told.`)).toBeVisible()
  // Decided: the decision stands where the checklist was (no "waiting for a decision" marked unmet).
  await expect(staff.getByText('This business is approved: there is nothing left to decide.')).toBeVisible()
  await expect(checks).toHaveCount(0)
  await staffContext.close()

  // 9. The audit log, read by the auditor: each step of this business with its actor, in the order it happened.
  const auditor = await bearer(request, 'auditor@example.com')
  const ownerId = await userIdOf(request, ownerHeaders)
  const approverId = await userIdOf(request, await bearer(request, APPROVER))
  const types = (await (
    await request.get('/api/v1/kyc-document-types?registrationClass=RC', { headers: ownerHeaders })
  ).json()) as { id: string; name: string }[]
  const typeName = new Map(types.map((t) => [t.id, t.name]))
  const ofThisBusiness = (r: AuditRow) =>
    (r.resource === 'business' && r.resourceId === businessId && ['KYC_COMPLETED', 'APPROVE'].includes(r.action)) ||
    (r.resource === 'kyc_document' &&
      r.after?.businessId === businessId &&
      ['UPLOAD', 'APPROVE', 'REQUEST_REUPLOAD', 'REPLACE'].includes(r.action))
  const rows = [
    ...(await auditsOf(request, auditor, ownerId, startedAt)),
    ...(await auditsOf(request, auditor, approverId, startedAt)),
  ]
    .filter(ofThisBusiness)
    .sort((a, b) => a.seq - b.seq)
  const story = rows.map((r) => {
    const document = r.resource === 'kyc_document' ? ` ${typeName.get(String(r.after?.documentTypeId)) ?? '?'}` : ''
    return `${r.actorEmail}: ${r.resource} ${r.action}${document}`
  })
  const uploads = [...CAC_DOCUMENTS, ...OTHER_DOCUMENTS].map((d) => `${owner.email}: kyc_document UPLOAD ${d}`)
  expect(story.slice(0, uploads.length + 1)).toEqual([...uploads, `${owner.email}: business KYC_COMPLETED`])
  // One decision covers the four CAC documents: a row each, in the order the update returned them.
  const approvals = story.slice(uploads.length + 1, uploads.length + 1 + CAC_DOCUMENTS.length)
  expect([...approvals].sort()).toEqual(CAC_DOCUMENTS.map((d) => `${APPROVER}: kyc_document APPROVE ${d}`).sort())
  expect(story.slice(uploads.length + 1 + CAC_DOCUMENTS.length)).toEqual([
    `${APPROVER}: kyc_document REQUEST_REUPLOAD ${REUPLOADED}`,
    `${owner.email}: kyc_document REPLACE ${REUPLOADED}`,
    `${APPROVER}: business APPROVE`,
  ])
  // The re-upload answers the request it was asked by: the replaced document is the one asked for.
  const request_ = rows.find((r) => r.action === 'REQUEST_REUPLOAD')!
  expect(request_.after?.reuploadReason).toBe(REASON)
  expect(rows.find((r) => r.action === 'REPLACE')!.before?.replaces).toBe(request_.resourceId)
  expect(rows.every((r) => r.actorId === (r.actorEmail === APPROVER ? approverId : ownerId))).toBe(true)
})
