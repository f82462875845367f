import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { ownerWithBusiness, signInAsOwner, unique } from './support/accounts'
import { poster, uploadFile, PERSON_DETAILS } from './support/kyc-api'

/**
 * Every destructive action a business user has, done in the browser as they would (the Delete or Remove button, then
 * the confirmation): the record leaves the list, is still gone after a reload, and the API no longer has it.
 * Cancelling (the button or Escape) keeps the record; the confirmation takes focus and gives it back.
 */

type Headers = Record<string, string>

const COMPANY = {
  tin: '12345678-0001',
  incorporationDate: '2015-09-01',
  natureOfBusiness: 'Palm oil processing',
  numberOfEmployees: 22,
  annualTurnover: 64000000,
  countryOfIncorporation: 'Nigeria',
}
const REGISTERED = {
  type: 'REGISTERED',
  line1: '3 Marina',
  city: 'Lagos',
  country: 'Nigeria',
  state: 'Lagos',
  lga: 'Lagos Island',
}

/** A fresh owner and business (`<name> <id>`), signed in on `page`, with the API's bearer header. */
async function signedInOwner(page: Page, request: APIRequestContext, name: string) {
  const owner = await ownerWithBusiness(request, { firstName: 'Ifeoma', lastName: 'Okafor' }, { name, emailDomain: 'okafor.ng' })
  const headers = await owner.bearer()
  await signInAsOwner(page, owner.email, owner.password)
  return { ...owner, headers }
}

/** The company details saved through the API: the KYC record the other steps hang off. */
async function kycRecord(request: APIRequestContext, headers: Headers, businessId: string) {
  return (await poster(request, headers)('/kyc/details', { businessId, ...COMPANY })).id
}

async function getJson<T>(request: APIRequestContext, path: string, headers: Headers): Promise<T> {
  const res = await request.get(`/api/v1${path}`, { headers })
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200)
  return (await res.json()) as T
}

const stepUrl = (businessId: string, step: string) => `/s/businesses/dashboard-details/kyc?businessId=${businessId}&step=${step}`

/**
 * Opens the confirmation from `button`, checks it takes focus (on Cancel: the action is destructive), then closes it
 * with Escape and with Cancel: each time focus comes back to the button and nothing was deleted.
 */
async function cancelTwice(page: Page, button: Locator, dialogName: string | RegExp) {
  const dialog = page.getByRole('alertdialog', { name: dialogName })
  await button.click()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(button).toBeFocused()

  await button.click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(button).toBeFocused()
  return dialog
}

