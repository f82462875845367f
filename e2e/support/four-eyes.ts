import { expect, type Browser, type Locator, type Page } from '@playwright/test'
import { signInAsStaff } from './accounts'

/**
 * FOUR_EYES_CONFIG is on (the default): a configuration change made on a screen is only sent for approval. The screen
 * says so with a link to the request; the checker, approver@ (a second person who may decide authorizations), follows
 * it and approves it on the checker's screen, after which the change is in force.
 */

/** approver@, signed in once in a context of their own (sign-ins are throttled: reuse it within a test). */
export async function checkerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signInAsStaff(page, 'approver@example.com')
  return page
}

export async function approveSentChange(checker: Page, notice: Locator, what: RegExp) {
  await expect(notice).toContainText('Sent for approval')
  const href = await notice.getByRole('link', { name: 'See the request' }).getAttribute('href')
  expect(href).toMatch(/^\/s\/admin\/authorizations\/details\?id=[0-9a-f-]{36}$/)
  await checker.goto(href!)
  await expect(checker.getByRole('heading', { name: what })).toBeVisible()
  await expect(checker.getByRole('region', { name: 'Before and after' })).toBeVisible()
  await checker.getByRole('button', { name: 'Approve' }).click()
  await checker.getByRole('alertdialog', { name: 'Approve this change?' }).getByRole('button', { name: 'Approve' }).click()
  await expect(checker.getByText('Approved: the change has been applied.')).toBeVisible()
}
