import { expect, type Browser, type Locator } from '@playwright/test'
import { signInAsStaff } from './accounts'

/**
 * FOUR_EYES_CONFIG is on (the default): a configuration change made on a screen is only sent for approval. The screen
 * says so with a link to the request; `approveSentChange` follows it as approver@ (a second person, who may decide
 * authorizations) and approves it on the checker's screen, after which the change is in force.
 */
export async function approveSentChange(browser: Browser, notice: Locator, what: RegExp) {
  await expect(notice).toContainText('Sent for approval')
  const href = await notice.getByRole('link', { name: 'See the request' }).getAttribute('href')
  expect(href).toMatch(/^\/s\/admin\/authorizations\/details\?id=[0-9a-f-]{36}$/)
  const context = await browser.newContext()
  try {
    const checker = await context.newPage()
    await signInAsStaff(checker, 'approver@example.com')
    await checker.goto(href!)
    await expect(checker.getByRole('heading', { name: what })).toBeVisible()
    await expect(checker.getByRole('region', { name: 'Before and after' })).toBeVisible()
    await checker.getByRole('button', { name: 'Approve' }).click()
    await checker.getByRole('alertdialog', { name: 'Approve this change?' }).getByRole('button', { name: 'Approve' }).click()
    await expect(checker.getByText('Approved: the change has been applied.')).toBeVisible()
  } finally {
    await context.close()
  }
}
