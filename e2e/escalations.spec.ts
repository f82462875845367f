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

  const itemLink = row.getByRole('rowheader').getByRole('link')
  await expect(itemLink).toBeVisible()
  const item = (await itemLink.textContent())!.trim()
  await row.getByRole('button', { name: /^Reassign / }).click()
  const dialog = page.getByRole('alertdialog', { name: `Reassign ${item}` })
  await expect(dialog).toBeVisible()
  // Nothing chosen: the dialog says what is missing.
  await dialog.getByRole('button', { name: 'Reassign' }).click()
  await expect(dialog.getByText('Choose who takes it.')).toBeVisible()
  const select = dialog.getByLabel('New assignee')
  // The away reviewer cannot be chosen.
  await expect(select.locator('option', { hasText: /Chinedu Eze \(away until/ })).toBeDisabled()
  // Anyone available but the current assignee (whom the list leaves out): the demo's auto-assignment may already have
  // given this item to any of them by the time this runs.
  const available = select.locator('option:not([disabled]):not([value=""])')
  await expect(available.first()).toBeAttached()
  const assignee = (await available.first().textContent())!.trim()
  await select.selectOption({ label: assignee })
  await dialog.getByLabel('Reason').fill(`Escalated: ${assignee} has capacity this week`)
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Reassign' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`${item} is now with ${assignee}.`)).toBeVisible()
  await expect(
    table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: item, exact: true }) })
      .getByText(assignee),
  ).toBeVisible()
})
