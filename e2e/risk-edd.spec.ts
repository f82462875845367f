import { expect, test, type APIRequestContext } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { bearer, DEMO_PASSWORD, signInAsOwner, signInAsStaff } from './support/accounts'
import { reachSection } from './support/sections'

/**
 * docs/risk.md#enhanced-due-diligence on the demo data: the owner of the HIGH business whose EDD is outstanding (the
 * PEP director's, Owerri Pharmaceuticals Plc) sees the EDD step with its reasons in plain words, never a score, and
 * answers a question; the HIGH business waiting for its senior approval (its EDD complete, the demo approver's first
 * approval given) cannot be approved a second time by that approver, and senior@ approves it.
 */

/** A demo business by name, looked up as `staff` (each test its own account: two sign-ins at once are refused). */
async function demoBusiness(request: APIRequestContext, name: string, staff: string) {
  const headers = await bearer(request, staff)
  const found = await request.get('/api/v1/businesses', { headers, params: { businessName: name } })
  expect(found.status(), await found.text()).toBe(200)
  return ((await found.json()) as { content: { id: string; name: string }[] }).content.find((b) => b.name === name)!
}

test('the owner of a HIGH business sees the EDD step and why, without a score, and answers a question', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const business = await demoBusiness(request, 'Owerri Pharmaceuticals Plc', 'auditor@example.com')
  await signInAsOwner(page, 'amaka.obi@example.com', DEMO_PASSWORD)
  await page.goto(`/s/businesses/dashboard-details/kyc?businessId=${business.id}&step=ENHANCED_DUE_DILIGENCE`)

  const steps = page.getByRole('navigation', { name: 'KYC steps' })
  await expect(steps.getByRole('button', { name: /Enhanced due diligence/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: /Enhanced due diligence/, level: 2 })).toBeVisible()
  const reasons = page.getByTestId('edd-reasons')
  await expect(reasons).toContainText('politically exposed person')
  await expect(reasons).toContainText('how your business came to us')
  await expect(page.getByTestId('edd-item-SOURCE_OF_FUNDS')).toBeVisible()
  expect((await page.getByTestId('edd-step').innerText()).toLowerCase()).not.toMatch(/score|points/)
  expect(await seriousViolations(page)).toEqual([])

  const purpose = page.getByRole('form', { name: 'Purpose of the relationship' })
  await purpose.getByLabel(/Purpose of the relationship/).fill('Collecting payments from pharmacies and paying importers')
  await purpose.getByRole('button', { name: 'Save the answer' }).click()
  await expect(page.getByText('Purpose of the relationship: answer saved')).toBeVisible()
  const card = page.getByTestId('edd-item-PURPOSE_OF_RELATIONSHIP')
  await expect(card.getByText('Collecting payments from pharmacies and paying importers')).toBeVisible()
  await expect(card.getByText('Complete')).toBeVisible()
})

test('a HIGH business takes two people: the demo approver gave the first approval, senior@ gives the second', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const business = await demoBusiness(request, 'Zaria Textiles Limited', 'superadmin@example.com')

  await signInAsStaff(page, 'approver@example.com')
  await page.goto(`/s/admin/approvals/business/business-preview?id=${business.id}`)
  await expect(page.getByRole('heading', { name: business.name })).toBeVisible()
  const risk = await reachSection(page, 'Risk')
  await expect(risk.getByText(/waiting for a senior manager.s approval/)).toBeVisible()
  const edd = risk.getByTestId('edd-review')
  await expect(edd).toContainText('Complete: every item is answered with its supporting documents.')
  // The first approver may not give the second.
  await page.getByRole('button', { name: 'Approve business' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve business' }).click()
  await expect(page.getByText(/someone else in senior management must give the second/)).toBeVisible()

  const context = await browser.newContext()
  const senior = await context.newPage()
  await signInAsStaff(senior, 'senior@example.com')
  await senior.goto(`/s/admin/approvals/business/business-preview?id=${business.id}`)
  await expect(senior.getByRole('heading', { name: business.name })).toBeVisible()
  await senior.getByRole('button', { name: 'Approve business' }).click()
  await senior.getByRole('alertdialog').getByRole('button', { name: 'Approve business' }).click()
  await expect(senior.getByText(`${business.name} is approved. Its owners have been told.`)).toBeVisible()
  await context.close()
})
