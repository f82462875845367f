import { expect, test } from '@playwright/test'
import { bearer, latestMail, signInAsStaff, unique } from './support/accounts'
import { completeKyc, waiveChecks, type KycAnswers } from './support/kyc-api'

/**
 * Four-eyes in the browser: superadmin@ registers a business for a customer on /s/admin/businesses/create; once the
 * customer has completed its KYC (through the same API calls the portal makes) superadmin@ cannot approve it, and
 * approver2@ can.
 */

/** The customer's KYC, captured through the API: the sole shareholder is the beneficial owner, their means of ID linked to them. */
const SANI_KYC: KycAnswers = {
  details: {
    tin: '12345678-0001',
    incorporationDate: '2017-03-14',
    natureOfBusiness: 'Wholesale of textiles',
    numberOfEmployees: 40,
    annualTurnover: 120000000,
    countryOfIncorporation: 'Nigeria',
  },
  address: { type: 'REGISTERED', line1: '7 Kano Road', city: 'Kaduna', country: 'Nigeria', state: 'Lagos', lga: 'Lagos Island' },
  shareholder: {
    type: 'INDIVIDUAL',
    firstName: 'Halima',
    lastName: 'Sani',
    nationality: 'Nigeria',
    bvn: '22345678901',
    percentage: 100,
  },
  meansOfId: { firstName: 'Halima', lastName: 'Sani', role: 'DIRECTOR', idType: 'NATIONAL_ID_CARD', idNumber: '23456789012' },
}

test('superadmin registers a business for a customer and, once its KYC is complete, cannot approve it; approver2 can', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000)
  const id = unique()
  const regNo = `RC${id.slice(-7)}`
  const name = `Sani Textiles ${regNo} Limited`
  const ownerEmail = `halima.${id}@example.ng`

  // Staff register the business on the customer's behalf; its owner is invited by e-mail.
  await signInAsStaff(page, 'superadmin@example.com')
  await page.getByRole('link', { name: 'Register a business' }).click()
  await expect(page).toHaveURL(/\/s\/admin\/businesses\/create$/)
  // The URL changes before the new page is drawn: wait for it, not for a field the old page may also have.
  await expect(page.getByRole('heading', { level: 1, name: 'Register a business for a customer' })).toBeVisible()
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
  const kycDetailsId = await completeKyc(request, await bearer(request, ownerEmail, ownerPassword), businessId, SANI_KYC)
  const approver = await bearer(request, 'approver@example.com')
  const cac = await request.put(`/api/v1/kyc/cac-documents-approval/${kycDetailsId}`, {
    headers: approver,
    data: { decision: 'APPROVED' },
  })
  expect(cac.status(), await cac.text()).toBe(200)
  // approver@ waives the verification checks (the registry lookup is manual here), so another reviewer approves.
  await waiveChecks(request, approver, businessId)

  // superadmin, who registered it: every precondition is met, yet no decision is offered, and the API refuses too.
  await page.reload()
  await expect(page.getByRole('heading', { name })).toBeVisible()
  const checks = page.getByRole('list', { name: 'Approval preconditions' })
  await expect(checks.locator('[data-met="true"]')).toHaveCount(8)
  await expect(page.getByText('another reviewer must decide it')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approve business' })).toHaveCount(0)
  const superadmin = await bearer(request, 'superadmin@example.com')
  const own = await request.put(`/api/v1/businesses/${businessId}/approve`, {
    headers: superadmin,
    data: { decision: 'APPROVED' },
  })
  expect(own.status()).toBe(403)
  expect(((await own.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('FOUR_EYES')

  // approver2 finds it in the queue, takes it and approves it.
  const context = await browser.newContext()
  const second = await context.newPage()
  await signInAsStaff(second, 'approver2@example.com')
  await second.goto(`/s/admin/approvals/business?businessName=${encodeURIComponent(name)}`)
  await expect(second.getByRole('heading', { name: 'Business approvals' })).toBeVisible()
  await second.getByRole('button', { name: `Assign ${name} to me` }).click()
  await expect(second.getByRole('row', { name: new RegExp(name) }).getByText('You')).toBeVisible()
  await second.getByRole('link', { name: `Review ${name}` }).click()
  await expect(second.getByRole('heading', { name })).toBeVisible()
  await expect(second.getByRole('list', { name: 'Approval preconditions' }).locator('[data-met="true"]')).toHaveCount(8)
  await second.getByLabel('Comment (optional)').fill('Documents verified against the CAC registry.')
  await second.getByRole('button', { name: 'Approve business' }).click()
  await second.getByRole('alertdialog').getByRole('button', { name: 'Approve business' }).click()
  await expect(second.getByText(`${name} is approved. Its owners have been told.`)).toBeVisible()
  await expect(second.getByText('This business is approved: there is nothing left to decide.')).toBeVisible()
  await expect(second.getByRole('list', { name: 'Approval preconditions' })).toHaveCount(0)
  await expect(
    second.getByRole('region', { name: 'Decision' }).getByText(/by Chinedu Eze: “Documents verified against the CAC registry.”/),
  ).toBeVisible()
  await expect(
    second.getByRole('region', { name: 'Recommendation comments' }).getByText('Documents verified against the CAC registry.'),
  ).toBeVisible()
  expect((await latestMail(request, ownerEmail, 'business-approved')).text).toContain(name)
  await context.close()
})
