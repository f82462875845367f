import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { paths } from '@/lib/navigation/paths'
import { bearer, signInAsStaff, unique } from './support/accounts'
import { completeKyc, type KycAnswers } from './support/kyc-api'

/**
 * docs/domain.md#who-does-what: one business on its path to approval, each step by its own role and none doing
 * another's. officer@ registers and captures it (through the API calls the portal makes), analyst@ records the
 * verification results in the review screen, several at once, and approver@ approves it there. Each is shown what
 * they may do and refused the rest, in the screen and by the API.
 */

const KYC: KycAnswers = {
  details: {
    tin: '12345678-0001',
    incorporationDate: '2016-05-09',
    natureOfBusiness: 'Haulage and logistics',
    numberOfEmployees: 25,
    annualTurnover: 90000000,
    countryOfIncorporation: 'Nigeria',
  },
  address: { type: 'REGISTERED', line1: '12 Apapa Road', city: 'Lagos', country: 'Nigeria', state: 'Lagos', lga: 'Lagos Island' },
  shareholder: {
    type: 'INDIVIDUAL',
    firstName: 'Kunle',
    lastName: 'Adisa',
    nationality: 'Nigeria',
    bvn: '22398765432',
    percentage: 100,
  },
  meansOfId: { firstName: 'Kunle', lastName: 'Adisa', role: 'DIRECTOR', idType: 'NATIONAL_ID_CARD', idNumber: '34567890123' },
}

type Headers = Record<string, string>

