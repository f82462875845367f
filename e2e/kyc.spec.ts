import { readFile } from 'node:fs/promises'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib'
import { samplePdf } from '@/server/seed/demo-kyc-documents'
import { axeOf } from './support/a11y'
import { ownerWithBusiness, signInAsOwner } from './support/accounts'
import { uploadFile } from './support/kyc-api'
import { dismissToasts } from './support/toasts'

/**
 * KYC capture: an owner fills in every step (company details, an address with a real PDF through the Uploader, a
 * nested corporate shareholder, means of ID), reloads in the middle of a step and finds the draft, submits, and
 * downloads the KYC summary PDF.
 */

/**
 * The documents are the documents module's journey (e2e/kyc-documents.spec.ts): here every required one without a deferral is
 * uploaded through the API (slot → SAS → confirm → attach) so the KYC can be submitted.
 */
async function attachRequiredDocuments(
  request: APIRequestContext,
  headers: Record<string, string>,
  businessId: string,
  kycDetailsId: string,
) {
  const checklist = (await (await request.get(`/api/v1/kyc/document-checklist/${businessId}`, { headers })).json()) as {
    items: { documentType: { id: string; name: string }; required: boolean; alternativeGroup: string | null; deferral: unknown }[]
  }
  const groups = new Set<string>()
  // A document with a deferral request is covered by it until the deferral ends.
  for (const item of checklist.items.filter((i) => i.required && !i.deferral)) {
    if (item.alternativeGroup) {
      if (groups.has(item.alternativeGroup)) continue
      groups.add(item.alternativeGroup)
    }
    const fileId = await uploadFile(
      request,
      headers,
      businessId,
      'KYC_DOCUMENT',
      'document.pdf',
      Buffer.from(samplePdf([item.documentType.name, businessId])),
    )
    const attached = await request.post('/api/v1/kyc/documents', {
      headers,
      data: { kycDetailsId, documentTypeId: item.documentType.id, fileId },
    })
    expect(attached.status(), await attached.text()).toBe(201)
  }
}

/** The business name as pdf-lib writes it in a content stream: a hex string of the WinAnsi bytes. */
const hexOf = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase()

async function pdfText(bytes: Uint8Array): Promise<{ title: string | undefined; content: string }> {
  const doc = await PDFDocument.load(bytes)
  let content = ''
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream) content += Buffer.from(decodePDFRawStream(object).decode()).toString('latin1')
  }
  return { title: doc.getTitle(), content }
}

