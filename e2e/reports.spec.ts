import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { seriousViolations } from './support/a11y'
import { bearer, ownerWithBusiness, signInAsStaff } from './support/accounts'
import { approveSentChange, checkerPage } from './support/four-eyes'
import { completeKyc, verifyChecks, type KycAnswers } from './support/kyc-api'

const KYC: KycAnswers = {
  details: {
    tin: '12345678-0001',
    incorporationDate: '2015-09-01',
    natureOfBusiness: 'Agro processing',
    numberOfEmployees: 18,
    annualTurnover: 45000000,
    countryOfIncorporation: 'Nigeria',
  },
  address: { type: 'REGISTERED', line1: '4 Ring Road', city: 'Ibadan', country: 'Nigeria', state: 'Lagos', lga: 'Ikeja' },
  shareholder: {
    type: 'INDIVIDUAL',
    firstName: 'Bola',
    lastName: 'Ade',
    nationality: 'Nigeria',
    bvn: '22398765432',
    percentage: 100,
  },
  meansOfId: { firstName: 'Bola', lastName: 'Ade', role: 'DIRECTOR', idType: 'NATIONAL_ID_CARD', idNumber: '34567890123' },
}

async function noPageScrollAtPhoneWidth(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('staff filter businesses and download the CSV, then open the fee report, add a fee and download the XLSX', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000)
  const owner = await ownerWithBusiness(
    request,
    { firstName: 'Bola', lastName: 'Ade' },
    { name: 'Ade Agro Mills', emailDomain: 'adeagro.ng' },
  )
  const name = owner.business.name

  await signInAsStaff(page, 'superadmin@example.com')
  await page.getByRole('link', { name: 'Reports' }).first().click()
  await expect(page).toHaveURL(/\/s\/admin\/reports/)
  await expect(page.getByRole('tab', { name: 'Businesses' })).toHaveAttribute('aria-selected', 'true')

  await page.getByLabel('Business name').fill(name)
  await expect(page).toHaveURL(/businessName=/)
  await expect(page.getByRole('link', { name }).or(page.getByRole('cell', { name })).first()).toBeVisible()
  await expect(page.getByText(/^1\s*businesses registered/)).toBeVisible()
  await expect(page.getByRole('list', { name: 'By state' })).toContainText('Lagos')

  const csvDownload = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  const csv = (await readFile(await (await csvDownload).path())).toString('utf8').replace(/^\uFEFF/, '')
  const lines = csv.trim().split(/\r?\n/)
  expect(lines[0]).toContain('"Business name"')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(`"${name}"`)
  expect(await seriousViolations(page)).toEqual([])
  await noPageScrollAtPhoneWidth(page)

  // Fees: the report with its totals, a new fee, the workbook.
  await page.getByRole('tab', { name: 'Fees' }).click()
  await expect(page).toHaveURL(/tab=fees/)
  await expect(page.getByRole('heading', { name: 'Fee report' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Totals by client' })).toBeVisible()

  await page.getByRole('button', { name: 'New fee' }).click()
  const form = page.getByRole('form', { name: 'New fee' })
  await form.getByLabel('Client (business division)').selectOption({ label: 'Payments' })
  await form.getByLabel('KYC service').selectOption({ label: 'CAC lookup · Manual review' })
  await form.getByLabel('Amount (₦)').fill('150.505')
  // A day of its own each run: one fee per client, service and day.
  const day = new Date(Date.UTC(2030, 0, 1) + Math.floor(Math.random() * 3000) * 86_400_000).toISOString().slice(0, 10)
  await form.getByLabel('In force from').fill(day)
  await form.getByRole('button', { name: 'Add the fee' }).click()
  await expect(form.getByText('must have at most two decimals (kobo)')).toBeVisible()
  await form.getByLabel('Amount (₦)').fill('150.5')
  await form.getByRole('button', { name: 'Add the fee' }).click()
  await expect(form).toBeHidden()
  // Four-eyes (FOUR_EYES_CONFIG): the fee is sent for approval, and exists once approver@ approves it.
  const notice = page
    .getByRole('region', { name: 'Fee configuration' })
    .getByRole('status')
    .filter({ hasText: 'Sent for approval' })
  await expect(notice).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: day })).toHaveCount(0)
  await approveSentChange(await checkerPage(browser), notice, /^New fee: Payments/)
  await page.reload()
  await expect(page.getByRole('row').filter({ hasText: day }).filter({ hasText: '₦150.50' })).toBeVisible()

  const xlsxDownload = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download XLSX' }).click()
  const download = await xlsxDownload
  expect(download.suggestedFilename()).toMatch(/^fees-\d{4}-\d{2}-\d{2}\.xlsx$/)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load((await readFile(await download.path())) as never)
  expect(workbook.worksheets.map((s) => s.name)).toEqual(['Charges', 'By client', 'By service'])
  const charges = workbook.getWorksheet('Charges')!
  expect((charges.getRow(1).values as unknown[]).slice(1)).toEqual([
    'Charged at (UTC)',
    'Business',
    'Client (division)',
    'Service',
    'Provider',
    'Amount (NGN)',
    'No fee in force',
  ])
  const chargeCount = charges.rowCount - 2
  expect(charges.getRow(charges.rowCount).getCell(1).value).toBe(`Total (${chargeCount} charges)`)
  expect(await seriousViolations(page)).toEqual([])
  await noPageScrollAtPhoneWidth(page)
})

