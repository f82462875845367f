import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { bearer, ownerWithBusiness, signInAsOwner, signInAsStaff } from './support/accounts'
import { completeKyc, type KycAnswers } from './support/kyc-api'

/**
 * Identity numbers are masked on the review screens; a reviewer holding CAN_VIEW_SENSITIVE_KYC (approver@) reveals one
 * by giving a reason, which is audited with their name and shown to the business's owner.
 */
const BVN = '22375310864'

const KYC: KycAnswers = {
  details: {
    tin: '12345678-0001',
    incorporationDate: '2016-05-02',
    natureOfBusiness: 'Cold-chain logistics',
    numberOfEmployees: 25,
    annualTurnover: 90000000,
    countryOfIncorporation: 'Nigeria',
  },
  address: { type: 'REGISTERED', line1: '12 Wharf Road', city: 'Apapa', country: 'Nigeria', state: 'Lagos', lga: 'Apapa' },
  shareholder: { type: 'INDIVIDUAL', firstName: 'Ngozi', lastName: 'Eze', nationality: 'Nigeria', bvn: BVN, percentage: 100 },
  meansOfId: {
    firstName: 'Ngozi',
    lastName: 'Eze',
    role: 'DIRECTOR',
    idType: 'NATIONAL_ID_CARD',
    idNumber: '64208531970',
    bvn: BVN,
  },
}

test('a reviewer reveals a BVN with a reason; it is masked until then and the reveal is audited', async ({ page, request }) => {
  test.setTimeout(180_000)
  const owner = await ownerWithBusiness(
    request,
    { firstName: 'Ngozi', lastName: 'Eze' },
    { name: 'Eze Cold Chain', emailDomain: 'ezecold.ng' },
  )
  await completeKyc(request, await owner.bearer(), owner.business.id, KYC)

  await signInAsStaff(page, 'approver@example.com')
  await page.goto(`/s/admin/approvals/business/business-preview?id=${owner.business.id}`)
  await expect(page.getByRole('heading', { name: owner.business.name })).toBeVisible()
  await expect(page.getByText('*******0864').first()).toBeVisible()
  await expect(page.getByText(BVN)).toHaveCount(0)

  await page.getByRole('button', { name: 'Reveal BVN of Ngozi Eze' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Reveal the BVN of Ngozi Eze' })
  await expect(dialog).toBeVisible()
  const reason = dialog.getByLabel('Why do you need it?')
  await dialog.getByRole('button', { name: 'Reveal' }).click()
  await expect(dialog.getByRole('alert')).toContainText('at least 10 characters')
  await reason.fill('Matching the BVN against the bank mandate')
  await dialog.getByRole('button', { name: 'Reveal' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(BVN)).toBeVisible()
  await page.getByRole('button', { name: 'Hide BVN of Ngozi Eze' }).click()
  await expect(page.getByText(BVN)).toHaveCount(0)
  // The shareholder's BVN has its own reveal action.
  await expect(page.getByRole('button', { name: 'Reveal BVN of shareholder Ngozi Eze' })).toBeVisible()

  // The reveal is in the audit log: who, whose, which field and why.
  const auditor = await bearer(request, 'auditor@example.com')
  const audits = await request.get(`/api/v1/audits?action=REVEAL&resource=means_of_id`, { headers: auditor })
  expect(audits.status(), await audits.text()).toBe(200)
  const body = JSON.stringify(await audits.json())
  expect(body).toContain('Matching the BVN against the bank mandate')
  expect(body).toContain('approver@example.com')

  // The owner sees that view on the business dashboard: who, whose number and why.
  await page.context().clearCookies()
  await signInAsOwner(page, owner.email, owner.password)
  await page.goto(`/s/businesses/dashboard-details?businessId=${owner.business.id}`)
  const views = page.getByRole('list', { name: 'Staff views of your documents' })
  await expect(views.getByRole('listitem').filter({ hasText: 'BVN of Ngozi Eze' })).toContainText(
    'Matching the BVN against the bank mandate',
  )
})

test('the data-protection officer finds a person by e-mail and downloads their export; the page passes axe and fits a phone', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAsStaff(page, 'dpo@example.com')
  await page.goto('/s/admin/data-protection')
  await expect(page.getByRole('heading', { level: 1, name: 'Data protection' })).toBeVisible()

  await page.getByLabel('E-mail').fill('owner@example.com')
  await page.getByRole('button', { name: 'Search' }).click()
  const found = page.getByRole('table', { name: 'People found' })
  const owner = found.getByRole('row', { name: /owner@example\.com/ })
  await expect(owner).toBeVisible()
  await expect(owner).toContainText('User account')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    owner.getByRole('button', { name: /^Export the data of / }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/\.zip$/)
  const bytes = new Uint8Array(await readFile((await download.path())!))
  expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK')

  await expect(page.getByRole('heading', { name: 'Who saw personal data' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
