import { expect, test, type Locator, type Page } from '@playwright/test'
import { DEMO_PASSWORD, latestMail, signIn, unique } from './support/accounts'
import { fitsThePhone } from './support/phone'

/**
 * On a phone (the `phone` project: Pixel 7, touch): a new owner signs up, registers a business, captures a KYC step
 * and deletes a record; a staff approver works the review queue. On every page: nothing scrolls sideways, the
 * navigation opens from its Menu button, the primary actions are on screen and big enough to tap, and axe finds no
 * serious or critical violation.
 */

/** A primary action is on screen (scrolled to), inside the phone's width and at least 24 px each way (WCAG 2.5.8). */
async function tappable(target: Locator) {
  await target.scrollIntoViewIfNeeded()
  await expect(target).toBeInViewport()
  const box = (await target.boundingBox())!
  const width = target.page().viewportSize()!.width
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(width)
  expect(box.width).toBeGreaterThanOrEqual(24)
  expect(box.height).toBeGreaterThanOrEqual(24)
}

/** The navigation is folded behind the Menu button; a tap opens it, fitting the phone, and it offers `link`. */
async function navigationOpens(page: Page, link: string) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true })
  const nav = page.getByRole('navigation', { name: 'Portal' })
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(nav).toBeHidden()
  await tappable(menu)
  await menu.tap()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await expect(nav.getByRole('link', { name: link })).toBeVisible()
  await fitsThePhone(page)
  return nav
}

