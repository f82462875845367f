import { expect, test, type APIRequestContext } from '@playwright/test'
import { samplePdf } from '@/server/seed/demo-kyc-documents'
import { axeOf } from './support/a11y'
import { ownerWithBusiness, signInAsOwner } from './support/accounts'
import { dismissToasts } from './support/toasts'

/** The documents page: an owner uploads a real PDF for a required document and asks to defer another. */

/** An active owner with a new RC business and its company details saved (documents attach to the KYC record). */
async function ownerWithKycRecord(request: APIRequestContext) {
  const { email, password, business, bearer } = await ownerWithBusiness(
    request,
    { firstName: 'Ngozi', lastName: 'Eze' },
    { name: 'Eze Cassava Mills', emailDomain: 'ezemills.ng' },
  )
  const headers = await bearer()
  const details = await request.post('/api/v1/kyc/details', {
    headers,
    data: {
      businessId: business.id,
      tin: '12345678-0001',
      incorporationDate: '2019-03-14',
      natureOfBusiness: 'Cassava processing',
      numberOfEmployees: 18,
      annualTurnover: 45000000,
      countryOfIncorporation: 'Nigeria',
    },
  })
  expect(details.status(), await details.text()).toBe(201)
  return { email, password, business, kycDetailsId: ((await details.json()) as { id: string }).id, bearer: headers }
}

// In the full browser (playwright.config.ts): the headless shell has no PDF viewer, so the file would not open in the tab.
test(
  'an owner uploads a real PDF for a required document and requests a deferral for another',
  { tag: '@full-browser' },
  async ({ page, request }) => {
    test.setTimeout(120_000)
    const owner = await ownerWithKycRecord(request)
    await signInAsOwner(page, owner.email, owner.password)
    await page.goto(`/s/businesses/kyc-document?businessId=${owner.business.id}`)

    const certificate = page.getByRole('listitem', { name: 'Certificate of Incorporation' })
    await expect(certificate.getByText('Missing')).toBeVisible()
    await certificate.getByRole('button', { name: 'Upload Certificate of Incorporation' }).click()
    const pdf = Buffer.from(samplePdf(['Certificate of Incorporation', owner.business.name, 'Corporate Affairs Commission']))
    await certificate
      .getByLabel('Choose the Certificate of Incorporation file')
      .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: pdf })
    await expect(certificate.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 20_000 })
    await expect(certificate.getByText(/certificate\.pdf uploaded on/)).toBeVisible()

    // Viewing opens the file in a new tab.
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      certificate.getByRole('button', { name: /View Certificate of Incorporation/ }).click(),
    ])
    await expect.poll(() => tab.url()).toMatch(/^blob:/)
    await tab.close()

    // The stored file is the PDF the owner chose, byte for byte.
    const documents = (await (
      await request.get(`/api/v1/kyc/documents/${owner.kycDetailsId}`, { headers: owner.bearer })
    ).json()) as { documentType: { code: string }; file: { id: string } }[]
    const stored = documents.find((d) => d.documentType.code === 'CERTIFICATE_OF_INCORPORATION')!
    const file = await request.get(`/api/v1/files/${stored.file.id}`, { headers: owner.bearer })
    expect(file.headers()['content-type']).toBe('application/pdf')
    expect(Buffer.compare(await file.body(), pdf)).toBe(0)

    // Defer the CAC 2: the dialog checks the days, then asks to confirm.
    const cac2 = page.getByRole('listitem', { name: 'CAC 2 – Statement of share capital' })
    await cac2.getByRole('button', { name: 'Request a deferral for CAC 2 – Statement of share capital' }).click()
    const dialog = page.getByRole('dialog', { name: /Request a deferral: CAC 2/ })
    // Over any maximum staff can set (365), so a settings test changing the maximum meanwhile cannot make it pass.
    await dialog.getByLabel(/Days needed/).fill('400')
    await dialog.getByLabel(/Reason/).fill('The CAC is reissuing our statement of share capital this month.')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expect(dialog.getByText(/A deferral is at most \d+ days/)).toBeVisible()
    await dialog.getByLabel(/Days needed/).fill('14')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expect(dialog.getByText(/within 14 days of approval/)).toBeVisible()
    expect(
      (await axeOf(page).include('dialog').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([])
    await dialog.getByRole('button', { name: 'Confirm request' }).click()
    await expect(dialog).toBeHidden()
    await expect(cac2.getByText('Deferral pending')).toBeVisible()
    await expect(cac2.getByRole('button', { name: /Request a deferral/ })).toHaveCount(0)

    const deferrals = page.getByRole('list', { name: 'Deferral requests' })
    await expect(deferrals.getByText('CAC 2 – Statement of share capital')).toBeVisible()
    await expect(deferrals.getByText('Pending')).toBeVisible()

    // Phone-sized screens keep every action reachable, and the page passes axe.
    await dismissToasts(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(
      page
        .getByRole('listitem', { name: 'MEMART' })
        .or(page.getByRole('listitem', { name: 'Memorandum and Articles of Association' })),
    ).toBeVisible()
    const violations = (await axeOf(page).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  },
)
