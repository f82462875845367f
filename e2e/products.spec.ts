import { expect, test, type APIRequestContext } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { bearer, DEMO_PASSWORD, latestMail, signIn, unique } from './support/accounts'
import { completeKyc, PDF, verifyChecks, type KycAnswers } from './support/kyc-api'

/**
 * Products: a visitor picks a product in the public catalogue, signs up, activates, signs in and lands on that
 * product; registers the business, answers a text and an upload requirement and submits. Staff approve the business
 * (through KYC and the real review calls), approve the application and mark it as live; the business sees it live.
 */

/** Serious and critical axe findings on the page as it is now. */
/** The owner's KYC, captured through the API: the sole shareholder is also the director, one means of ID covers both. */
const OKONKWO_KYC: KycAnswers = {
  details: {
    tin: '12345678-0001',
    incorporationDate: '2018-05-02',
    natureOfBusiness: 'Retail of groceries',
    numberOfEmployees: 12,
    annualTurnover: 30000000,
    countryOfIncorporation: 'Nigeria',
  },
  address: {
    type: 'REGISTERED',
    line1: '14 Broad Street',
    city: 'Lagos',
    country: 'Nigeria',
    state: 'Lagos',
    lga: 'Lagos Island',
  },
  shareholder: {
    type: 'INDIVIDUAL',
    firstName: 'Ada',
    lastName: 'Okonkwo',
    nationality: 'Nigeria',
    bvn: '22212345678',
    percentage: 100,
  },
  meansOfId: {
    firstName: 'Ada',
    lastName: 'Okonkwo',
    role: 'DIRECTOR',
    bvn: '22212345678',
    idType: 'NATIONAL_ID_CARD',
    idNumber: '12345678901',
  },
}

/**
 * The business's KYC captured and marked complete by its owner, its CAC documents approved and the business
 * approved by staff: the preconditions the product approval needs, through the same calls the portal makes.
 */
async function approveBusinessThroughReview(request: APIRequestContext, owner: Record<string, string>, businessId: string) {
  const kycDetailsId = await completeKyc(request, owner, businessId, OKONKWO_KYC)

  const approver = await bearer(request, 'approver@example.com', DEMO_PASSWORD)
  const cac = await request.put('/api/v1/kyc/cac-documents-approval', {
    headers: approver,
    data: { ids: [kycDetailsId], decision: 'APPROVED' },
  })
  expect(cac.status(), await cac.text()).toBe(200)
  await verifyChecks(request, businessId)
  const approved = await request.put(`/api/v1/businesses/${businessId}/approve`, {
    headers: approver,
    data: { decision: 'APPROVED' },
  })
  expect(approved.status(), await approved.text()).toBe(200)
}