test('a new owner signs up, registers a business, captures the company details and deletes an address on a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const id = unique()
  const email = `bisola.${id}@example.ng`
  const password = `Lagoon-${id}-Xy!`

  await page.goto('/auth/signup')
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()
  await fitsThePhone(page)
  await page.getByLabel('First name').fill('Bisola')
  await page.getByLabel('Last name').fill('Adeyemi')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Phone number').fill(`0803${id.slice(-7)}`)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await tappable(page.getByRole('button', { name: 'Create account' }))
  await page.getByRole('button', { name: 'Create account' }).tap()
  await expect(page).toHaveURL(/\/auth\/signup\/success/)
  await fitsThePhone(page)

  const activation = await latestMail(request, email, 'activation')
  await page.goto(/(\/auth\/activate\?token=[A-Za-z0-9_%-]+)/.exec(activation.text)![1]!)
  await expect(page.getByText('Your account is active')).toBeVisible()

  await page.goto('/auth/login')
  await fitsThePhone(page)
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/s\/businesses$/)
  await expect(page.getByRole('heading', { name: 'You have no business yet' })).toBeVisible()
  await fitsThePhone(page)
  await navigationOpens(page, 'My businesses')
  await page.getByRole('button', { name: 'Menu', exact: true }).tap()

  // Register the business.
  const register = page.getByRole('link', { name: 'Register a business' }).first()
  await tappable(register)
  await register.tap()
  await expect(page).toHaveURL(/\/s\/businesses\/create-business$/)
  // The URL changes before the new page is drawn: wait for it, not for a field the old page may also have.
  await expect(page.getByRole('heading', { level: 1, name: 'Register a business' })).toBeVisible()
  const regNo = `RC${id.slice(-7)}`
  const name = `Adeyemi Bakery ${regNo} Limited`
  await page.getByLabel('Registration number').fill(regNo)
  await expect(page.getByText(`${regNo} is available`)).toBeVisible()
  await page.getByLabel('Business name').fill(name)
  await page.getByLabel('Business type').selectOption({ label: 'Private Limited Company' })
  await page.getByLabel('Category').selectOption({ index: 1 })
  await page.getByLabel('Business e-mail').fill(`hello.${id}@adeyemibakery.ng`)
  await page.getByLabel('Business phone').fill('0803 123 4567')
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('14 Broad Street')
  await page.getByLabel('State').selectOption('Lagos')
  await page.getByLabel('Local government area').selectOption('Lagos Island')
  await fitsThePhone(page)
  await tappable(page.getByRole('button', { name: 'Register business' }))
  await page.getByRole('button', { name: 'Register business' }).tap()

  // The dashboard: what is outstanding, with the way into the KYC.
  await expect(page).toHaveURL(/\/s\/businesses\/dashboard-details\?businessId=[0-9a-f-]{36}$/)
  const businessId = new URL(page.url()).searchParams.get('businessId')!
  await expect(page.getByRole('heading', { name })).toBeVisible()
  await expect(page.getByRole('list', { name: 'KYC progress' })).toBeVisible()
  await fitsThePhone(page)
  const continueKyc = page.getByRole('link', { name: 'Continue KYC: Complete the company details' })
  await tappable(continueKyc)
  await continueKyc.tap()

  // The company details step.
  await expect(page).toHaveURL(/\/kyc\?businessId=[0-9a-f-]{36}&step=COMPANY_DETAILS$/)
  const company = page.getByRole('form', { name: 'Company details' })
  await expect(company).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'KYC steps' })).toBeVisible()
  await fitsThePhone(page)
  await company.getByLabel(/Tax identification number/).fill('12345678-0001')
  await company.getByLabel(/Date of incorporation/).fill('2019-02-11')
  await company.getByLabel(/Nature of business/).fill('Bread and pastries')
  await company.getByLabel(/Number of employees/).fill('9')
  await company.getByLabel(/Annual turnover/).fill('18000000')
  const save = company.getByRole('button', { name: 'Save company details' })
  await tappable(save)
  await save.tap()
  await expect(page.getByRole('heading', { name: '2. Addresses' })).toBeVisible()

  // An address, added and then deleted again.
  await page.getByRole('button', { name: 'Add an address' }).tap()
  const form = page.getByRole('form', { name: 'New address' })
  await form.getByRole('textbox', { name: 'Address', exact: true }).fill('14 Broad Street')
  await form.getByLabel(/^State/).selectOption('Lagos')
  await form.getByLabel(/Local government area/).selectOption('Lagos Island')
  await fitsThePhone(page)
  await tappable(form.getByRole('button', { name: 'Add address' }))
  await form.getByRole('button', { name: 'Add address' }).tap()
  const addresses = page.getByRole('list', { name: 'Addresses' })
  await expect(addresses.getByText('Registered office')).toBeVisible()
  await fitsThePhone(page)

  const remove = addresses.getByRole('button', { name: 'Delete Registered office at 14 Broad Street' })
  await tappable(remove)
  await remove.tap()
  const dialog = page.getByRole('alertdialog', { name: 'Delete this address?' })
  await expect(dialog).toBeVisible()
  await fitsThePhone(page)
  await tappable(dialog.getByRole('button', { name: 'Delete address' }))
  await tappable(dialog.getByRole('button', { name: 'Cancel' }))
  await dialog.getByRole('button', { name: 'Delete address' }).tap()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('No addresses yet.', { exact: false })).toBeVisible()
  await page.reload()
  await expect(page.getByText('No addresses yet.', { exact: false })).toBeVisible()

  // Further steps: the step list scrolls sideways on a phone and keeps the current step in sight.
  await page.goto(`/s/businesses/dashboard-details/kyc?businessId=${businessId}&step=DOCUMENTS`)
  await expect(page.getByRole('heading', { name: '5. Documents' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'KYC steps' }).locator('[aria-current="step"]')).toBeInViewport({ ratio: 1 })
  await fitsThePhone(page)
  const headers = {
    authorization: `Bearer ${await page.evaluate(() => JSON.parse(sessionStorage.getItem('user_auth_data') ?? '{}').access_token as string)}`,
  }
  const kyc = (await (await request.get(`/api/v1/kyc/details-first-entity/${businessId}`, { headers })).json()) as { id: string }
  expect(await (await request.get(`/api/v1/kyc/addresses/all-kyc/${kyc.id}`, { headers })).json()).toEqual([])
})

test('a staff approver opens the review queue and a business on a phone', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, 'approver@example.com', DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/s\/admin\/businesses$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await fitsThePhone(page)

  const nav = await navigationOpens(page, 'Business approvals')
  await nav.getByRole('link', { name: 'Business approvals' }).tap()
  await expect(page).toHaveURL(/\/s\/admin\/approvals\/business/)
  await expect(page.getByRole('heading', { name: 'Business approvals' })).toBeVisible()
  await expect(nav).toBeHidden()
  const review = page.getByRole('link', { name: /^Review / }).first()
  await expect(review).toBeVisible()
  await fitsThePhone(page)
  await tappable(review)
  const business =
    (await review.getAttribute('aria-label'))?.replace(/^Review /, '') ?? (await review.innerText()).replace(/^Review /, '')
  await review.tap()

  await expect(page).toHaveURL(/\/s\/admin\/approvals\/business\/business-preview\?id=[0-9a-f-]{36}&from=/)
  await expect(page.getByRole('heading', { name: business })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Approval preconditions' })).toBeVisible()
  await fitsThePhone(page)
  const decision = page.getByRole('region', { name: 'Decision' })
  await decision.scrollIntoViewIfNeeded()
  await expect(decision).toBeVisible()
  for (const button of await decision.getByRole('button').all()) await tappable(button)
  await fitsThePhone(page)
})