test('an owner captures a complete KYC with a nested corporate shareholder, finds a draft after a reload, defers a document, submits and downloads the PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const owner = await ownerWithBusiness(
    request,
    { firstName: 'Chidi', lastName: 'Nwankwo' },
    { name: 'Nwankwo Agro Mills', emailDomain: 'nwankwoagro.ng' },
  )
  const pdf = Buffer.from(samplePdf(['Electricity bill', '3 Marina, Lagos Island', owner.business.name]))
  await signInAsOwner(page, owner.email, owner.password)
  await page.goto(`/s/businesses/dashboard-details/kyc?businessId=${owner.business.id}`)

  const steps = page.getByRole('navigation', { name: 'KYC steps' })
  await expect(steps.locator('[aria-current="step"]')).toContainText('Company details')

  // 1. Company details.
  const company = page.getByRole('form', { name: 'Company details' })
  await company.getByLabel(/Tax identification number/).fill('12345678-0001')
  await company.getByLabel(/Date of incorporation/).fill('2016-05-20')
  await company.getByLabel(/Nature of business/).fill('Cassava and maize milling')
  await company.getByLabel(/Number of employees/).fill('35')
  await company.getByLabel(/Annual turnover/).fill('85000000')
  await company.getByRole('button', { name: 'Save company details' }).click()
  await expect(page.getByRole('heading', { name: '2. Addresses' })).toBeVisible()
  await expect(steps.getByRole('button', { name: /Company details/ })).toContainText('Done')

  // 2. The registered office, with a real PDF proof of address through the Uploader.
  await page.getByRole('button', { name: 'Add an address' }).click()
  const address = page.getByRole('form', { name: 'New address' })
  await address.getByRole('textbox', { name: 'Address', exact: true }).fill('3 Marina')
  await address.getByLabel(/^State/).selectOption('Lagos')
  await address.getByLabel(/Local government area/).selectOption('Lagos Island')
  await address
    .getByLabel('Proof of address (utility bill, bank statement)')
    .setInputFiles({ name: 'electricity-bill.pdf', mimeType: 'application/pdf', buffer: pdf })
  await expect(address.getByText('Uploaded electricity-bill.pdf')).toBeVisible({ timeout: 20_000 })
  await address.getByRole('button', { name: 'Add address' }).click()
  const addresses = page.getByRole('list', { name: 'Addresses' })
  await expect(addresses.getByText('Registered office')).toBeVisible()
  await expect(addresses.getByText('Proof of address: electricity-bill.pdf', { exact: false })).toBeVisible()
  await page.getByRole('button', { name: 'Continue to means of ID' }).click()

  // 3. Means of ID cannot be left empty: the step says why and stays.
  await expect(page.getByRole('heading', { name: '3. Means of ID' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue to shareholders' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'This step is not complete yet' })).toContainText('Add a means of ID')
  await steps.getByRole('button', { name: /Shareholders/ }).click()

  // 4. Shareholders: an individual, and a company with its own shareholder.
  await page.getByRole('button', { name: 'Add a shareholder', exact: true }).click()
  let form = page.getByRole('form', { name: 'New shareholder of the business' })
  await form.getByLabel(/First name/).fill('Chidi')
  await form.getByLabel(/Last name/).fill('Nwankwo')
  await form.getByLabel(/^BVN/).fill('22212345678')
  await form.getByLabel(/Percentage held/).fill('60')
  // Every person's date of birth and PEP declaration (issue 38): asked before the shareholder is saved.
  await form.getByRole('button', { name: 'Add shareholder' }).click()
  await expect(form.getByText('Enter the date of birth')).toBeVisible()
  await form.getByLabel(/Date of birth/).fill('1979-02-11')
  await form.getByRole('combobox', { name: /politically exposed person/ }).selectOption('NOT_PEP')
  await form.getByRole('button', { name: 'Add shareholder' }).click()
  await expect(
    page.getByRole('list', { name: 'Shareholders of the business' }).getByText('Chidi Nwankwo', { exact: true }),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Add a shareholder', exact: true }).click()
  form = page.getByRole('form', { name: 'New shareholder of the business' })
  await form.getByLabel(/Kind of shareholder/).selectOption('CORPORATE')
  await form.getByLabel(/Company name/).fill('Eko Holdings Limited')
  await form.getByLabel(/Registration number/).fill('RC 765432')
  await form.getByLabel(/Percentage held/).fill('40')
  await form.getByRole('button', { name: 'Add shareholder' }).click()
  await expect(page.getByText('Eko Holdings Limited', { exact: true })).toBeVisible()

  // Half-way through the nested shareholder, the page reloads: the draft brings the form back.
  await page.getByRole('button', { name: 'Add a shareholder to Eko Holdings Limited' }).click()
  form = page.getByRole('form', { name: 'New shareholder of Eko Holdings Limited' })
  await form.getByLabel(/First name/).fill('Tunde')
  await form.getByLabel(/Last name/).fill('Bello')
  await expect(form.getByText('Draft saved')).toBeVisible({ timeout: 10_000 })
  await page.reload()
  form = page.getByRole('form', { name: 'New shareholder of Eko Holdings Limited' })
  await expect(form.getByText('We restored a shareholder you had not saved yet.')).toBeVisible()
  await expect(form.getByLabel(/First name/)).toHaveValue('Tunde')
  await expect(form.getByLabel(/Last name/)).toHaveValue('Bello')
  await form.getByLabel(/^BVN/).fill('22212345679')
  await form.getByLabel(/Percentage held/).fill('100')
  await form.getByLabel(/Date of birth/).fill('1968-09-30')
  // A "yes" asks the position and its country (Nigeria unless changed).
  await form.getByRole('combobox', { name: /politically exposed person/ }).selectOption('PEP')
  await form.getByLabel(/Public position held/).fill('Former Commissioner for Works, Lagos State')
  await expect(form.getByRole('combobox', { name: 'Country of the position' })).toHaveValue('NG')
  await form.getByRole('button', { name: 'Add shareholder' }).click()
  const nested = page.getByRole('list', { name: 'Shareholders of Eko Holdings Limited' })
  const tunde = nested.getByRole('listitem').filter({ hasText: 'Tunde Bello' })
  await expect(tunde).toContainText('Politically exposed person (PEP): Former Commissioner for Works, Lagos State (NG)')
  await expect(tunde).toContainText('Effective ownership: 40%')
  await expect(tunde.getByText('Beneficial owner')).toBeVisible()
  await expect(tunde.getByText('Needs a means of ID')).toBeVisible()

  // Beneficial owners without ID keep the means-of-ID step open.
  await steps.getByRole('button', { name: /Means of ID/ }).click()
  await expect(page.getByRole('note')).toContainText('Tunde Bello')
  for (const holder of [
    {
      name: 'Chidi Nwankwo',
      option: 'Chidi Nwankwo (60%)',
      type: 'INTERNATIONAL_PASSPORT',
      number: 'A12345678',
      expiry: '2031-01-31',
    },
    {
      name: 'Tunde Bello',
      option: 'Tunde Bello (40%)',
      type: 'NATIONAL_ID_CARD',
      number: '12345678901',
      expiry: '',
    },
  ]) {
    await page.getByRole('button', { name: 'Add a means of ID' }).click()
    const id = page.getByRole('form', { name: 'New means of ID' })
    await id.getByLabel(/Whose ID is it/).selectOption({ label: holder.option })
    await expect(id.getByLabel(/First name/)).toHaveValue(holder.name.split(' ')[0]!)
    await id.getByLabel(/Kind of ID/).selectOption(holder.type)
    await id.getByLabel(/ID number/).fill(holder.number)
    if (holder.expiry) await id.getByLabel(/Expiry date/).fill(holder.expiry)
    // The shareholder's PEP declaration comes with the link; the date of birth (answered masked) is asked again.
    await expect(id.getByRole('combobox', { name: /politically exposed person/ })).toHaveValue(
      holder.name === 'Tunde Bello' ? 'PEP' : 'NOT_PEP',
    )
    await id.getByLabel(/Date of birth/).fill(holder.name === 'Tunde Bello' ? '1968-09-30' : '1979-02-11')
    if (holder.name === 'Chidi Nwankwo') {
      await id.getByLabel('Scan or photo of the ID').setInputFiles({
        name: 'passport.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(samplePdf(['Passport data page', holder.name])),
      })
      await expect(id.getByText('Uploaded passport.pdf')).toBeVisible({ timeout: 20_000 })
    }
    await id.getByRole('button', { name: 'Add means of ID' }).click()
    await expect(page.getByRole('list', { name: 'Means of ID' }).getByText(holder.name)).toBeVisible()
  }
  await expect(page.getByRole('note')).toHaveCount(0)
  await page.getByRole('button', { name: 'Continue to shareholders' }).click()
  await expect(steps.getByRole('button', { name: /Means of ID/ })).toContainText('Done')
  await page.getByRole('button', { name: 'Continue to documents' }).click()
  await expect(page.getByRole('heading', { name: '5. Documents' })).toBeVisible()
  await expect(steps.getByRole('button', { name: /Shareholders/ })).toContainText('Done')

  // Documents step: one the business cannot provide yet is deferred here; the others are uploaded below.
  const cac2 = page.getByRole('listitem', { name: 'CAC 2 – Statement of share capital' })
  await cac2.getByRole('button', { name: 'Request a deferral for CAC 2 – Statement of share capital' }).click()
  const deferral = page.getByRole('dialog', { name: /Request a deferral: CAC 2/ })
  await deferral.getByLabel(/Days needed/).fill('14')
  await deferral.getByLabel(/Reason/).fill('The CAC is reissuing our statement of share capital this month.')
  await deferral.getByRole('button', { name: 'Continue' }).click()
  await deferral.getByRole('button', { name: 'Confirm request' }).click()
  await expect(deferral).toBeHidden()
  await expect(cac2.getByText('Deferral pending')).toBeVisible()

  // Eko Holdings' certificate is counted for Eko Holdings, shown under its name rather than as a loose document:
  // 6 business requirements (CAC 2 now covered by the pending deferral) and Eko's certificate.
  const certificate = 'Corporate shareholder’s certificate of incorporation'
  await expect(page.getByTestId('documents-progress')).toHaveText(/^6 of 7 required documents .*still need your attention\./)
  await expect(
    page.getByRole('list', { name: 'Documents', exact: true }).getByRole('listitem', { name: certificate }),
  ).toHaveCount(0)
  await expect(
    page.getByRole('list', { name: 'Documents of Eko Holdings Limited' }).getByRole('listitem', { name: certificate }),
  ).toContainText('Missing')

  // It is uploaded under the shareholder, in the shareholders step, on a phone-sized screen.
  await steps.getByRole('button', { name: /Shareholders/ }).click()
  await dismissToasts(page)
  await page.setViewportSize({ width: 390, height: 844 })
  const ekoDocuments = page.getByRole('list', { name: 'Documents of Eko Holdings Limited' })
  await expect(page.getByRole('list', { name: 'Documents of Chidi Nwankwo' })).toHaveCount(0)
  await ekoDocuments.getByRole('button', { name: `Upload ${certificate} for Eko Holdings Limited` }).click()
  await ekoDocuments.getByLabel(`Choose the ${certificate} for Eko Holdings Limited file`).setInputFiles({
    name: 'eko-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(samplePdf(['Certificate of Incorporation', 'Eko Holdings Limited', 'RC765432'])),
  })
  await expect(ekoDocuments.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 20_000 })
  await expect(ekoDocuments.getByText(/eko-certificate\.pdf uploaded on/)).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 800 })

  // Back in the documents step it counts: one requirement fewer, shown under Eko Holdings.
  await steps.getByRole('button', { name: /Documents/ }).click()
  await expect(page.getByTestId('documents-progress')).toHaveText(/^5 of 7 required documents .*still need your attention\./)
  await expect(
    page.getByRole('list', { name: 'Documents of Eko Holdings Limited' }).getByRole('listitem', { name: certificate }),
  ).toContainText('Uploaded')

  // The step list works on a phone, and the page passes axe.
  await dismissToasts(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(steps.getByRole('button', { name: /Addresses/ })).toBeVisible()
  const violations = (await axeOf(page).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  await page.setViewportSize({ width: 1280, height: 800 })

  // Preview: submitting without documents lists what is missing.
  await page.getByRole('link', { name: 'Preview and submit' }).click()
  await expect(page).toHaveURL(/\/kyc\/preview-form/)
  await expect(page.getByRole('heading', { name: owner.business.name })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Shareholders with effective ownership' })).toContainText('Tunde Bello')
  await page.getByRole('button', { name: 'Submit for review' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The KYC cannot be submitted yet' })).toBeVisible()

  const headers = await owner.bearer()
  const kyc = (await (await request.get(`/api/v1/kyc/details-first-entity/${owner.business.id}`, { headers })).json()) as {
    id: string
  }
  await attachRequiredDocuments(request, headers, owner.business.id, kyc.id)
  await page.reload()
  await page.getByRole('button', { name: 'Submit for review' }).click()
  await expect(page.getByText('Submitted. It waits for a reviewer; we e-mail you the decision.')).toBeVisible()
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('setKycIsCompleted'))).toBe('true')

  // The PDF is made in the browser: a real PDF with the business in it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ])
  const bytes = new Uint8Array(await readFile((await download.path())!))
  expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-')
  const text = await pdfText(bytes)
  expect(text.title).toContain(owner.business.name)
  expect(text.content).toContain(hexOf(owner.business.name))
  expect(text.content).toContain(hexOf('Eko Holdings Limited (RC765432) - 40%'))
  expect(text.content).not.toContain(hexOf('A12345678'))
})
