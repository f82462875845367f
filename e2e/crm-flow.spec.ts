import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { signInAsStaff, unique } from './support/accounts'

const HEADER = 'externalRef,name,regNo,typeHint,categoryHint,addressLine1,city,state,country,contactEmail,contactPhone'

test('staff import a CRM account, start a business from it (crmFlow), and register it prefilled', async ({ page }) => {
  test.setTimeout(120_000)
  const id = unique()
  const name = `Ogun Cassava ${id} Ltd`
  await signInAsStaff(page, 'officer@example.com')

  // The CRM directory: a CSV with one bad row is refused naming the line; the good file is imported.
  await page.goto('/s/admin/crm')
  await expect(page.getByRole('heading', { name: 'CRM directory' })).toBeVisible()
  const file = page.getByLabel('CSV file')
  await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(`externalRef,name\nE2E-${id},X\n`) })
  await page.getByRole('button', { name: 'Import accounts' }).click()
  const refused = page.getByRole('main').getByRole('alert')
  await expect(refused).toContainText('Nothing was imported. Fix these and upload the file again:')
  await expect(refused.getByRole('listitem')).toHaveText(['Line 2, name: must be at least 2 characters'])
  const row = `E2E-${id},${name},RC${id},Private Limited Company,Manufacturing,3 Abeokuta Road,Abeokuta,Ogun,Nigeria,info.${id}@ogun-cassava.ng,08035550000`
  await file.setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(`${HEADER}\n${row}\n`) })
  await page.getByRole('button', { name: 'Import accounts' }).click()
  await expect(page.getByText('Imported: 1 new account, 0 updated.')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The CRM flow: search (keyboard only), choose, the form is filled and crmFlow holds the account.
  await page.goto('/s/admin/businesses/create')
  const combo = page.getByRole('combobox', { name: 'Start from a CRM account (optional)' })
  await combo.fill('c')
  await expect(page.getByText('Type at least 2 characters')).toBeVisible()
  await combo.fill(`cassava ${id}`)
  await expect(page.getByRole('option', { name: new RegExp(name) })).toBeVisible()
  await expect(page.getByText('1 account')).toBeVisible()
  await combo.press('ArrowDown')
  await combo.press('Enter')
  await expect(page.getByText(`From CRM account ${name} (E2E-${id})`)).toBeVisible()
  await expect(page.getByLabel('Business name')).toHaveValue(name)
  await expect(page.getByLabel('Registration number')).toHaveValue(`RC${id}`)
  await expect(page.getByLabel('Business type').locator('option:checked')).toHaveText('Private Limited Company')
  await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('Manufacturing')
  await expect(page.getByLabel('Business e-mail')).toHaveValue(`info.${id}@ogun-cassava.ng`)
  await expect(page.getByLabel('Business phone')).toHaveValue('+2348035550000')
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('3 Abeokuta Road')
  expect(await page.evaluate(() => sessionStorage.getItem('crmFlow'))).toContain(`E2E-${id}`)
  expect(await seriousViolations(page)).toEqual([])

  // A reload keeps the CRM flow and fills the form again.
  await page.reload()
  await expect(page.getByLabel('Business name')).toHaveValue(name)

  await page.getByRole('textbox', { name: "Owner's e-mail" }).fill(`owner.${id}@ogun-cassava.ng`)
  const state = page.getByRole('combobox', { name: 'State', exact: true })
  if ((await state.inputValue()) !== 'Ogun') await state.selectOption('Ogun')
  await page.getByRole('button', { name: 'Register business' }).click()
  await expect(page).toHaveURL(/\/s\/admin\/approvals\/business\/business-preview\?id=/)
  await expect(page.getByRole('heading', { name })).toBeVisible()
  expect(await page.evaluate(() => sessionStorage.getItem('crmFlow'))).toBeNull()
})
