import { writeFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { signInAsStaff, unique } from './support/accounts'
import { checkerPage } from './support/four-eyes'
import { ageTheSessionsProof, confirmWithPassword } from './support/step-up'
import { dismissToasts } from './support/toasts'

/**
 * Issue 38's list screens: the super administrator (the demo's one holder of CAN_MANAGE_SCREENING_LISTS) uploads an
 * internal watch list in the generic CSV format (docs/screening-list-format.md); a malformed file is refused naming its
 * line; the good one's dry run says what it adds; the load asks for a fresh proof of identity in place (the e2e server
 * runs without DEMO_STAFF_TOTP, so demo staff hold no factor and confirm with their password) and goes to four-eyes;
 * approver@ (CAN_UPDATE_AUTHORIZATION) approves it in the authorizations inbox; the lists page then shows the new active
 * version and the search finds the new entry.
 */

/** A surname no list holds: the run's digits spelt as syllables. */
const surnameOf = (digits: string) => {
  const syllables = ['ka', 'lo', 'mi', 'nu', 'pe', 'ra', 'si', 'to', 'vu', 'ze']
  const word = [...digits].map((d) => syllables[Number(d)]).join('')
  return word[0]!.toUpperCase() + word.slice(1)
}

/** The session as if its last sign-in were over 5 minutes ago (a development route), so the load asks for step-up. */
test('a list manager loads a new version of the internal watch list through its dry run, step-up and four-eyes', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const id = unique()
  const person = `Chidiebube ${surnameOf(id)}`
  const company = `${surnameOf(id)} Haulage Ltd`
  const goodFile = testInfo.outputPath('internal-watch.csv')
  writeFileSync(
    goodFile,
    [
      'source_id,kind,name,aliases,dates_of_birth,nationalities,programmes,listed_on,remarks',
      `IW-${id}-1,PERSON,${person},,1980-05-17,NG,Internal,2026-11-02,"Flagged by fraud operations, e2e ${id}"`,
      `IW-${id}-2,ENTITY,${company},,,NG,Internal,2026-11-02,`,
      '',
    ].join('\n'),
  )
  const badFile = testInfo.outputPath('internal-watch-bad.csv')
  writeFileSync(badFile, ['source_id,kind,name', `IW-${id}-1,PERSON,${person}`, `IW-${id}-2,ROBOT,${company}`, ''].join('\n'))

  await signInAsStaff(page, 'superadmin@example.com')
  await page.goto('/s/admin/screening/lists')
  await expect(page.getByRole('heading', { level: 1, name: 'Screening lists' })).toBeVisible()
  const watchList = page.getByRole('article', { name: 'Internal watch list' })
  await expect(watchList).toContainText('INTERNAL_WATCH')
  await dismissToasts(page)

  const panel = page.getByRole('region', { name: 'Load a new version' })
  const form = panel.getByRole('form', { name: 'Load a new version of a list' })
  await form.getByRole('combobox', { name: 'List', exact: true }).selectOption('INTERNAL_WATCH')
  await expect(form.getByLabel(/^Format/)).toHaveValue('GENERIC_CSV')

  // A malformed file: refused naming its line, nothing staged.
  await form.getByLabel('List file (CSV)').setInputFiles(badFile)
  await form.getByRole('button', { name: 'Upload and run the dry run' }).click()
  const refused = panel.getByRole('alert')
  await expect(refused).toContainText('Nothing was staged: the file was refused.', { timeout: 30_000 })
  await expect(refused).toContainText(/line 3/)

  // The good file: uploaded to blob storage, read and compared.
  await form.getByLabel('List file (CSV)').setInputFiles(goodFile)
  await form.getByRole('button', { name: 'Upload and run the dry run' }).click()
  const dryRun = panel.getByRole('region', { name: /^Dry run: version \d+ of the Internal watch list$/ })
  await expect(dryRun).toBeVisible({ timeout: 30_000 })
  await expect(dryRun).toContainText('2 records read')
  await expect(dryRun).toContainText('2 added')
  await expect(dryRun.getByRole('list', { name: 'Added entries' })).toContainText(`${person} (IW-${id}-1)`)
  await expect(dryRun.getByRole('list', { name: 'Added entries' })).toContainText(company)
  const versionNumber = /version (\d+)/.exec((await dryRun.getByRole('heading', { level: 3 }).textContent()) ?? '')![1]!

  // The load: a reason, a confirmation saying a second person approves it, then a fresh proof of identity in place.
  await ageTheSessionsProof(page)
  await dryRun.getByLabel(/Why load this version/).fill('Monthly refresh of the fraud watch list')
  await dryRun.getByRole('button', { name: 'Request the load' }).click()
  const confirm = page.getByRole('alertdialog', {
    name: `Send version ${versionNumber} of the Internal watch list for approval?`,
  })
  await expect(confirm).toContainText('must approve the load in the authorizations inbox')
  await confirm.getByRole('button', { name: 'Request the load' }).click()
  await confirmWithPassword(page)

  const requested = panel.getByRole('group', { name: 'Load requested' })
  await expect(requested).toContainText(
    `The load of version ${versionNumber} of the Internal watch list waits for a second person`,
  )
  await expect(requested).toContainText('Sent for approval')
  const requestHref = await requested.getByRole('link', { name: 'See the request' }).getAttribute('href')
  expect(requestHref).toMatch(/^\/s\/admin\/authorizations\/details\?id=[0-9a-f-]{36}$/)
  await page.reload()
  await expect(watchList).toContainText(`Version ${versionNumber}: waiting for a second person to approve its load`)
  await expect(watchList).toContainText('No version loaded yet')

  // approver@ approves it in the authorizations inbox.
  await page.goto('/s/admin/screening/lists')
  await expect(
    page.getByRole('status').filter({ hasText: 'load a new version of the Internal watch list' }).first(),
  ).toBeVisible()
  const checker = await checkerPage(browser)
  await checker.goto('/s/admin/authorizations')
  const inboxRow = checker
    .getByRole('link', { name: 'Screening list load: Internal watch list' })
    .and(checker.locator(`[href="${requestHref}"]`))
  await expect(inboxRow).toBeVisible({ timeout: 20_000 })
  await inboxRow.click()
  await expect(checker.getByRole('heading', { name: /^Screening list load: Internal watch list/ })).toBeVisible()
  await expect(checker.getByRole('region', { name: 'Before and after' })).toBeVisible()
  await checker.getByRole('button', { name: 'Approve' }).click()
  await checker.getByRole('alertdialog', { name: 'Approve this change?' }).getByRole('button', { name: 'Approve' }).click()
  await expect(checker.getByText('Approved: the change has been applied.')).toBeVisible({ timeout: 30_000 })

  // The lists page shows the new active version.
  await page.reload()
  const active = watchList
  await expect(active).not.toContainText('No version loaded yet')
  await expect(active.locator('dt', { hasText: 'Version' }).locator('xpath=following-sibling::dd[1]')).toHaveText(versionNumber)
  await expect(active.locator('dt', { hasText: 'Records' }).locator('xpath=following-sibling::dd[1]')).toHaveText('2')
  await expect(active.locator('dt', { hasText: 'Loaded' }).locator('xpath=following-sibling::dd[1]')).toContainText(
    'approved by Aisha Bello',
  )
  await expect(active.locator('dt', { hasText: 'Staged by' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
    'Ngozi Okafor',
  )
  await expect(active.locator('dt', { hasText: 'Checksum (SHA-256)' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
    /^[0-9a-f]{64}$/,
  )
  await expect(page.getByRole('progressbar', { name: `Monitoring of INTERNAL_WATCH version ${versionNumber}` })).toBeVisible()

  // The search finds the new entry.
  await page.goto('/s/admin/screening/search')
  const search = page.getByRole('search', { name: 'Search the screening lists' })
  await search.getByLabel(/^Name/).fill(person)
  await search.getByLabel(/Date of birth/).fill('1980-05-17')
  await search.getByRole('button', { name: 'Search' }).click()
  const candidate = page.getByRole('article', { name: new RegExp(`^${person} · score`) })
  await expect(candidate).toBeVisible({ timeout: 20_000 })
  await expect(candidate).toContainText('Internal watch list (Watch list)')
  await expect(candidate).toContainText(`IW-${id}-1`)
  await expect(candidate.getByRole('table')).toContainText('Date of birth')
  await expect(page.getByRole('status').filter({ hasText: 'threshold of' })).toBeVisible()
})
