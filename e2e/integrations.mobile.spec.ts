import { expect, test } from '@playwright/test'
import { signInAsStaff } from './support/accounts'
import { fitsThePhone } from './support/phone'

/**
 * On a phone, the integration screens: the CRM directory import, the CRM account search on the staff create-business
 * form (prefilling it), the support inbox, and a partner's handover link that does not verify. Each fits the phone's
 * width and passes axe.
 */
test('staff use the CRM search, the CRM import and the support inbox on a phone', async ({ page }) => {
  test.setTimeout(120_000)
  await signInAsStaff(page, 'superadmin@example.com')

  await page.goto('/s/admin/crm')
  await expect(page.getByRole('heading', { name: 'CRM directory' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Import accounts' })).toBeVisible()
  await fitsThePhone(page)

  await page.goto('/s/admin/businesses/create')
  const combo = page.getByRole('combobox', { name: 'Start from a CRM account (optional)' })
  await combo.fill('Kano Tex')
  await page.getByRole('option', { name: /Kano Textile Mills Plc/ }).click()
  await expect(page.getByLabel('Business name')).toHaveValue('Kano Textile Mills Plc')
  await fitsThePhone(page)

  await page.goto('/s/admin/support-inquiries')
  await expect(page.getByRole('heading', { name: 'Support inquiries', level: 1 })).toBeVisible()
  await fitsThePhone(page)
})

test('a partner link that does not verify says so on a phone', async ({ page }) => {
  await page.goto('/external/handover?reference=not-a-signed-reference')
  await expect(page.getByRole('heading', { name: 'Continue from a partner' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('alert')).toContainText('not a valid signed reference')
  await fitsThePhone(page)
})
