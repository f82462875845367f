import { expect, test } from '@playwright/test'
import { bearer, ownerWithBusiness, signInAsOwner } from './support/accounts'
import { uploadFile } from './support/kyc-api'

/**
 * The view log (issue 17 item 3) end to end: a reviewer opens a director's ID scan through the production server, and
 * the owner finds that view under "Who viewed your documents" on the business dashboard.
 */
test('the owner sees which staff member opened their director’s ID scan, and why', async ({ page, request }) => {
  test.setTimeout(120_000)
  const owner = await ownerWithBusiness(
    request,
    { firstName: 'Ngozi', lastName: 'Viewlog' },
    { name: 'Viewlog Foods', emailDomain: 'viewlog.example.ng' },
  )
  const fileId = await uploadFile(request, await owner.bearer(), owner.business.id, 'MEANS_OF_ID', 'director-id.pdf')

  const approver = await bearer(request, 'approver@example.com')
  const me = (await (await request.get('/api/v1/accounts/me', { headers: approver })).json()) as {
    firstName: string
    lastName: string
  }
  const opened = await request.get(`/api/v1/files/${fileId}?purpose=${encodeURIComponent('Checking the director ID')}`, {
    headers: approver,
  })
  expect(opened.status()).toBe(200)

  await signInAsOwner(page, owner.email, owner.password)
  await page.goto(`/s/businesses/dashboard-details?businessId=${owner.business.id}`)
  const section = page.getByRole('region', { name: 'Who viewed your documents' })
  const log = section.getByRole('list', { name: 'Staff views of your documents' })
  await expect(log.getByRole('listitem')).toHaveCount(1)
  await expect(log.getByRole('listitem').first()).toContainText(
    `${me.firstName} ${me.lastName} opened director-id.pdf · Checking the director ID`,
  )

  // The owner's own opening of the file is not a staff view: the log still holds the one.
  expect((await request.get(`/api/v1/files/${fileId}`, { headers: await owner.bearer() })).status()).toBe(200)
  await page.reload()
  await expect(log.getByRole('listitem')).toHaveCount(1)
})
