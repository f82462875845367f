import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { activeUser, bearer, unique } from './support/accounts'
import { completeKyc, type KycAnswers } from './support/kyc-api'
import { acmeSeller, partnerReference } from './support/partner'

const BVN = '22375310864'
const KYC: KycAnswers = {
  details: {
    tin: '12345678-0001',
    incorporationDate: '2018-03-12',
    natureOfBusiness: 'Online retail',
    numberOfEmployees: 12,
    annualTurnover: 45000000,
    countryOfIncorporation: 'Nigeria',
  },
  address: { type: 'REGISTERED', line1: '5 Wharf Road', city: 'Apapa', country: 'Nigeria', state: 'Lagos', lga: 'Apapa' },
  shareholder: { type: 'INDIVIDUAL', firstName: 'Amaka', lastName: 'Obi', nationality: 'Nigeria', bvn: BVN, percentage: 100 },
  meansOfId: {
    firstName: 'Amaka',
    lastName: 'Obi',
    role: 'DIRECTOR',
    idType: 'NATIONAL_ID_CARD',
    idNumber: '64208531970',
    bvn: BVN,
  },
}

test('a partner hands a user over: verified link, sign in, business imported, KYC, then back to the partner', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const user = await activeUser(request, 'Amaka', 'Obi')
  const id = unique()
  const seller = acmeSeller(id)
  const { name, returnUrl } = seller
  const reference = await partnerReference(seller)

  // A forged link is refused in words.
  await page.goto(`/external/handover?reference=${reference.slice(0, -4)}AAAA`)
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'The partner reference is not signed by a known partner (bad signature)',
  )

  await page.goto(`/external/handover?reference=${reference}`)
  const main = page.getByRole('main')
  await expect(main).toContainText('Acme Marketplace sent you here to open an account for this business')
  await expect(main).toContainText(name)
  expect(await page.evaluate(() => sessionStorage.getItem('externalBusinessUrl'))).toBe(returnUrl)
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole('link', { name: 'Sign in to continue' }).click()
  await expect(page).toHaveURL(/\/auth\/login\?from=/)
  await page.getByLabel('E-mail address').fill(user.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/external\/handover\?reference=/)

  await page.getByRole('button', { name: `Continue with ${name}` }).click()
  await expect(page).toHaveURL(/\/s\/businesses\/dashboard-details\/kyc\?businessId=/)
  const businessId = new URL(page.url()).searchParams.get('businessId')!
  expect(await page.evaluate(() => sessionStorage.getItem('externalBusinessUrl'))).toBe(returnUrl)

  // The business is the user's, with the partner's product applied for.
  const owner = await bearer(request, user.email, user.password)
  const business = (await (await request.get(`/api/v1/businesses/${businessId}`, { headers: owner })).json()) as { name: string }
  expect(business.name).toBe(name)
  const applied = (await (await request.get(`/api/v1/businesses/${businessId}/products`, { headers: owner })).json()) as {
    product?: { code?: string }
    productCode?: string
  }[]
  expect(JSON.stringify(applied)).toContain('POS-ACQUIRING')

  // At the end of onboarding (KYC submitted) the preview offers the way back to the partner.
  await completeKyc(request, owner, businessId, KYC)
  await page.goto(`/s/businesses/dashboard-details/kyc/preview-form?businessId=${businessId}`)
  const back = page.getByRole('link', { name: 'Return to partner.example' })
  await expect(back).toBeVisible()
  await expect(back).toHaveAttribute('href', returnUrl)
})
