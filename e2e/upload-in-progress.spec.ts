import { expect, test } from '@playwright/test'
import { ownerWithBusiness, signInAsOwner } from './support/accounts'
import { poster } from './support/kyc-api'

/**
 * Issue 34: "Add address" clicked while the proof of address was still uploading saved the address without it (and
 * said "Address added."). With the blob upload held back, the form cannot be submitted, by the button or by Enter,
 * until the file is in. The same owner then finds no draft 404 in the browser, toasts clear of the page's controls,
 * and the preview in the portal's one date format.
 */
test('an address cannot be added while its proof of address uploads, and is saved with it afterwards', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const owner = await ownerWithBusiness(
    request,
    { firstName: 'Halima', lastName: 'Bello' },
    { name: 'Bello Logistics', emailDomain: 'bellologistics.ng' },
  )
  const businessId = owner.business.id
  await poster(request, await owner.bearer())('/kyc/details', {
    businessId,
    tin: '12345678-0002',
    incorporationDate: '2015-03-12',
    natureOfBusiness: 'Haulage',
    numberOfEmployees: 40,
    annualTurnover: 90_000_000,
    countryOfIncorporation: 'Nigeria',
  })

  const notFound: string[] = []
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(response.url())
  })

  // The bytes go straight to blob storage with a SAS URL (`sig=`): hold that PUT until released, as slow mobile data does.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let held = false
  await page.route(
    (url) => url.searchParams.has('sig'),
    async (route) => {
      if (route.request().method() === 'PUT') {
        held = true
        await released
      }
      await route.continue()
    },
  )

  await signInAsOwner(page, owner.email, owner.password)
  await page.goto(`/s/businesses/dashboard-details/kyc?businessId=${businessId}&step=ADDRESSES`)
  await page.getByRole('button', { name: 'Add an address' }).click()
  const form = page.getByRole('form', { name: 'New address' })
  const line1 = form.getByRole('textbox', { name: 'Address', exact: true })
  await line1.fill('7 Wharf Road')
  await form.getByLabel(/^State/).selectOption('Lagos')
  await form.getByLabel(/Local government area/).selectOption('Apapa')
  await form
    .getByLabel('Proof of address (utility bill, bank statement)')
    .setInputFiles({ name: 'water-bill.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') })

  await expect.poll(() => held, { timeout: 20_000 }).toBe(true)
  const submit = form.getByRole('button', { name: 'Add address' })
  await expect(form.getByRole('progressbar', { name: 'Uploading water-bill.pdf' })).toBeVisible()
  await expect(submit).toBeDisabled()
  await expect(submit).toHaveAccessibleDescription('Wait for the upload to finish')
  await expect(form.getByText('Wait for the upload to finish')).toBeVisible()
  // Enter in a field submits a form natively: refused too.
  await line1.press('Enter')
  await page.waitForTimeout(1_000)
  await expect(page.getByText('Address added.')).toHaveCount(0)
  await expect(page.getByText(/^No addresses yet/)).toBeVisible()
  await expect(form).toBeVisible()

  release()
  await expect(form.getByText('Uploaded water-bill.pdf')).toBeVisible({ timeout: 20_000 })
  await expect(submit).toBeEnabled()
  await expect(form.getByText('Wait for the upload to finish')).toHaveCount(0)
  await submit.click()
  await expect(
    page.getByRole('list', { name: 'Addresses' }).getByText('Proof of address: water-bill.pdf', { exact: false }),
  ).toBeVisible()

  // The toast sits at the bottom of the window, over none of the controls at the top of the screen.
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'Address added.' })
  await expect(toast).toBeVisible()
  const box = (await toast.boundingBox())!
  expect(box.y).toBeGreaterThan(page.viewportSize()!.height / 2)

  // No step asked for a draft and was answered 404 (a missing draft is no error).
  expect(notFound.filter((url) => url.includes('/draft-forms/'))).toEqual([])

  // The preview writes the day as every other screen does.
  await page.goto(`/s/businesses/dashboard-details/kyc/preview-form?businessId=${businessId}`)
  await expect(page.getByText('Date of incorporation').locator('xpath=following-sibling::dd[1]')).toHaveText('12-Mar-2015')
  await expect(page.getByText('2015-03-12')).toHaveCount(0)
})
