import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { signInAsStaff } from './support/accounts'
import { checkerPage } from './support/four-eyes'
import { fitsThePhone, openPortalMenu } from './support/phone'

/**
 * /s/admin/service-levels (docs/service-levels.md#screens): a supervisor changes a queue's target with a reason (four-eyes:
 * it waits for a second person, who reads the queue and its level before and after), adds a declared holiday and
 * withdraws it; the table is usable at a phone's width.
 */

test('a supervisor changes a target with a reason and sees it wait for a second person; adds a holiday and withdraws it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await signInAsStaff(page, 'senior@example.com')
  await page.goto('/s/admin/escalations')
  await (await openPortalMenu(page)).getByRole('link', { name: 'Service levels' }).click()
  await expect(page).toHaveURL(/\/s\/admin\/service-levels$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Service levels' })).toBeVisible()

  const table = page.getByRole('table', { name: 'Service level of each queue' })
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Support inquiries', exact: true }) })
  await expect(row.getByRole('cell', { name: '2 business days', exact: true })).toBeVisible()
  await expect(row.getByRole('cell', { name: 'Off', exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await row.getByRole('button', { name: 'Edit Support inquiries' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change the service level of Support inquiries' })
  await expect(dialog).toBeVisible()
  // Out of range and no reason: each error names its field, under it.
  const target = dialog.getByLabel('Target in business days')
  await target.fill('0')
  await dialog.getByRole('button', { name: 'Send the change' }).click()
  await expect(dialog.getByText('The target must be between 1 and 60 business days')).toBeVisible()
  await expect(dialog.getByText('Give a reason (at least 3 characters)')).toBeVisible()
  await expect(target).toHaveAttribute('aria-invalid', 'true')
  await target.fill('4')
  await dialog.getByLabel('Reason').fill('Inquiries need a day more while the audit runs')
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Send the change' }).click()
  await expect(dialog).toBeHidden()

  // Said plainly; the level in force is unchanged, the row says a change waits and offers no second one.
  const sent = page.getByRole('status').filter({ hasText: "Sent for a second person's approval" })
  await expect(sent).toContainText(
    'Support inquiries keeps 2 business days, auto-assignment off until another person approves 4 business days, auto-assignment off.',
  )
  await expect(row.getByText('Waiting for approval', { exact: true })).toBeVisible()
  await expect(row.getByRole('cell', { name: '2 business days', exact: true })).toBeVisible()
  await expect(row.getByRole('button', { name: 'Edit Support inquiries' })).toHaveCount(0)
  await expect(
    page.getByText(
      /A request to change the service level of the Support inquiries queue to 4 business days, auto-assignment off \(yours/,
    ),
  ).toBeVisible()

  // The checker reads the queue and its level before and after, then declines (the demo's level stays as it was).
  const href = await sent.getByRole('link', { name: 'See the request' }).getAttribute('href')
  const checker = await checkerPage(browser)
  await checker.goto(href!)
  await expect(checker.getByRole('heading', { name: 'Queue service level: Support inquiries' })).toBeVisible()
  await expect(checker.getByText('Inquiries need a day more while the audit runs')).toBeVisible()
  const change = checker.getByRole('region', { name: 'Before and after' }).getByRole('group', { name: 'Support inquiries' })
  await expect(change).toContainText('Before2 business days, auto-assignment off')
  await expect(change).toContainText('After4 business days, auto-assignment off')
  await checker.getByRole('button', { name: 'Decline' }).click()
  const decline = checker.getByRole('alertdialog', { name: 'Decline this change?' })
  await decline.getByLabel('Comment (why you decline)').fill('Not while the audit runs')
  await decline.getByRole('button', { name: 'Decline' }).click()
  await expect(checker.getByText('Declined: nothing was changed.')).toBeVisible()
  await checker.context().close()
  await page.reload()
  await expect(row.getByRole('button', { name: 'Edit Support inquiries' })).toBeVisible()

  // A holiday the government declared: added at once, then withdrawn after a confirmation.
  // A weekday of September 2027 (no public holiday that month), so withdrawing it moves due times back.
  const weekdays = Array.from({ length: 30 }, (_, i) => `2027-09-${String(i + 1).padStart(2, '0')}`).filter(
    (d) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()),
  )
  const day = weekdays[Date.now() % weekdays.length]!
  const form = page.getByRole('form', { name: 'Add a declared holiday' })
  await form.getByLabel('Date').fill(day)
  await form.getByLabel('Name or reason').fill('Declared for the census')
  await form.getByRole('button', { name: 'Add holiday' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Declared for the census' })).toContainText(
    'added: it is not a business day',
  )
  const holidays = page.getByRole('table', { name: 'Holidays in 2027' })
  const added = holidays.getByRole('row').filter({ hasText: 'Declared for the census' })
  await expect(added.getByText('Added by staff', { exact: true })).toBeVisible()
  await expect(added.getByText('by Olumide Adekunle')).toBeVisible()
  await expect(
    holidays.getByRole('row').filter({ hasText: 'Independence Day' }).getByText('Public holiday', { exact: true }),
  ).toBeVisible()
  // The same day again: refused, said under the date.
  await form.getByLabel('Date').fill(day)
  await form.getByLabel('Name or reason').fill('Declared twice')
  await form.getByRole('button', { name: 'Add holiday' }).click()
  await expect(form.getByText(`${day} is already an added holiday`)).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await added.getByRole('button', { name: /^Withdraw Declared for the census/ }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Withdraw Declared for the census?' })
  await expect(confirm).toContainText('becomes a business day again')
  await confirm.getByRole('button', { name: 'Withdraw holiday' }).click()
  await expect(confirm).toBeHidden()
  await expect(added).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'was withdrawn' })).toContainText('Declared for the census')
})

test('other staff read the service levels without changing them', async ({ page }) => {
  await signInAsStaff(page, 'approver@example.com')
  await page.goto('/s/admin/service-levels')
  await expect(page.getByRole('heading', { level: 1, name: 'Service levels' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Service level of each queue' })
  await expect(table.getByRole('rowheader', { name: 'Business review', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0)
  await expect(page.getByRole('form', { name: 'Add a declared holiday' })).toHaveCount(0)
  await expect(
    page
      .getByRole('table', { name: /^Holidays in \d{4}$/ })
      .getByText('Public holiday', { exact: true })
      .first(),
  ).toBeVisible()
})

test('at a phone width (390 px) the table is usable: rows readable, Edit reachable, nothing wider than the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAsStaff(page, 'superadmin@example.com')
  await page.goto('/s/admin/service-levels')
  const table = page.getByRole('table', { name: 'Service level of each queue' })
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Business review', exact: true }) })
  await expect(row.getByText('business days')).toBeVisible()
  const edit = row.getByRole('button', { name: 'Edit Business review' })
  // Whole on the screen once scrolled to: not clipped by the table's own sideways scroll.
  await edit.scrollIntoViewIfNeeded()
  await expect(edit).toBeInViewport({ ratio: 1 })
  await expect(
    page
      .getByRole('table', { name: /^Holidays in \d{4}$/ })
      .getByRole('row')
      .nth(1),
  ).toBeVisible()
  await fitsThePhone(page)
  await edit.click()
  const dialog = page.getByRole('dialog', { name: 'Change the service level of Business review' })
  await expect(dialog.getByLabel('Target in business days')).toBeVisible()
  await fitsThePhone(page)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})
