import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { signInAsStaff } from './support/accounts'

test('a supervisor reassigns an escalated item to another reviewer, with a reason', async ({ page }) => {
  test.setTimeout(90_000)
  await signInAsStaff(page, 'senior@example.com')
  await page.goto('/s/admin/escalations?open=true&queue=BUSINESS_REVIEW')
  await expect(page.getByRole('heading', { level: 1, name: 'Escalations' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Escalations, newest first' })
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Reassign / }) })
    .first()
  await expect(row).toBeVisible()
  // Overdue in words, not by colour alone.
  await expect(row.getByText('Overdue')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  const item = (await row.getByRole('rowheader').getByRole('link').textContent())!.trim()
  await row.getByRole('button', { name: /^Reassign / }).click()
  const dialog = page.getByRole('alertdialog', { name: `Reassign ${item}` })
  await expect(dialog).toBeVisible()
  // Nothing chosen: the dialog says what is missing.
  await dialog.getByRole('button', { name: 'Reassign' }).click()
  await expect(dialog.getByText('Choose who takes it.')).toBeVisible()
  const select = dialog.getByLabel('New assignee')
  // The away reviewer cannot be chosen.
  await expect(select.locator('option', { hasText: /Chinedu Eze \(away until/ })).toBeDisabled()
  await select.selectOption({ label: 'Aisha Bello' })
  await dialog.getByLabel('Reason').fill('Escalated: Aisha has capacity this week')
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Reassign' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`${item} is now with Aisha Bello.`)).toBeVisible()
  await expect(
    table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: item, exact: true }) })
      .getByText('Aisha Bello'),
  ).toBeVisible()
})
