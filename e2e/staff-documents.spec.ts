import { expect, test } from '@playwright/test'
import { signInAsStaff } from './support/accounts'

/**
 * Staff document review in the browser, on the demo data: approver@ works the CAC documents queue (viewer, a re-upload
 * request, the decision) and the deferrals queue (a bulk approval, then the request's details).
 */

test('approver@ reviews CAC documents: the viewer shows the PDF, a re-upload is requested, the documents are approved', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAsStaff(page, 'approver@example.com')
  // Oldest first: the demo businesses' uploads, not those other specs make meanwhile.
  await page.goto('/s/admin/approvals/cac-doc?status=PENDING&recentFirst=false')
  await expect(page.getByRole('heading', { name: 'CAC documents' })).toBeVisible()
  const review = page.getByRole('link', { name: /^Review the CAC documents of / }).first()
  const label = (await review.getAttribute('aria-label'))!
  const businessName = label.replace('Review the CAC documents of ', '')
  await review.click()
  await expect(page).toHaveURL(/\/s\/admin\/approvals\/cac-doc\/details\?id=[0-9a-f-]{36}$/)

  // The first document is fetched with the bearer token and shown from an object URL.
  const frame = page.locator('iframe').first()
  await expect(frame).toHaveAttribute('src', /^blob:/)
  await expect(frame).toHaveAttribute('title', new RegExp(`of ${businessName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))

  await page
    .getByRole('button', { name: /^Request a new upload of / })
    .first()
    .click()
  const ask = page.getByRole('alertdialog')
  await ask.getByLabel('What is wrong with the document').fill('The stamp on the second page is not readable.')
  await ask.getByRole('button', { name: 'Request re-upload' }).click()
  await expect(page.getByText(/is asked to upload .* again\./)).toBeVisible()
  await expect(page.getByText('Re-upload asked: The stamp on the second page is not readable.')).toBeVisible()

  const decision = page.getByRole('region', { name: 'Decision' })
  await decision.getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText(`The CAC documents of ${businessName} are approved.`)).toBeVisible()
  await expect(decision.getByText(/Nothing is waiting: the CAC documents are approved/)).toBeVisible()
})

test('approver@ approves a pending deferral from the queue and reads it back with its due date', async ({ page }) => {
  test.setTimeout(120_000)
  await signInAsStaff(page, 'approver@example.com')
  await page.goto('/s/admin/approvals/deferral?status=PENDING&recentFirst=false')
  await expect(page.getByRole('heading', { name: 'Deferrals' })).toBeVisible()
  const box = page.getByRole('checkbox', { name: /^Select (?!every)/ }).first()
  const label = (await box.getAttribute('aria-label'))!.replace(/^Select /, '')
  const [businessName, documentName] = label.split(': ') as [string, string]
  await box.check()
  await expect(page.getByText('1 deferral selected')).toBeVisible()
  await page.getByRole('button', { name: 'Approve selected' }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByLabel('Shared comment (optional)').fill('Agreed: upload it as soon as it arrives.')
  await dialog.getByRole('button', { name: 'Approve all' }).click()
  await expect(page.getByText('1 deferral approved.')).toBeVisible()

  await page.goto(`/s/admin/approvals/deferral?status=APPROVED&businessName=${encodeURIComponent(businessName)}`)
  await page.getByRole('link', { name: `Review the deferral of ${documentName} for ${businessName}` }).click()
  await expect(page.getByRole('heading', { name: documentName })).toBeVisible()
  await expect(page.getByText('Agreed: upload it as soon as it arrives.')).toBeVisible()
  await expect(page.locator('dt', { hasText: /^Due$/ })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Decision' }).getByText('This request is approved: nothing to decide.'),
  ).toBeVisible()
})
