import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import JSZip from 'jszip'
import { seriousViolations } from './support/a11y'
import { bearer, ownerWithBusiness, signInAsStaff, unique } from './support/accounts'
import { completeKyc, verifyChecks, type KycAnswers } from './support/kyc-api'
import { reachSection } from './support/sections'
import { ageTheSessionsProof, confirmWithPassword } from './support/step-up'

/**
 * Screening in the browser (issue 38, docs/screening.md#screens): a business whose shareholder is named like a person on
 * the UN list (QDi.322, ABUBAKAR MOHAMMED SHEKAU, born 1969, Nigerian) opens a candidate when its KYC is submitted.
 * approver@ finds it in the screening queue, compares it in the business review and clears it as a false match with a
 * reason; approver@ may then not approve the business (four-eyes); approver2@ approves it.
 */

function kycOf(id: string): KycAnswers {
  const person = { firstName: 'Abubakar Muhammad', lastName: 'Shekau', dateOfBirth: '1969-04-12' }
  return {
    details: {
      tin: `${id}-0001`,
      incorporationDate: '2015-06-01',
      natureOfBusiness: 'Haulage between Kano and Lagos',
      numberOfEmployees: 25,
      annualTurnover: 90000000,
      countryOfIncorporation: 'Nigeria',
    },
    address: {
      type: 'REGISTERED',
      line1: '12 Murtala Way',
      city: 'Kano',
      country: 'Nigeria',
      state: 'Lagos',
      lga: 'Lagos Island',
    },
    shareholder: { type: 'INDIVIDUAL', ...person, nationality: 'Nigeria', bvn: `22${id}1`, percentage: 100 },
    meansOfId: { ...person, role: 'DIRECTOR', idType: 'NATIONAL_ID_CARD', idNumber: `33${id}2` },
  }
}

