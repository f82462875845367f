import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { bearer, signInAsStaff } from './support/accounts'
import { approveSentChange, checkerPage } from './support/four-eyes'

/**
 * Staff settings in the browser, on the demo data: superadmin@ changes the longest deferral on the deferrals queue (and
 * puts it back: kyc-documents.spec expects the default 30), and records a verification result on a business review.
 */

const ESCAPE = /[.*+?^${}()|[\]\\]/g

/** Asks for a new maximum (sent for approval under four-eyes: nothing changes yet), then approver@ approves it. */
async function setMaxDays(page: Page, checker: Page, days: number) {
  const settings = page.getByRole('region', { name: 'Deferral settings' })
  // The maximum in force, as the field's hint says it ("… Now 30 days.").
  const inForce = /Now (\d+) days?\./.exec((await settings.getByText(/Now \d+ days?\./).textContent()) ?? '')![1]!
  await settings.getByRole('spinbutton', { name: 'Maximum days' }).fill(String(days))
  await settings.getByRole('button', { name: 'Save maximum' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Set the maximum to ${days} days?` })
  await confirm.getByRole('button', { name: 'Set maximum' }).click()
  await expect(confirm).toBeHidden()
  const notice = settings.getByRole('status').filter({ hasText: 'Sent for approval' })
  await expect(notice).toBeVisible()
  // Nothing changed yet: the field shows the maximum in force again.
  await expect(settings.getByRole('spinbutton', { name: 'Maximum days' })).toHaveValue(inForce)
  await approveSentChange(checker, notice, /^Deferral maximum days/)
}

/**
 * Declines a request to change the maximum that an earlier attempt of the test left waiting (stopped by its timeout
 * between sending the change and its approval): one request at a time, so it would disable the form for the retry.
 */
async function declineLeftoverMaxDaysRequests(request: APIRequestContext) {
  const checker = await bearer(request, 'approver@example.com')
  const pending = await request.get('/api/v1/authorizations/pending?resource=setting', { headers: checker })
  expect(pending.status(), await pending.text()).toBe(200)
  for (const left of (await pending.json()) as { id: string; type: string }[]) {
    if (left.type !== 'DEFERRAL_MAX_DAYS') continue
    const declined = await request.put(`/api/v1/authorizations/${left.id}`, {
      headers: checker,
      data: { decision: 'DECLINED', comment: 'Left waiting by an earlier attempt of this test' },
    })
    expect(declined.status(), await declined.text()).toBe(200)
  }
}

test('superadmin@ changes the longest deferral; once approver@ approves it, a reload reads the new value back', async ({
  page,
  browser,
  request,
}) => {
  // Two four-eyes rounds with a second browser: past two minutes on a loaded CI machine (2026-12-01).
  test.setTimeout(240_000)
  await declineLeftoverMaxDaysRequests(request)
  await signInAsStaff(page, 'superadmin@example.com')
  const checker = await checkerPage(browser)
  await page.goto('/s/admin/approvals/deferral')
  await expect(page.getByRole('heading', { name: 'Deferrals' })).toBeVisible()
  await page.getByRole('button', { name: 'Deferral settings' }).click()
  const settings = page.getByRole('region', { name: 'Deferral settings' })
  await expect(settings.getByRole('spinbutton', { name: 'Maximum days' })).toHaveValue('30')
  // The deferrable mapping is a labelled matrix.
  await expect(settings.getByRole('table', { name: /Documents each registration class may defer/ })).toBeVisible()
  await expect(settings.getByRole('checkbox', { name: /: deferrable for Company \(RC\)$/ }).first()).toBeVisible()

  // Out of range: refused before anything is sent.
  await settings.getByRole('spinbutton', { name: 'Maximum days' }).fill('400')
  await settings.getByRole('button', { name: 'Save maximum' }).click()
  await expect(settings.getByRole('alert')).toHaveText('The maximum is at most 365 days')

  try {
    await setMaxDays(page, checker, 45)
    await page.reload()
    await page.getByRole('button', { name: 'Deferral settings' }).click()
    await expect(
      page.getByRole('region', { name: 'Deferral settings' }).getByRole('spinbutton', { name: 'Maximum days' }),
    ).toHaveValue('45')
  } finally {
    await setMaxDays(page, checker, 30)
  }
})

test('superadmin@ marks a verification item of a business under review verified', async ({ page, request }) => {
  test.setTimeout(120_000)
  await signInAsStaff(page, 'superadmin@example.com')
  const headers = await bearer(request, 'superadmin@example.com')
  // A demo business whose KYC is submitted and which its owner registered (not superadmin@: four-eyes).
  const found = await request.get('/api/v1/businesses', { headers, params: { businessName: 'Yola Solar Energy' } })
  expect(found.status(), await found.text()).toBe(200)
  const business = ((await found.json()) as { content: { id: string; name: string }[] }).content[0]!

  await page.goto(`/s/admin/approvals/business/business-preview?id=${business.id}`)
  await expect(page.getByRole('heading', { name: business.name })).toBeVisible()
  const verification = page.getByRole('region', { name: 'Verification' })
  // One check's own button (its aria-label names the check), not the batch "Mark selected checks verified".
  const mark = verification.locator('button[aria-label^="Mark "][aria-label$=" verified"]').first()
  const label = (await mark.getAttribute('aria-label'))!.replace(/^Mark /, '').replace(/ verified$/, '')
  await mark.click()
  const confirm = page.getByRole('alertdialog', { name: `Verify ${label}?` })
  await confirm.getByLabel('Comment (optional)').fill('Matches the registry record (e2e).')
  await confirm.getByRole('button', { name: 'Mark verified' }).click()
  await expect(page.getByText(`${label} is verified.`)).toBeVisible()

  const item = verification
    .getByRole('listitem')
    .filter({ hasText: new RegExp(label.replace(ESCAPE, '\\$&')) })
    .first()
  await expect(item.getByText('Comment: Matches the registry record (e2e).')).toBeVisible()
  await expect(item.getByText(/^Verified by Ngozi Okafor on /)).toBeVisible()
  await expect(item.getByRole('button', { name: `Mark ${label} verified` })).toHaveCount(0)

  // Re-running reports what the manual provider did.
  await verification.getByRole('button', { name: 'Re-run verification' }).click()
  // The re-run asks the provider for every pending item of the business: beside the other suites in CI it was still
  // running ("Re-running verification…") after 10 s.
  await expect(verification.getByText(/^Re-run finished: Checked \d+ pending items?/)).toBeVisible({ timeout: 30_000 })
})