test('the audit viewer shows an approval with its before and after, and verifies the chain', async ({ page, request }) => {
  test.setTimeout(180_000)
  const owner = await ownerWithBusiness(
    request,
    { firstName: 'Bola', lastName: 'Ade' },
    { name: 'Ade Audit Foods', emailDomain: 'adeaudit.ng' },
  )
  const kycDetailsId = await completeKyc(request, await owner.bearer(), owner.business.id, KYC)
  const approver = await bearer(request, 'approver@example.com')
  const cac = await request.put(`/api/v1/kyc/cac-documents-approval/${kycDetailsId}`, {
    headers: approver,
    data: { decision: 'APPROVED' },
  })
  expect(cac.status(), await cac.text()).toBe(200)
  await verifyChecks(request, owner.business.id)
  const approved = await request.put(`/api/v1/businesses/${owner.business.id}/approve`, {
    headers: approver,
    data: { decision: 'APPROVED', comment: 'Registry checked' },
  })
  expect(approved.status(), await approved.text()).toBe(200)

  await signInAsStaff(page, 'auditor@example.com')
  await page.goto('/s/admin/reports?tab=audits&resource=business&action=APPROVE')
  await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true')
  const row = page.getByRole('row').filter({ hasText: owner.business.id })
  await expect(row).toBeVisible()
  await expect(row).toContainText('approver@example.com')
  await row.getByRole('button', { name: 'Show the changes of APPROVE on business' }).click()
  const before = page.getByRole('region', { name: 'Before', exact: true })
  const after = page.getByRole('region', { name: 'After', exact: true })
  await expect(before).toContainText('"approvalStatus": "PENDING"')
  await expect(after).toContainText('"approvalStatus": "APPROVED"')
  await expect(after).toContainText('Registry checked')

  await page.getByRole('button', { name: 'Verify chain' }).click()
  await expect(page.getByRole('status').filter({ hasText: /Chain intact: [\d,]+ rows checked\./ })).toBeVisible()

  // The export hands over what the filters show, the chain's proof last.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export NDJSON' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.ndjson$/)
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { record: string; filters?: object; verify?: { ok: boolean }; resourceId?: string })
  expect(lines[0]).toMatchObject({ record: 'export', filters: { resource: 'business', action: 'APPROVE' } })
  expect(lines.slice(1, -1).map((l) => l.resourceId)).toContain(owner.business.id)
  expect(lines.at(-1)).toMatchObject({ record: 'proof', verify: { ok: true } })
  await expect(page.getByRole('status').filter({ hasText: /^Saved audit-log-.*\.ndjson/ })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await noPageScrollAtPhoneWidth(page)
})

test('the archives tab lists an archived business and unarchives it with a reason', async ({ page, request }) => {
  test.setTimeout(120_000)
  const owner = await ownerWithBusiness(
    request,
    { firstName: 'Bola', lastName: 'Ade' },
    { name: 'Ade Archive Works', emailDomain: 'adearchive.ng' },
  )
  const name = owner.business.name
  const superadmin = await bearer(request, 'superadmin@example.com')
  const archived = await request.post(`/api/v1/archive/business/${owner.business.id}`, {
    headers: superadmin,
    data: { reason: 'Duplicate profile' },
  })
  expect(archived.status(), await archived.text()).toBe(200)

  await signInAsStaff(page, 'superadmin@example.com')
  await page.goto(`/s/admin/reports?tab=archives&businessName=${encodeURIComponent(name)}`)
  await expect(page.getByRole('tab', { name: 'Archives' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('button', { name: `Unarchive ${name}` }).click()
  await page.getByLabel('Reason').fill('Profile confirmed as the only one')
  await page.getByRole('button', { name: 'Unarchive', exact: true }).click()
  await expect(page.getByRole('button', { name: `Unarchive ${name}` })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'No results match your filters' })).toBeVisible()
  const business = await request.get(`/api/v1/businesses/${owner.business.id}`, { headers: superadmin })
  expect(((await business.json()) as { archiveStatus: string }).archiveStatus).toBe('ACTIVE')
  expect(await seriousViolations(page)).toEqual([])
})

test('the regulatory returns count the period shown and download as a workbook that opens', async ({ page }) => {
  await signInAsStaff(page, 'superadmin@example.com')
  const today = new Date().toISOString().slice(0, 10)
  // The longest period the returns count: five years.
  const from = `${Number(today.slice(0, 4)) - 4}-01-01`
  await page.goto(`/s/admin/reports?tab=returns&from=${from}&to=${today}`)
  await expect(page.getByRole('tab', { name: 'Regulatory returns' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { name: 'Regulatory returns' })).toBeVisible()
  await expect(page.getByLabel('From')).toHaveValue(from)
  // The demo has approved businesses, each with its tier.
  const tiers = page.getByRole('list', { name: 'Businesses onboarded in the period, by risk tier' })
  await expect(tiers.getByRole('listitem')).toHaveCount(5)
  const candidates = page.getByRole('region', { name: 'Screening candidates raised in the period' })
  await expect(candidates.getByRole('row', { name: /Raised/ })).toBeVisible()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download XLSX' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`regulatory-returns-${from}-to-${today}.xlsx`)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load((await readFile(await download.path())) as never)
  expect(workbook.worksheets.map((w) => w.name)).toEqual([
    'Onboarding by risk tier',
    'PEPs onboarded',
    'Screening hits',
    'Periodic reviews',
    'Deferrals',
  ])
  expect(workbook.getWorksheet('Screening hits')!.getRow(2).getCell(1).value).toBe('Raised')
  expect(await seriousViolations(page)).toEqual([])
  await noPageScrollAtPhoneWidth(page)
})