test('an approver compares a screening candidate and clears it; another approver approves the business', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000)
  const id = unique()
  // The business, its KYC submitted (screening runs in that transaction), its CAC documents approved and its
  // verification checks recorded by the super administrator: only screening stands between it and approval.
  const owner = await ownerWithBusiness(
    request,
    { firstName: 'Musa', lastName: 'Danjuma' },
    { name: 'Sahel Haulage', emailDomain: 'sahel-haulage.ng' },
  )
  const name = owner.business.name
  const businessId = owner.business.id
  const kycDetailsId = await completeKyc(request, await owner.bearer(), businessId, kycOf(id))
  const cac = await request.put(`/api/v1/kyc/cac-documents-approval/${kycDetailsId}`, {
    headers: await bearer(request, 'approver@example.com'),
    data: { decision: 'APPROVED' },
  })
  expect(cac.status(), await cac.text()).toBe(200)
  await verifyChecks(request, businessId)

  // approver@ opens the queue from the navigation and finds the business's candidate(s) by its name.
  await signInAsStaff(page, 'approver@example.com')
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Screening', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Screening' })).toBeVisible()
  await page.getByLabel('Name (business, person or listed)').fill(name)
  await page.getByLabel('Name (business, person or listed)').press('Enter')
  await expect(page).toHaveURL(/\/s\/admin\/screening\?q=/)
  // Only this business's candidates once the search has answered (the demo's Asaba Creative Studios has one too).
  await expect(page.getByRole('row', { name: /Asaba Creative Studios/ })).toHaveCount(0)
  const row = page
    .getByRole('row', { name: /Abubakar Muhammad Shekau/ })
    .filter({ hasText: name })
    .filter({ hasText: 'UN Security Council' })
  await expect(row).toContainText('Waiting for adjudication')
  await row.getByRole('link', { name: /^Compare Abubakar Muhammad Shekau with/ }).click()

  // The review opens at its screening section: the person beside the listed entry, and the score's factors.
  await expect(page).toHaveURL(new RegExp(`business-preview\\?id=${businessId}#screening$`))
  const section = page.getByRole('region', { name: 'Screening', exact: true })
  // The review reads the business, then loads the section: a busy CI machine can take longer than one expect.
  await expect(section).toBeVisible({ timeout: 20_000 })
  await expect(section).toBeInViewport()
  await expect(section.getByText('Screening hits to review')).toBeVisible()
  await expect(section.getByText(/Whoever adjudicates a candidate of this business cannot approve it/)).toBeVisible()
  const candidate = section.getByRole('region', {
    name: /^Possible match: Abubakar Muhammad Shekau and ABUBAKAR MOHAMMED SHEKAU/,
  })
  const comparison = candidate.getByRole('table', { name: 'Screened beside listed' })
  await expect(comparison.getByRole('row', { name: /^List and source id/ })).toContainText('QDi.322')
  await expect(comparison.getByRole('row', { name: /^Date of birth/ })).toContainText('1969')
  await expect(comparison.getByRole('row', { name: /^Date of birth/ })).toContainText('Given')
  await expect(comparison.getByRole('row', { name: /^Nationality/ })).toContainText('NG')
  await expect(candidate.getByRole('table', { name: /^Score \d\.\d\d \(alerts at \d\.\d\d\): how it adds up$/ })).toContainText(
    'Date of birth',
  )

  // Every open candidate of the business cleared with a reason (the UN entry, and OFAC's if it alerts too).
  const reason = 'NIN record and the CAC filing show a haulage director born 1969 in Kano: not the listed person.'
  const open = section
    .getByRole('region', { name: /^Possible match/ })
    .filter({ has: page.getByRole('button', { name: 'Record decision' }) })
  while ((await open.count()) > 0) {
    const next = open.first()
    const heading = (await next.getByRole('heading').first().textContent())!
    await next.getByLabel(/False match: not the listed/).check()
    await next.getByLabel(/^Reason/).fill(reason)
    await next.getByRole('button', { name: 'Record decision' }).click()
    await expect(
      section
        .getByRole('region', { name: heading })
        .getByText(new RegExp(`^False match by Aisha Bello on .*: “${reason.slice(0, 20)}`)),
    ).toBeVisible()
  }
  await expect(section.getByText('Nothing waits for adjudication')).toBeVisible()
  await expect(
    section.getByText(
      'You adjudicated a candidate of this business, so you cannot approve it: another reviewer must (four-eyes).',
    ),
  ).toBeVisible()

  // The checklist follows; approver@'s approval is refused by the API, and the message says why.
  const approve = page.getByRole('button', { name: 'Approve business' })
  await expect(approve).toBeEnabled()
  await approve.click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve business' }).click()
  await expect(
    page.getByText('You adjudicated a screening candidate of this business, so another reviewer must approve it'),
  ).toBeVisible()

  // The cleared candidate leaves the open queue and is listed among the false matches.
  await page.goto(`/s/admin/screening?status=FALSE_MATCH&q=${encodeURIComponent(name)}`)
  await expect(page.getByRole('row', { name: /Abubakar Muhammad Shekau/ }).first()).toContainText('False match')

  // approver2@ approves it.
  const context = await browser.newContext()
  const second = await context.newPage()
  await signInAsStaff(second, 'approver2@example.com')
  await second.goto(`/s/admin/approvals/business/business-preview?id=${businessId}`)
  await expect(second.getByRole('heading', { name, exact: true })).toBeVisible()
  await expect((await reachSection(second, 'Screening')).getByText('Screening clear')).toBeVisible()
  // The risk section: the tier and the score's factors, each with its points.
  const risk = await reachSection(second, 'Risk')
  await expect(risk.getByText(/^(Low|Medium|High) risk$/)).toBeVisible()
  await expect(risk.getByRole('row', { name: /Total/ })).toBeVisible()
  expect(await seriousViolations(second)).toEqual([])
  await second.getByRole('button', { name: 'Approve business' }).click()
  await second.getByRole('alertdialog').getByRole('button', { name: 'Approve business' }).click()
  await expect(second.getByText(`${name} is approved. Its owners have been told.`)).toBeVisible()

  // The case file an examiner gets: signed, and holding the cleared candidate with its reason. It carries every
  // identity document, so a proof older than 5 minutes is asked again in place before it downloads.
  await ageTheSessionsProof(second)
  const downloading = second.waitForEvent('download')
  await second.getByRole('button', { name: 'Download case file' }).click()
  await confirmWithPassword(second)
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^case-file-.*\.zip$/)
  const zipPath = await download.path()
  const zip = await JSZip.loadAsync(readFileSync(zipPath))
  expect(await zip.file('screening.json')!.async('string')).toContain('FALSE_MATCH')
  expect(await zip.file('decisions.json')!.async('string')).toContain('APPROVE')
  const verify = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/evidence-verify.ts', zipPath], { encoding: 'utf8' })
  expect(verify.stdout).toContain(': verified')
  expect(verify.status).toBe(0)
  await expect(second.getByRole('status').filter({ hasText: /^Saved case-file-/ })).toBeVisible()
  await context.close()
})
