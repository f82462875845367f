import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { bearer, signInAsStaff } from './support/accounts'

/**
 * docs/ownership.md#registry-check on the demo data: Yola Solar Energy (pending review) has a registry extract listing a
 * director it did not declare. The demo approver opens its review, reads the difference in words and resolves it with
 * a reason; the difference then shows as resolved, with the reason.
 */
test('a reviewer sees the registry difference of the demo business and resolves it with a reason', async ({ page, request }) => {
  test.setTimeout(180_000)
  const headers = await bearer(request, 'auditor@example.com')
  const found = await request.get('/api/v1/businesses', { headers, params: { businessName: 'Yola Solar Energy' } })
  expect(found.status(), await found.text()).toBe(200)
  const business = ((await found.json()) as { content: { id: string; name: string }[] }).content.find(
    (b) => b.name === 'Yola Solar Energy',
  )!

  await signInAsStaff(page, 'approver@example.com')
  await page.goto(`/s/admin/approvals/business/business-preview?id=${business.id}`)
  await expect(page.getByRole('heading', { name: business.name })).toBeVisible()
  const registry = page.getByRole('region', { name: 'Company registry check' })
  await expect(registry).toContainText('CAC status report (demo data)')
  const differences = registry.getByRole('list', { name: 'Differences with the registry' })
  const difference = differences
    .getByRole('listitem')
    .filter({ hasText: 'The registry lists director Amina Bello, who is not declared' })
  await expect(difference).toContainText('Open')
  expect(await seriousViolations(page)).toEqual([])

  await difference.getByRole('button', { name: /Resolve with a reason/ }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Resolve: The registry lists director Amina Bello')
  await dialog.getByLabel(/Why the difference is explained/).fill('Amina Bello resigned in October; the CAC filing is pending')
  await dialog.getByRole('button', { name: 'Resolve the difference' }).click()
  await expect(dialog).toBeHidden()
  await expect(difference).toContainText('Resolved by')
  await expect(difference).toContainText('Amina Bello resigned in October; the CAC filing is pending')
  await expect(difference.getByRole('button', { name: /Resolve with a reason/ })).toHaveCount(0)
})