/** The officer registers the business for its owner (invited by e-mail), as the staff create form does. */
async function registerAsOfficer(request: APIRequestContext, officer: Headers, id: string) {
  const [type] = (await (await request.get('/api/v1/business-types')).json()) as { id: string }[]
  const [category] = (await (await request.get('/api/v1/business-categories')).json()) as { id: string }[]
  const created = await request.post('/api/v1/businesses', {
    headers: officer,
    data: {
      name: `Adisa Haulage ${id} Limited`,
      regNo: `RC${id.slice(-7)}`,
      typeId: type!.id,
      categoryId: category!.id,
      email: `info.${id}@adisahaulage.ng`,
      phone: '08031234567',
      address: { line1: '12 Apapa Road', country: 'Nigeria', state: 'Lagos', lga: 'Lagos Island' },
      ownerEmail: `kunle.${id}@example.ng`,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  return (await created.json()) as { id: string; name: string }
}

const approve = (request: APIRequestContext, headers: Headers, businessId: string) =>
  request.put(`/api/v1/businesses/${businessId}/approve`, { headers, data: { decision: 'APPROVED' } })

async function openReview(page: Page, businessId: string, name: string) {
  await page.goto(paths.approvals.businessPreview(businessId))
  await expect(page.getByRole('heading', { name })).toBeVisible()
}

test('officer captures, analyst verifies, approver approves: none does another’s step', async ({ browser, request }) => {
  test.setTimeout(240_000)
  const id = unique()
  const [officer, analyst, approver] = await Promise.all([
    bearer(request, 'officer@example.com'),
    bearer(request, 'analyst@example.com'),
    bearer(request, 'approver@example.com'),
  ])

  // 1. Capture: the officer registers the business and captures and submits its KYC for the owner.
  const business = await registerAsOfficer(request, officer, id)
  const kycDetailsId = await completeKyc(request, officer, business.id, KYC)
  // The approver's own step on the documents (set up here: the clicks are tested in review.spec.ts).
  const cac = await request.put(`/api/v1/kyc/cac-documents-approval/${kycDetailsId}`, {
    headers: approver,
    data: { decision: 'APPROVED' },
  })
  expect(cac.status(), await cac.text()).toBe(200)

  // The officer may neither record a result nor decide.
  const officerPage = await (await browser.newContext()).newPage()
  await signInAsStaff(officerPage, 'officer@example.com')
  await openReview(officerPage, business.id, business.name)
  const officerDecision = officerPage.getByRole('region', { name: 'Decision' })
  await expect(officerDecision.getByText('Reviewers who may approve businesses decide here.')).toBeVisible()
  await expect(officerPage.getByRole('button', { name: 'Approve business' })).toHaveCount(0)
  expect((await approve(request, officer, business.id)).status()).toBe(403)
  await officerPage.context().close()

  // 2. Before verification the approver sees the checks pending, who records them, and cannot approve.
  const approverPage = await (await browser.newContext()).newPage()
  await signInAsStaff(approverPage, 'approver@example.com')
  await openReview(approverPage, business.id, business.name)
  const approverChecks = approverPage.getByRole('list', { name: 'Approval preconditions' })
  await expect(approverChecks.locator('[data-check="VERIFICATION"]')).toHaveAttribute('data-met', 'false')
  await expect(approverChecks.locator('[data-check="VERIFICATION"]')).toContainText('a KYC analyst records the result')
  const approverVerification = approverPage.getByRole('region', { name: 'Verification' })
  await expect(approverVerification.getByText('A KYC analyst records this result.').first()).toBeVisible()
  await expect(approverVerification.getByRole('button', { name: /^Mark / })).toHaveCount(0)
  await expect(approverPage.getByRole('button', { name: 'Approve business' })).toBeDisabled()
  // The approver may not record a verification result.
  const items = (await (await request.get(`/api/v1/verified-kyc/${business.id}`, { headers: approver })).json()) as {
    id: string
    status: string
  }[]
  expect(items.length).toBeGreaterThan(1)
  const refused = await request.put(`/api/v1/verified-kyc/${items[0]!.id}`, { headers: approver, data: { status: 'VERIFIED' } })
  expect(refused.status()).toBe(403)

  // 3. Verification: the analyst marks every pending check verified with one confirmation, and cannot decide.
  const analystPage = await (await browser.newContext()).newPage()
  await signInAsStaff(analystPage, 'analyst@example.com')
  await openReview(analystPage, business.id, business.name)
  const verification = analystPage.getByRole('region', { name: 'Verification' })
  const batch = verification.getByRole('group', { name: 'Several checks at once' })
  await batch.getByRole('checkbox', { name: `Select every pending check (${items.length})` }).check()
  await batch.getByRole('button', { name: `Mark ${items.length} selected checks verified` }).click()
  const confirm = analystPage.getByRole('alertdialog')
  await confirm.getByLabel('Comment (optional)').fill('Checked against the CAC register, NIMC and NIBSS.')
  await confirm.getByRole('button', { name: `Mark ${items.length} checks verified` }).click()
  await expect(analystPage.getByText(`${items.length} checks verified.`)).toBeVisible()
  await expect(verification.getByText(new RegExp(`^${items.length} verified, 0 pending, 0 failed\\.`))).toBeVisible()
  await expect(
    analystPage.getByRole('region', { name: 'Decision' }).getByText('Reviewers who may approve businesses decide here.'),
  ).toBeVisible()
  await expect(analystPage.getByRole('button', { name: 'Approve business' })).toHaveCount(0)
  expect((await approve(request, analyst, business.id)).status()).toBe(403)
  await analystPage.context().close()

  // 4. Decision: every precondition met, the approver approves; the decision then stands in place of the checklist.
  await approverPage.reload()
  await expect(approverPage.getByRole('heading', { name: business.name })).toBeVisible()
  await expect(approverChecks.locator('[data-met="false"]')).toHaveCount(0)
  await expect(approverChecks.locator('[data-met="true"]')).toHaveCount(8)
  await approverPage.getByRole('button', { name: 'Approve business' }).click()
  await approverPage.getByRole('alertdialog').getByRole('button', { name: 'Approve business' }).click()
  await expect(approverPage.getByText(`${business.name} is approved. Its owners have been told.`)).toBeVisible()
  const decision = approverPage.getByRole('region', { name: 'Decision' })
  await expect(decision.getByText('This business is approved: there is nothing left to decide.')).toBeVisible()
  await expect(approverChecks).toHaveCount(0)
  await approverPage.context().close()
})
