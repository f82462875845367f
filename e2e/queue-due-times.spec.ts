import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { signInAsStaff } from './support/accounts'

const DUE_WORDS = /^(Overdue|Due soon|On time)$/

test('support inquiries: a new one shows its due time in words, filtered and sorted by it in the URL', async ({
  page,
  request,
}) => {
  const subject = `Due time check ${randomUUID().slice(0, 8)}`
  const sent = await request.post('/api/v1/support/inquiries', {
    multipart: { name: 'Ngozi Eze', email: `visitor.${randomUUID().slice(0, 8)}@example.ng`, subject, message: 'Hello' },
  })
  expect(sent.status()).toBe(201)
  const { reference } = (await sent.json()) as { reference: string }

  await signInAsStaff(page, 'superadmin@example.com')
  // Due in two business days: on time, whatever the day the test runs.
  await page.goto('/s/admin/support-inquiries?due=ON_TIME&sort=dueAt,desc')
  await expect(page.getByRole('heading', { level: 1, name: 'Support inquiries' })).toBeVisible()
  await expect(page.getByLabel('Due (open)')).toHaveValue('ON_TIME')
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: reference }) })
  await expect(row).toBeVisible()
  // In words beside the colour, with the day it is due by.
  await expect(row.getByText('On time', { exact: true })).toBeVisible()
  await expect(row.getByText(/^by \d{2}-[A-Z][a-z]{2}-\d{4}$/)).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Chosen from the filter: the URL says so, and the new inquiry is not overdue.
  await page.getByLabel('Due (open)').selectOption('OVERDUE')
  await expect(page).toHaveURL(/[?&]due=OVERDUE/)
  await expect(page.getByRole('rowheader', { name: reference })).toHaveCount(0)
})

test('deferrals: each pending request shows when its review is due, and the due filter keeps the URL', async ({ page }) => {
  await signInAsStaff(page, 'approver@example.com')
  await page.goto('/s/admin/approvals/deferral?status=PENDING&sort=dueAt,asc')
  await expect(page.getByRole('heading', { level: 1, name: 'Deferrals' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Deferral requests' })
  await expect(table.getByRole('columnheader', { name: /Review due/ })).toBeVisible()
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') })
  await expect(rows.first()).toBeVisible()
  const first = rows.first()
  const word = (await first.getByText(DUE_WORDS).textContent())!.trim()
  expect(await seriousViolations(page)).toEqual([])

  const value = { Overdue: 'OVERDUE', 'Due soon': 'DUE_SOON', 'On time': 'ON_TIME' }[word]!
  await page.getByLabel('Review due').selectOption(value)
  await expect(page).toHaveURL(new RegExp(`[?&]due=${value}`))
  // Every row left says the same, in words.
  await expect(table.getByText(DUE_WORDS).filter({ hasNotText: word })).toHaveCount(0)
  await expect(rows.first().getByText(word, { exact: true })).toBeVisible()
})