test('a visitor picks a product, signs up, registers the business and applies; staff approve it and it goes live', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000)
  const id = unique()
  const email = `ada.${id}@example.ng`
  const password = `Lagoon-${id}-Xy!`

  // The public catalogue: choosing a product remembers it and leads to sign-up.
  await page.goto('/products')
  await expect(page.getByRole('heading', { name: 'Our products' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Payments and Collections' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Apply for POS terminal acquiring' }).click()
  await page
    .getByRole('dialog', { name: 'Apply for POS terminal acquiring' })
    .getByRole('link', { name: 'Create an account' })
    .click()
  await expect(page).toHaveURL(/\/auth\/signup$/)

  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Okonkwo')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Phone number').fill(`0803${id.slice(-7)}`)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/auth\/signup\/success/)

  const activation = await latestMail(request, email, 'activation')
  await page.goto(/(\/auth\/activate\?token=[A-Za-z0-9_%-]+)/.exec(activation.text)![1]!)
  await expect(page.getByText('Your account is active')).toBeVisible()

  // Signing in lands on the product chosen before; with no business yet, register one first.
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/s\/products\/ProductKyc\?productCode=POS-ACQUIRING$/)
  await expect(page.getByRole('heading', { name: 'Register your business first' })).toBeVisible()
  await page.getByRole('link', { name: 'Register a business' }).click()

  const regNo = `RC${id.slice(-7)}`
  const businessName = `Ada Stores ${regNo} Limited`
  await page.getByLabel('Registration number').fill(regNo)
  await expect(page.getByText(`${regNo} is available`)).toBeVisible()
  await page.getByLabel('Business name').fill(businessName)
  await page.getByLabel('Business type').selectOption({ label: 'Private Limited Company' })
  await page.getByLabel('Category').selectOption({ label: 'Retail and Wholesale Trade' })
  await page.getByLabel('Business e-mail').fill(`hello.${id}@adastores.ng`)
  await page.getByLabel('Business phone').fill('0803 123 4567')
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('14 Broad Street')
  await page.getByLabel('State').selectOption('Lagos')
  await page.getByLabel('Local government area').selectOption('Lagos Island')
  await page.getByRole('button', { name: 'Register business' }).click()
  // Registered for the product chosen before signing in: straight on to its application, with the new business.
  await expect(page).toHaveURL(/\/s\/products\/ProductKyc\?productCode=POS-ACQUIRING&businessId=[0-9a-f-]{36}$/)
  const businessId = new URL(page.url()).searchParams.get('businessId')!
  await page.getByRole('button', { name: 'Apply for POS terminal acquiring' }).click()

  // The requirement form: text answers autosave, the upload saves once confirmed.
  const form = page.getByRole('form', { name: 'POS terminal acquiring requirements' })
  await form.getByLabel('Type of business').fill('Supermarket')
  await form.getByLabel('Number of outlets').fill('2')
  await form.getByLabel('Outlet addresses').fill('14 Broad Street, Lagos Island, Lagos')
  await form.getByLabel('Settlement account number (NUBAN)').fill('0123456789')
  await expect(form.getByText('All changes saved')).toBeVisible({ timeout: 15_000 })
  expect(await seriousViolations(page)).toEqual([])
  await form
    .getByLabel('Photo of the shop front')
    .setInputFiles({ name: 'shop-front.pdf', mimeType: 'application/pdf', buffer: PDF })
  await expect(form.getByRole('button', { name: 'Open shop-front.pdf' })).toBeVisible({ timeout: 20_000 })
  await form.getByRole('button', { name: 'Submit for review' }).click()
  await expect(page.getByText('Our team is reviewing your application.', { exact: false })).toBeVisible()

  // Staff: the business is approved through its KYC review, then the application is approved and completed.
  await approveBusinessThroughReview(request, await bearer(request, email, password), businessId)
  const staff = await browser.newContext()
  const staffPage = await staff.newPage()
  await signIn(staffPage, 'approver@example.com', DEMO_PASSWORD)
  await expect(staffPage).toHaveURL(/\/s\/admin/)
  await staffPage.goto('/s/admin/approvals/products')
  await staffPage
    .getByRole('search', { name: /filter/i })
    .getByLabel('Business name')
    .fill(businessName)
  // The filter is in the address once the list has it (a debounced write): a link followed before it could be
  // overtaken by that write.
  await expect(staffPage).toHaveURL(/searchKey=/)
  await expect(staffPage.getByText('Showing 1–1 of 1')).toBeVisible()
  await staffPage.getByRole('link', { name: `Review ${businessName}: POS terminal acquiring` }).click()
  await expect(staffPage).toHaveURL(/\/s\/admin\/approvals\/product-preview\?id=/)
  await expect(staffPage.getByRole('list', { name: 'Answers' }).getByText('Supermarket')).toBeVisible()
  await expect(
    staffPage.getByRole('list', { name: 'Answers' }).getByRole('button', { name: 'Open shop-front.pdf' }),
  ).toBeVisible()
  expect(await seriousViolations(staffPage)).toEqual([])
  await staffPage.getByRole('button', { name: 'Approve' }).click()
  await staffPage.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click()
  await staffPage.getByRole('button', { name: 'Mark as live' }).click()
  await staffPage.getByRole('alertdialog').getByRole('button', { name: 'Mark as live' }).click()
  await expect(staffPage.getByText('Live since')).toBeVisible()
  await staff.close()

  // The business sees it live.
  await page.goto(`/s/products?businessId=${businessId}`)
  const held = page.getByRole('region', { name: /products$/ }).first()
  await expect(held.getByText('POS terminal acquiring')).toBeVisible()
  await expect(held.getByText('Live')).toBeVisible()
  await page.goto(`/s/products/ProductKyc?productCode=POS-ACQUIRING&businessId=${businessId}`)
  await expect(page.getByText('You are live on this product.', { exact: false })).toBeVisible()
})

test('the catalogue works on a phone-sized screen and without a token', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/products')
  await expect(page.getByRole('heading', { name: 'Our products' })).toBeVisible()
  await page.getByRole('button', { name: /^Cards/ }).click()
  await expect(page.getByRole('region', { name: 'Cards' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Payments and Collections' })).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])
  const catalogue = await request.get('/api/v1/products?pageSize=100')
  expect(catalogue.status()).toBe(200)
  expect(((await catalogue.json()) as { content: { code: string }[] }).content.map((p) => p.code)).not.toContain(
    'WORKING-CAPITAL',
  )
})

test('product configuration and approvals are usable by keyboard and pass axe', async ({ page }) => {
  test.setTimeout(90_000)
  await signIn(page, 'product@example.com', DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/s\/admin/)
  await page.goto('/s/admin/product-config')
  await expect(page.getByRole('link', { name: 'Configure POS terminal acquiring' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('link', { name: 'Create a product' }).click()
  await page.getByRole('button', { name: 'Add a requirement' }).click()
  await page.getByRole('button', { name: 'Add a requirement' }).click()
  await page.getByLabel('Label').first().fill('Funding account')
  await page.getByLabel('Label').nth(1).fill('Board resolution')
  // Reordering by keyboard: focus the button and press Enter.
  await page.getByRole('button', { name: 'Move Board resolution up' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Board resolution moved to position 1 of 2')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await signIn(page, 'approver@example.com', DEMO_PASSWORD)
  await page.goto('/s/admin/approvals/products')
  await expect(page.getByRole('link', { name: /^Review / }).first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
