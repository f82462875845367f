import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { signInAsStaff } from './support/accounts'

test('a supervisor reads a year of the business review, switches the queue and downloads the CSV', async ({ page }) => {
  test.setTimeout(90_000)
  await signInAsStaff(page, 'senior@example.com')
  await page.goto('/s/admin/operations')
  await expect(page.getByRole('heading', { level: 1, name: 'Operations dashboard' })).toBeVisible()

  // A year of the demo's history: twelve or thirteen months, decisions in them, each chart with its table.
  const months = page.getByRole('table', { name: 'Business review: in and out per month' })
  await expect(months).toBeVisible({ timeout: 20_000 })
  expect(await months.locator('tbody tr').count()).toBeGreaterThanOrEqual(12)
  const out = page.locator('dt', { hasText: 'Out (decided)' }).locator('xpath=following-sibling::dd')
  await expect(out).not.toHaveText('0')
  await expect(
    page.getByRole('table', { name: 'Business review: reasons given for declines' }).locator('tbody tr').first(),
  ).toBeVisible()
  await expect(page.getByRole('table', { name: 'Business review: items waiting now, by age' })).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Businesses registered in the period, by the KYC step they last saved' }),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The queue filter goes to the address and the tables follow it.
  await page.getByRole('combobox', { name: 'Queue' }).selectOption({ label: 'Deferral requests' })
  await expect(page).toHaveURL(/queue=DEFERRALS/)
  await expect(page.getByRole('table', { name: 'Deferral requests: in and out per month' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Business review: in and out per month' })).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  // A reload keeps the filters.
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Queue' })).toHaveValue('DEFERRALS')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  expect((await download).suggestedFilename()).toMatch(/^operations-deferrals-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/)
  await expect(page.getByText(/^Saved operations-deferrals-/)).toBeVisible()
})
