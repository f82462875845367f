import { expect, test } from '@playwright/test'
import { signInAsStaff, unique } from './support/accounts'
import { seriousViolations } from './support/a11y'

/**
 * The super admin registers a webhook endpoint: the form is checked by the API's schema, the signing secret is shown
 * once, then the endpoint is listed (without its secret) with an empty delivery log, and can be removed.
 */
test('the super admin registers an endpoint, sees its secret once, opens its deliveries and removes it', async ({ page }) => {
  test.setTimeout(120_000)
  await signInAsStaff(page, 'superadmin@example.com')
  await page.goto('/s/admin/webhooks')
  await expect(page.getByRole('heading', { name: 'Endpoints' })).toBeVisible()

  const url = `https://hooks-${unique()}.example.com/kyc`
  await page.getByRole('button', { name: 'Register an endpoint' }).click()
  const form = page.getByRole('form', { name: 'Register an endpoint' })
  await form.getByLabel('URL').fill('http://hooks.example.com/kyc')
  await form.getByLabel(/Business approved or declined/).check()
  await form.getByRole('button', { name: 'Register the endpoint' }).click()
  await expect(form.getByText(/must be an https URL/)).toBeVisible()

  await form.getByLabel('URL').fill(url)
  await form.getByLabel('Description').fill('Core banking')
  await form.getByRole('button', { name: 'Register the endpoint' }).click()
  const secret = page.getByLabel('Signing secret')
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/)
  expect(await seriousViolations(page)).toEqual([])
  const shown = await secret.textContent()
  await page.getByRole('button', { name: 'I have saved it' }).click()
  await expect(page.getByText(shown!)).toHaveCount(0)

  const row = page.getByRole('row', { name: new RegExp(url.replaceAll('.', '\\.')) })
  await expect(row).toContainText('Business approved or declined')
  await row.getByRole('button', { name: `Deliveries to ${url}` }).click()
  await expect(page.getByText('Nothing delivered yet')).toBeVisible()

  await row.getByRole('button', { name: `Remove ${url}` }).click()
  await page.getByRole('alertdialog', { name: 'Remove this endpoint?' }).getByRole('button', { name: 'Remove' }).click()
  await expect(row).toHaveCount(0)
})

test('at phone width the webhooks screen does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await signInAsStaff(page, 'superadmin@example.com')
  await page.goto('/s/admin/webhooks')
  await expect(page.getByRole('heading', { name: 'Endpoints' })).toBeVisible()
  await page.getByRole('button', { name: 'Register an endpoint' }).click()
  await expect(page.getByRole('form', { name: 'Register an endpoint' })).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  expect(await seriousViolations(page)).toEqual([])
})
