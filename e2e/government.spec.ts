import { expect, test } from '@playwright/test'
import { paths } from '@/lib/navigation/paths'
import { samplePdf } from '@/server/seed/demo-kyc-documents'
import { seriousViolations } from './support/a11y'
import { signIn, unique } from './support/accounts'

const GOV_OFFICER = 'gov@example.com'

/**
 * The government area: a government officer creates an entity, adds a representative with a means-of-ID upload,
 * onboards the entity to a product with two payment channels, then archives and unarchives it with reasons.
 */
test('a government officer creates an entity, its representative, its product, and archives and unarchives it', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const name = `Ogun State Ministry of Finance ${unique()}`
  await signIn(page, GOV_OFFICER)
  await expect(page).toHaveURL(/\/s\//)

  // 1. The entity.
  await page.goto(paths.government.createEntity())
  const form = page.getByRole('form', { name: 'Create a government entity' })
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await form.getByLabel(/^Tier/).selectOption('STATE')
  await form.getByLabel(/^Parastatal/).selectOption({ label: 'State Ministry of Finance' })
  await form.getByLabel(/^Contact name/).fill('Olumide Bankole')
  await form.getByLabel(/^Contact e-mail/).fill('olumide.bankole@ogun.example.gov.ng')
  await form.getByLabel(/^Contact phone/).fill('08035551234')
  await form.getByLabel(/^Street address/).fill('Governor’s Office, Oke-Mosan')
  await form.getByLabel(/^State/).selectOption('Ogun')
  await form.getByLabel(/^Local government area/).selectOption('Abeokuta South')
  expect(await seriousViolations(page)).toEqual([])
  await form.getByRole('button', { name: 'Create entity' }).click()
  await expect(page).toHaveURL(/\/s\/government\/kyc\?entityId=/)
  const entityId = new URL(page.url()).searchParams.get('entityId')!
  await expect(page.getByRole('heading', { name })).toBeVisible()

  // 2. A representative with a means-of-ID upload.
  await page.getByRole('button', { name: 'Add a representative' }).click()
  const rep = page.getByRole('form', { name: 'Add a representative' })
  await rep.getByLabel(/^First name/).fill('Adunni')
  await rep.getByLabel(/^Last name/).fill('Sofowora')
  await rep.getByLabel(/^Position/).fill('Permanent Secretary')
  await rep.getByLabel(/^E-mail/).fill('adunni.sofowora@ogun.example.gov.ng')
  await rep.getByLabel(/^Phone/).fill('+2348035550199')
  await rep.getByLabel(/^Kind of ID/).selectOption('NATIONAL_ID_CARD')
  await rep.getByLabel(/^ID number/).fill('12345678901')
  await rep.getByLabel(/^Date of birth/).fill('1970-04-18')
  await rep.getByRole('combobox', { name: /politically exposed person/ }).selectOption('NOT_PEP')
  await rep.getByLabel('Scan of the ID (PDF, PNG or JPEG)').setInputFiles({
    name: 'nin-slip.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(samplePdf(['NIN slip', 'Adunni Sofowora'])),
  })
  await expect(rep.getByText('Uploaded nin-slip.pdf')).toBeVisible({ timeout: 20_000 })
  await rep.getByRole('button', { name: 'Save representative' }).click()
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Adunni Sofowora' }) })
  await expect(card).toBeVisible()
  await expect(card.getByText('*******8901')).toBeVisible()
  await expect(card).not.toContainText('12345678901')
  const kyc = card.getByRole('list', { name: 'KYC of Adunni Sofowora' })
  await expect(kyc.getByRole('listitem').filter({ hasText: 'Means of ID' })).toContainText('Provided')
  await expect(kyc.getByRole('listitem').filter({ hasText: 'Means of ID' })).toContainText('nin-slip.pdf')
  await expect(kyc.getByRole('listitem').filter({ hasText: 'Passport photo' })).toContainText('Missing')
  expect(await seriousViolations(page)).toEqual([])

  // 3. A product with two payment channels.
  await page.goto(paths.government.products(entityId))
  const productForm = page.getByRole('form', { name: 'Add a product to the entity' })
  await productForm.getByLabel(/^Product/).selectOption({ label: 'Online payment gateway' })
  await productForm.getByLabel(/^Consultant/).selectOption({ label: 'Alpha Treasury Consult' })
  await productForm.getByRole('checkbox', { name: /^Card/ }).check()
  await productForm.getByRole('checkbox', { name: /^Remita-style collection/ }).check()
  await productForm.getByRole('button', { name: 'Add product' }).click()
  const product = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Online payment gateway' }) })
  await expect(product).toContainText('Card, Remita-style collection')
  await expect(product).toContainText('Alpha Treasury Consult')
  expect(await seriousViolations(page)).toEqual([])

  // 4. Archive with a reason, then unarchive with one.
  await page.goto(`${paths.government.entities()}?searchKey=${encodeURIComponent(name)}`)
  await page.getByRole('button', { name: `Archive ${name}` }).click()
  const archiveDialog = page.getByRole('alertdialog', { name: `Archive ${name}` })
  await archiveDialog.getByRole('button', { name: 'Archive entity' }).click()
  await expect(archiveDialog.getByRole('alert')).toContainText('Give a reason')
  await archiveDialog.getByLabel('Reason').fill('Merged into the Ogun State Internal Revenue Service')
  expect(await seriousViolations(page)).toEqual([])
  await archiveDialog.getByRole('button', { name: 'Archive entity' }).click()
  await expect(archiveDialog).toBeHidden()
  await expect(page.getByRole('button', { name: `Archive ${name}` })).toBeHidden()

  await page.goto(`${paths.government.entities()}?searchKey=${encodeURIComponent(name)}&archiveStatus=ARCHIVED`)
  await page.getByRole('button', { name: `Unarchive ${name}` }).click()
  const unarchiveDialog = page.getByRole('alertdialog', { name: `Unarchive ${name}` })
  await unarchiveDialog.getByLabel('Reason').fill('The merger was reversed by the State Assembly')
  await unarchiveDialog.getByRole('button', { name: 'Unarchive entity' }).click()
  await expect(unarchiveDialog).toBeHidden()
  await page.goto(`${paths.government.entities()}?searchKey=${encodeURIComponent(name)}`)
  await expect(page.getByRole('button', { name: `Archive ${name}` })).toBeVisible()
})

test('on a phone the entity list is cards, without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, GOV_OFFICER)
  await expect(page).toHaveURL(/\/s\//)
  await page.goto(paths.government.entities())
  const cards = page.getByRole('region', { name: 'Government entities' })
  await expect(cards.getByRole('heading', { name: 'Lagos State Internal Revenue Service' })).toBeVisible()
  await expect(page.getByRole('table')).toBeHidden()
  expect(await seriousViolations(page)).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
