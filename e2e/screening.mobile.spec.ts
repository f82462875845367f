import { expect, test, type Page } from '@playwright/test'
import { signIn } from './support/accounts'

/**
 * Screening on a phone (issue 38): the queue, the candidate beside the listed entry in the review, and the lists page
 * fit the screen without sideways scrolling. The demo's Asaba Creative Studios has an open candidate (its
 * shareholder against UN QDi.322); this spec only reads it.
 */

async function fitsTheWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(1)
}

test('an approver reads the screening queue and a candidate on a phone', async ({ page }) => {
  await signIn(page, 'approver@example.com')
  await expect(page).not.toHaveURL(/\/auth\/login/, { timeout: 20_000 })
  await page.goto('/s/admin/screening?q=Asaba')
  await expect(page.getByRole('heading', { level: 1, name: 'Screening' })).toBeVisible()
  const row = page.getByRole('row', { name: /Asaba Creative Studios/ }).first()
  await expect(row).toBeVisible({ timeout: 20_000 })
  await fitsTheWidth(page)

  await row.getByRole('link', { name: /^Compare / }).click()
  const section = page.getByRole('region', { name: 'Screening', exact: true })
  await expect(section).toBeVisible({ timeout: 20_000 })
  const comparison = section.getByRole('table', { name: 'Screened beside listed' }).first()
  await expect(comparison).toContainText('QDi.322')
  await comparison.scrollIntoViewIfNeeded()
  await expect(section.getByRole('button', { name: 'Record decision' }).first()).toBeVisible()
  await fitsTheWidth(page)
})

test('a list manager reads the screening lists on a phone', async ({ page }) => {
  await signIn(page, 'superadmin@example.com')
  await expect(page).not.toHaveURL(/\/auth\/login/, { timeout: 20_000 })
  await page.goto('/s/admin/screening/lists')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('UN Security Council Consolidated List').first()).toBeVisible({ timeout: 20_000 })
  await fitsTheWidth(page)
})
