import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { ownerWithBusiness, signInAsOwner } from './support/accounts'
import { poster } from './support/kyc-api'
import { dismissToasts } from './support/toasts'

/**
 * The KYC stepper on a phone (the `phone` project): "Step 2 of 6" says where the owner is and every step of the list
 * is in sight at once (no sideways strip hiding the rest); the buttons name the steps properly ("means of ID").
 */
test('on a phone the KYC stepper says which step of six this is and shows the whole list', async ({ page, request }) => {
  const owner = await ownerWithBusiness(
    request,
    { firstName: 'Bisi', lastName: 'Ade' },
    { name: 'Ade Bakeries', emailDomain: 'adebakeries.ng' },
  )
  const post = poster(request, await owner.bearer())
  await post('/kyc/details', {
    businessId: owner.business.id,
    tin: '12345678-0001',
    incorporationDate: '2018-02-01',
    natureOfBusiness: 'Bakery',
    numberOfEmployees: 9,
    annualTurnover: 12_000_000,
    countryOfIncorporation: 'Nigeria',
  })
  await signInAsOwner(page, owner.email, owner.password)
  await page.goto(`/s/businesses/dashboard-details/kyc?businessId=${owner.business.id}&step=ADDRESSES`)
  await expect(page.getByRole('heading', { name: '2. Addresses' })).toBeVisible()
  await expect(page.getByTestId('step-count')).toHaveText('Step 2 of 6: Addresses')

  const steps = page.getByRole('navigation', { name: 'KYC steps' })
  const width = page.viewportSize()!.width
  for (const name of ['Company details', 'Addresses', 'Means of ID', 'Shareholders', 'Documents', 'Preview']) {
    const step = steps.getByRole(name === 'Preview' ? 'link' : 'button', { name: new RegExp(name) })
    await expect(step).toBeInViewport()
    const box = (await step.boundingBox())!
    expect(box.x + box.width, `${name} fits the width`).toBeLessThanOrEqual(width)
  }
  const list = steps.getByRole('list')
  expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)

  await expect(page.getByRole('button', { name: 'Continue to means of ID' })).toBeVisible()
  await dismissToasts(page)
  expect(await seriousViolations(page)).toEqual([])
})
