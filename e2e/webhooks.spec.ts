import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { signInAsStaff, unique } from './support/accounts'
import { approveSentChange, checkerPage } from './support/four-eyes'

/**
 * The super admin registers a webhook endpoint: the form is checked by the API's schema and the URL rule (public
 * addresses over https only), the request is sent for approval (four-eyes) and approved by a second person, then the
 * endpoint is listed and its delivery log opens (empty, or only the event it subscribed to), a new signing secret is
 * shown once, and the endpoint can be removed.
 */
test('the super admin registers an endpoint, sees its secret once, opens its deliveries and removes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await signInAsStaff(page, 'superadmin@example.com')
  await page.goto('/s/admin/webhooks')
  await expect(page.getByRole('heading', { name: 'Endpoints' })).toBeVisible()

  // A public address written as an IP, so saving it needs no DNS; nothing is delivered to it in this test.
  const url = `https://93.184.215.14/kyc-${unique()}`
  await page.getByRole('button', { name: 'Register an endpoint' }).click()
  const form = page.getByRole('form', { name: 'Register an endpoint' })
  await form.getByLabel('URL').fill('http://hooks.example.com/kyc')
  await form.getByLabel(/Business approved or declined/).check()
  await form.getByRole('button', { name: 'Register the endpoint' }).click()
  await expect(form.getByText(/must be an https URL/)).toBeVisible()

  await form.getByLabel('URL').fill('https://169.254.169.254/latest/meta-data/')
  await form.getByRole('button', { name: 'Register the endpoint' }).click()
  await expect(form.getByText(/must reach a public address/)).toBeVisible()

  await form.getByLabel('URL').fill(url)
  await form.getByLabel('Description').fill('Core banking')
  await form.getByRole('button', { name: 'Register the endpoint' }).click()
  await approveSentChange(
    await checkerPage(browser),
    page.getByRole('status').filter({ hasText: 'Sent for approval' }),
    /^New webhook endpoint/,
  )
  await page.reload()

  const row = page.getByRole('row', { name: new RegExp(url.replaceAll('.', '\\.')) })
  await row.getByRole('button', { name: `New signing secret for ${url}` }).click()
  const secret = page.getByLabel('Signing secret', { exact: true })
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/)
  expect(await seriousViolations(page)).toEqual([])
  const shown = await secret.textContent()
  await page.getByRole('button', { name: 'I have saved it' }).click()
  await expect(page.getByText(shown!)).toHaveCount(0)

  await expect(row).toContainText('Business approved or declined')
  await row.getByRole('button', { name: `Deliveries to ${url}` }).click()
  // Empty, unless a test running beside this one decided a business meanwhile: then only that event, still unsent
  // (the endpoint's address answers nothing here).
  const log = page.getByRole('region', { name: `Deliveries to ${url}` })
  const deliveries = log.getByRole('table', { name: 'Deliveries, newest first' })
  // Either shows once the log has loaded (for a moment both, as the table refreshes: first() keeps it strict-safe).
  await expect(log.getByText('Nothing delivered yet').or(deliveries).first()).toBeVisible()
  for (const event of await deliveries.getByRole('rowheader').allTextContents())
    expect(event).toBe('Business approved or declined')

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
