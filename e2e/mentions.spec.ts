import { expect, test } from '@playwright/test'
import { bearer, signInAsStaff, unique } from './support/accounts'

/**
 * Mentions and the bell (docs/notifications.md): approver@ (Aisha Bello) mentions approver2@ (Chinedu Eze) in a
 * business's comment thread through the comment box's autocomplete; Chinedu signs in, sees the bell's unread count,
 * opens the business from the notification and answers in the thread.
 */
test('a reviewer mentions a colleague, who sees the bell count, opens the item from the notification and answers', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000)
  const approver = await bearer(request, 'approver@example.com')
  const queue = await request.get('/api/v1/businesses/for-approval?pageSize=1', { headers: approver })
  expect(queue.status(), await queue.text()).toBe(200)
  const business = ((await queue.json()) as { content: { id: string; name: string }[] }).content[0]!
  const note = `Directors checked ${unique()}`

  await signInAsStaff(page, 'approver@example.com')
  await page.goto(`/s/admin/approvals/business/business-preview?id=${business.id}`)
  await expect(page.getByRole('heading', { name: business.name })).toBeVisible()
  const box = page.getByRole('textbox', { name: 'Add a comment' })
  await box.fill('')
  await box.pressSequentially('@chined')
  // The list of the comment box (the page's assignee select has a "Chinedu Eze" option too).
  await expect(
    page.getByRole('listbox', { name: 'Colleagues to mention' }).getByRole('option', { name: /Chinedu Eze/ }),
  ).toBeVisible()
  await box.press('Enter')
  await expect(box).toHaveValue('@chinedu.eze ')
  await box.pressSequentially(`could you look at the shareholders? ${note}`)
  await page.getByRole('button', { name: 'Add comment' }).click()
  await expect(page.getByText('Notified Chinedu Eze.')).toBeVisible()

  const context = await browser.newContext()
  const colleague = await context.newPage()
  await signInAsStaff(colleague, 'approver2@example.com')
  const bell = colleague.getByRole('button', { name: /^Notifications, \d+ unread$/ })
  await expect(bell).toBeVisible()
  await bell.click()
  const item = colleague.getByRole('link', { name: new RegExp(`Aisha Bello mentioned you on ${business.name}`) }).first()
  await expect(item).toBeVisible()
  await item.click()
  await expect(colleague).toHaveURL(new RegExp(`business-preview\\?id=${business.id}`))
  await expect(colleague.getByRole('heading', { name: business.name })).toBeVisible()
  await expect(colleague.getByText(note)).toBeVisible()
  const reply = colleague.getByRole('textbox', { name: 'Add a comment' })
  await reply.fill(`Shareholders match the CAC 2 (${note}).`)
  await colleague.getByRole('button', { name: 'Add comment' }).click()
  await expect(colleague.getByText(`Shareholders match the CAC 2 (${note}).`)).toBeVisible()
  await context.close()
})