test('an owner removes a business user; Escape and Cancel keep them', async ({ page, request }) => {
  test.setTimeout(90_000)
  const owner = await signedInOwner(page, request, 'Okafor Palm Oil')
  const email = `musa.${unique()}@example.ng`
  const invited = await poster(request, owner.headers)('/businesses/user', {
    businessId: owner.business.id,
    email,
    role: 'BUSINESS_MEMBER',
    firstName: 'Musa',
    lastName: 'Danladi',
  })
  const usersOf = async () =>
    (
      await getJson<{ content: { id: string; email: string }[] }>(
        request,
        `/businesses/${owner.business.id}/users?pageSize=50`,
        owner.headers,
      )
    ).content

  await page.goto(`/s/businesses/manage-users?businessId=${owner.business.id}`)
  const table = page.getByRole('table', { name: 'Business users' })
  const row = table.getByRole('row', { name: /Musa Danladi/ })
  await expect(row).toBeVisible()
  const remove = row.getByRole('button', { name: 'Remove Musa Danladi' })
  const dialog = await cancelTwice(page, remove, 'Remove Musa Danladi?')
  await expect(row).toBeVisible()
  expect((await usersOf()).map((u) => u.id)).toContain(invited.id)

  await remove.click()
  await expect(dialog).toContainText(`They lose access to ${owner.business.name}`)
  await dialog.getByRole('button', { name: 'Remove user' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Musa Danladi was removed.')).toBeVisible()
  await expect(row).toHaveCount(0)
  await expect(table.getByRole('rowheader', { name: /\(you\)/ })).toBeVisible()

  await page.reload()
  await expect(table.getByRole('rowheader', { name: /\(you\)/ })).toBeVisible()
  await expect(table.getByRole('row', { name: /Musa Danladi/ })).toHaveCount(0)
  expect((await usersOf()).map((u) => u.email)).not.toContain(email)
})

test('an owner deletes an address and a means of ID from the KYC steps', async ({ page, request }) => {
  test.setTimeout(90_000)
  const owner = await signedInOwner(page, request, 'Okafor Agro')
  const post = poster(request, owner.headers)
  const kycDetailsId = await kycRecord(request, owner.headers, owner.business.id)
  await post('/kyc/addresses', { kycDetailsId, ...REGISTERED })
  const operating = await post('/kyc/addresses', {
    kycDetailsId,
    ...REGISTERED,
    type: 'OPERATING',
    line1: '21 Allen Avenue',
    lga: 'Ikeja',
  })
  const holder = await post('/kyc/shareholders', {
    ...PERSON_DETAILS,
    kycDetailsId,
    type: 'INDIVIDUAL',
    firstName: 'Ifeoma',
    lastName: 'Okafor',
    nationality: 'Nigeria',
    bvn: '22212345678',
    percentage: 100,
  })
  const id = await post('/kyc/means-of-ids', {
    ...PERSON_DETAILS,
    kycDetailsId,
    shareholderId: holder.id,
    firstName: 'Ifeoma',
    lastName: 'Okafor',
    role: 'DIRECTOR',
    idType: 'NATIONAL_ID_CARD',
    idNumber: '12345678901',
  })

  // The operating address goes; the registered office stays.
  await page.goto(stepUrl(owner.business.id, 'ADDRESSES'))
  const addresses = page.getByRole('list', { name: 'Addresses' })
  await expect(addresses.getByRole('listitem')).toHaveCount(2)
  const deleteAddress = addresses.getByRole('button', { name: 'Delete Operating address at 21 Allen Avenue' })
  const addressDialog = await cancelTwice(page, deleteAddress, 'Delete this address?')
  await expect(addresses.getByRole('listitem')).toHaveCount(2)
  await deleteAddress.click()
  await expect(addressDialog).toContainText('21 Allen Avenue')
  await addressDialog.getByRole('button', { name: 'Delete address' }).click()
  await expect(addressDialog).toBeHidden()
  await expect(page.getByText('Address deleted.')).toBeVisible()
  await expect(addresses.getByRole('listitem')).toHaveCount(1)
  await expect(addresses.getByText('Registered office')).toBeVisible()
  await page.reload()
  await expect(addresses.getByText('Registered office')).toBeVisible()
  await expect(addresses.getByText('21 Allen Avenue')).toHaveCount(0)
  const left = await getJson<{ id: string }[]>(request, `/kyc/addresses/all-kyc/${kycDetailsId}`, owner.headers)
  expect(left.map((a) => a.id)).not.toContain(operating.id)
  expect(left).toHaveLength(1)

  // The means of ID.
  await page.goto(stepUrl(owner.business.id, 'MEANS_OF_ID'))
  const ids = page.getByRole('list', { name: 'Means of ID' })
  const deleteId = ids.getByRole('button', { name: 'Delete the ID of Ifeoma Okafor' })
  const idDialog = await cancelTwice(page, deleteId, 'Delete this means of ID?')
  await expect(ids.getByText('Ifeoma Okafor')).toBeVisible()
  await deleteId.click()
  await idDialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(idDialog).toBeHidden()
  await expect(page.getByText('Means of ID deleted.')).toBeVisible()
  await expect(ids).toHaveCount(0)
  await expect(page.getByText('No means of ID yet.', { exact: false })).toBeVisible()
  await page.reload()
  await expect(page.getByText('No means of ID yet.', { exact: false })).toBeVisible()
  const idsLeft = await getJson<{ id: string }[]>(request, `/kyc/means-of-ids/${kycDetailsId}`, owner.headers)
  expect(idsLeft.map((m) => m.id)).not.toContain(id.id)
})

test('deleting a corporate shareholder deletes the shareholders listed under it', async ({ page, request }) => {
  test.setTimeout(90_000)
  const owner = await signedInOwner(page, request, 'Okafor Holdings')
  const post = poster(request, owner.headers)
  const kycDetailsId = await kycRecord(request, owner.headers, owner.business.id)
  await post('/kyc/shareholders', {
    ...PERSON_DETAILS,
    kycDetailsId,
    type: 'INDIVIDUAL',
    firstName: 'Ifeoma',
    lastName: 'Okafor',
    nationality: 'Nigeria',
    bvn: '22212345678',
    percentage: 60,
  })
  const corporate = await post('/kyc/shareholders', {
    ...PERSON_DETAILS,
    kycDetailsId,
    type: 'CORPORATE',
    companyName: 'Eko Holdings Limited',
    registrationNumber: 'RC 765432',
    percentage: 40,
  })
  const child = await post('/kyc/shareholders', {
    ...PERSON_DETAILS,
    kycDetailsId,
    parentShareholderId: corporate.id,
    type: 'INDIVIDUAL',
    firstName: 'Tunde',
    lastName: 'Bello',
    nationality: 'Nigeria',
    bvn: '22212345679',
    percentage: 100,
  })

  await page.goto(stepUrl(owner.business.id, 'SHAREHOLDERS'))
  const nested = page.getByRole('list', { name: 'Shareholders of Eko Holdings Limited' })
  await expect(nested.getByText('Tunde Bello', { exact: true })).toBeVisible()
  const deleteCorporate = page.getByRole('button', { name: 'Delete Eko Holdings Limited' })
  const dialog = await cancelTwice(page, deleteCorporate, 'Delete Eko Holdings Limited?')
  await expect(nested.getByText('Tunde Bello', { exact: true })).toBeVisible()

  await deleteCorporate.click()
  await expect(dialog).toContainText(
    'Eko Holdings Limited and the 1 shareholder listed under it will be deleted, with their uploaded documents.',
  )
  await dialog.getByRole('button', { name: 'Delete 2 shareholders' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('2 shareholders deleted.')).toBeVisible()
  const direct = page.getByRole('list', { name: 'Shareholders of the business' })
  await expect(direct.getByText('Ifeoma Okafor', { exact: true })).toBeVisible()
  await expect(page.getByText('Eko Holdings Limited')).toHaveCount(0)
  await expect(page.getByText('Tunde Bello')).toHaveCount(0)

  await page.reload()
  await expect(direct.getByText('Ifeoma Okafor', { exact: true })).toBeVisible()
  await expect(page.getByText('Eko Holdings Limited')).toHaveCount(0)
  await expect(page.getByText('Tunde Bello')).toHaveCount(0)
  const left = await getJson<{ id: string }[]>(request, `/kyc/shareholders?kycDetailsId=${kycDetailsId}`, owner.headers)
  expect(left.map((h) => h.id)).not.toEqual(expect.arrayContaining([corporate.id]))
  expect(left.map((h) => h.id)).not.toEqual(expect.arrayContaining([child.id]))
  expect(left).toHaveLength(1)
})

test('an owner deletes an uploaded KYC document on the documents step; its file goes too', async ({ page, request }) => {
  test.setTimeout(90_000)
  const owner = await signedInOwner(page, request, 'Okafor Mills')
  const kycDetailsId = await kycRecord(request, owner.headers, owner.business.id)
  const types = await getJson<{ id: string; code: string }[]>(request, '/kyc-document-types?registrationClass=RC', owner.headers)
  const certificate = types.find((t) => t.code === 'CERTIFICATE_OF_INCORPORATION')!
  const fileId = await uploadFile(request, owner.headers, owner.business.id, 'KYC_DOCUMENT', 'certificate.pdf')
  await poster(request, owner.headers)('/kyc/documents', { kycDetailsId, documentTypeId: certificate.id, fileId })

  await page.goto(stepUrl(owner.business.id, 'DOCUMENTS'))
  await expect(page.getByRole('heading', { name: '5. Documents' })).toBeVisible()
  const item = page.getByRole('listitem', { name: 'Certificate of Incorporation' })
  await expect(item.getByText('Uploaded', { exact: true })).toBeVisible()
  // Only an uploaded document can be deleted.
  await expect(
    page.getByRole('listitem', { name: 'CAC 2 – Statement of share capital' }).getByRole('button', { name: /^Delete/ }),
  ).toHaveCount(0)
  const deleteButton = item.getByRole('button', { name: 'Delete Certificate of Incorporation' })
  const dialog = await cancelTwice(page, deleteButton, 'Delete Certificate of Incorporation?')
  await expect(item.getByText('Uploaded', { exact: true })).toBeVisible()

  await deleteButton.click()
  await expect(dialog).toContainText('certificate.pdf is removed.')
  await dialog.getByRole('button', { name: 'Delete document' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Certificate of Incorporation deleted')).toBeVisible()
  await expect(item.getByText('Missing', { exact: true })).toBeVisible()
  await expect(deleteButton).toHaveCount(0)
  await expect(item.getByRole('button', { name: 'Upload Certificate of Incorporation' })).toBeVisible()

  await page.reload()
  await expect(item.getByText('Missing', { exact: true })).toBeVisible()
  const documents = await getJson<{ documentType: { code: string } }[]>(request, `/kyc/documents/${kycDetailsId}`, owner.headers)
  expect(documents.map((d) => d.documentType.code)).not.toContain('CERTIFICATE_OF_INCORPORATION')
  expect((await request.get(`/api/v1/files/${fileId}`, { headers: owner.headers })).status()).toBe(404)
})

test('an owner withdraws a product application; the product can be applied for again', async ({ page, request }) => {
  test.setTimeout(90_000)
  const owner = await signedInOwner(page, request, 'Okafor Stores')
  const application = await poster(request, owner.headers)('/onboarding-products', {
    businessId: owner.business.id,
    productCode: 'POS-ACQUIRING',
  })
  const mine = () =>
    request.get(`/api/v1/onboarding-products/me/POS-ACQUIRING?businessId=${owner.business.id}`, { headers: owner.headers })

  await page.goto(`/s/products/ProductKyc?productCode=POS-ACQUIRING&businessId=${owner.business.id}`)
  await expect(page.getByRole('heading', { name: 'POS terminal acquiring' })).toBeVisible()
  const withdraw = page.getByRole('button', { name: 'Withdraw application' })
  const dialog = await cancelTwice(page, withdraw, 'Withdraw the POS terminal acquiring application?')
  expect((await mine()).status()).toBe(200)

  await withdraw.click()
  await dialog.getByRole('button', { name: 'Withdraw application' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('The application was withdrawn.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Apply for POS terminal acquiring' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Apply for POS terminal acquiring' })).toBeVisible()

  expect((await mine()).status()).toBe(404)
  const held = await getJson<{ code: string }[]>(request, `/businesses/${owner.business.id}/products`, owner.headers)
  expect(held.map((p) => p.code)).not.toContain('POS-ACQUIRING')
  // The record stays, closed.
  const detail = await getJson<{ status: string }>(request, `/onboarding-products/details/${application.id}`, owner.headers)
  expect(detail.status).toBe('REMOVED')
})

test("the KYC's drafts are gone once it is submitted: a saved form's at once, a form left open at submission", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000)
  const owner = await signedInOwner(page, request, 'Okafor Textiles')
  const post = poster(request, owner.headers)
  const kycDetailsId = await kycRecord(request, owner.headers, owner.business.id)
  const holder = await post('/kyc/shareholders', {
    ...PERSON_DETAILS,
    kycDetailsId,
    type: 'INDIVIDUAL',
    firstName: 'Ifeoma',
    lastName: 'Okafor',
    nationality: 'Nigeria',
    bvn: '22212345678',
    percentage: 100,
  })
  await post('/kyc/means-of-ids', {
    ...PERSON_DETAILS,
    kycDetailsId,
    shareholderId: holder.id,
    firstName: 'Ifeoma',
    lastName: 'Okafor',
    role: 'DIRECTOR',
    idType: 'NATIONAL_ID_CARD',
    idNumber: '12345678901',
  })
  const checklist = await getJson<{
    items: { documentType: { id: string; code: string }; required: boolean; alternativeGroup: string | null }[]
  }>(request, `/kyc/document-checklist/${owner.business.id}`, owner.headers)
  const groups = new Set<string>()
  for (const item of checklist.items.filter((i) => i.required)) {
    if (item.alternativeGroup && groups.has(item.alternativeGroup)) continue
    if (item.alternativeGroup) groups.add(item.alternativeGroup)
    const fileId = await uploadFile(
      request,
      owner.headers,
      owner.business.id,
      'KYC_DOCUMENT',
      `${item.documentType.code.toLowerCase()}.pdf`,
    )
    await post('/kyc/documents', { kycDetailsId, documentTypeId: item.documentType.id, fileId })
  }
  // A step with no draft answers 200 with null (docs/api.md): 'none' then, 'saved' when a draft is there.
  const draftStatus = async (type: string) => {
    const res = await request.get(`/api/v1/draft-forms/${owner.business.id}/${type}`, { headers: owner.headers })
    expect(res.status(), type).toBe(200)
    return (await res.json()) === null ? 'none' : 'saved'
  }

  // The registered office, typed in the browser: autosaved as a draft, which goes when the address is saved.
  await page.goto(stepUrl(owner.business.id, 'ADDRESSES'))
  await page.getByRole('button', { name: 'Add an address' }).click()
  const address = page.getByRole('form', { name: 'New address' })
  await address.getByRole('textbox', { name: 'Address', exact: true }).fill('3 Marina')
  await expect(address.getByText('Draft saved')).toBeVisible({ timeout: 10_000 })
  expect(await draftStatus('ADDRESSES')).toBe('saved')
  await address.getByLabel(/^State/).selectOption('Lagos')
  await address.getByLabel(/Local government area/).selectOption('Lagos Island')
  await address.getByRole('button', { name: 'Add address' }).click()
  await expect(page.getByRole('list', { name: 'Addresses' }).getByText('Registered office')).toBeVisible()
  await expect.poll(() => draftStatus('ADDRESSES')).toBe('none')

  // A second shareholder half typed and left open: its draft is there when the KYC is submitted.
  await page
    .getByRole('navigation', { name: 'KYC steps' })
    .getByRole('button', { name: /Shareholders/ })
    .click()
  await page.getByRole('button', { name: 'Add a shareholder', exact: true }).click()
  await page
    .getByRole('form', { name: 'New shareholder of the business' })
    .getByLabel(/First name/)
    .fill('Kemi')
  await expect(page.getByRole('form', { name: 'New shareholder of the business' }).getByText('Draft saved')).toBeVisible({
    timeout: 10_000,
  })
  expect(await draftStatus('SHAREHOLDERS')).toBe('saved')

  await page.getByRole('link', { name: 'Preview and submit' }).click()
  await expect(page).toHaveURL(/\/kyc\/preview-form/)
  await page.getByRole('button', { name: 'Submit for review' }).click()
  await expect(page.getByText('Your KYC is submitted for review.')).toBeVisible()
  for (const type of ['COMPANY_DETAILS', 'ADDRESSES', 'MEANS_OF_ID', 'SHAREHOLDERS', 'DOCUMENTS'])
    expect(await draftStatus(type), type).toBe('none')

  // Back on the step, nothing is restored.
  await page.goto(stepUrl(owner.business.id, 'SHAREHOLDERS'))
  await expect(page.getByRole('list', { name: 'Shareholders of the business' }).getByText('Ifeoma Okafor')).toBeVisible()
  await expect(page.getByText('We restored a shareholder you had not saved yet.')).toHaveCount(0)
  await expect(page.getByRole('form', { name: 'New shareholder of the business' })).toHaveCount(0)
})
