import { expect, test, type Browser } from '@playwright/test'
import { bearer, outbox, signInAsStaff, unique } from './support/accounts'

/**
 * Configuration under four-eyes gives feedback (issue 34): the maker asks for a go-live; after a refresh the product
 * shows the request waiting (with a link) instead of offering "Go live" again; the checker is mailed, reads a diff laid
 * out for reading, and approves; the maker is mailed the outcome and sees the product live.
 */

async function staffPage(browser: Browser, email: string) {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage()
  await signInAsStaff(page, email)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  return page
}

test('a go-live request: pending on the product after a refresh, the checker mailed and approving, the maker told', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const maker = await bearer(request, 'product@example.com')
  const checker = await bearer(request, 'approver2@example.com')

  // A product, not live, made through four-eyes by the product manager and approved by the second approver.
  const [category] = (await (await request.get('/api/v1/products/categories', { headers: maker })).json()) as { id: string }[]
  const [division] = (await (await request.get('/api/v1/business-divisions', { headers: maker })).json()) as { id: string }[]
  const code = `FB-${unique()}`
  const name = `Feedback escrow ${code}`
  const created = await request.post('/api/v1/products', {
    headers: maker,
    data: {
      code,
      name,
      categoryId: category!.id,
      divisionId: division!.id,
      requirements: [{ label: 'Expected monthly escrow volume (naira)', type: 'Text Input', required: true }],
    },
  })
  expect(created.status(), await created.text()).toBe(202)
  const creation = (await created.json()) as { id: string }
  const approvedCreation = await request.put(`/api/v1/authorizations/${creation.id}`, {
    headers: checker,
    data: { decision: 'APPROVED' },
  })
  expect(approvedCreation.status(), await approvedCreation.text()).toBe(200)
  const productId = ((await approvedCreation.json()) as { resourceId: string }).resourceId
  expect(productId).toBeTruthy()

  // The maker asks for the go-live on the product's page.
  const makerPage = await staffPage(browser, 'product@example.com')
  await makerPage.goto(`/s/admin/product-config/details?id=${productId}`)
  const availability = makerPage.getByRole('region', { name: 'Availability' })
  await availability.getByRole('button', { name: 'Go live' }).click()
  await makerPage
    .getByRole('alertdialog', { name: `Take ${name} live?` })
    .getByRole('button', { name: 'Go live' })
    .click()
  await expect(availability.getByRole('status').filter({ hasText: 'A request to take' })).toBeVisible()

  // After a refresh the product still says the go-live waits, links to it, and offers no second one.
  await makerPage.reload()
  const waiting = availability.getByRole('status').filter({ hasText: `A request to take ${name} (${code}) live (yours,` })
  await expect(waiting).toContainText('is waiting for another staff member with the permission to decide authorizations')
  await expect(availability.getByRole('button', { name: 'Go live' })).toHaveCount(0)
  const requestHref = await waiting.getByRole('link', { name: 'See the request' }).getAttribute('href')
  expect(requestHref).toMatch(/^\/s\/admin\/authorizations\/details\?id=[0-9a-f-]{36}$/)

  // The checker is mailed, with a link to the request; the maker is not.
  await expect
    .poll(async () => (await outbox(request, 'approver2@example.com')).some((m) => m.text.includes(requestHref!)))
    .toBe(true)
  const asked = (await outbox(request, 'approver2@example.com')).find((m) => m.text.includes(requestHref!))!
  expect(asked.template).toBe('authorization-request')
  expect(asked.subject).toContain(`asks to take ${name} (${code}) live`)

  // The checker follows it: one title, one timestamp, each field's name whole and before/after side by side.
  const checkerPage = await staffPage(browser, 'approver2@example.com')
  await checkerPage.goto(requestHref!)
  await expect(
    checkerPage.getByRole('heading', { level: 2, name: `Product go-live or withdrawal: ${name} (${code})` }),
  ).toBeVisible()
  const diff = checkerPage.getByRole('region', { name: 'Before and after' })
  const live = diff.getByRole('group', { name: 'Live' })
  await expect(live).toContainText('BeforeNo')
  await expect(live).toContainText('AfterYes')
  const layout = await diff.evaluate((region) => {
    const regionWidth = region.getBoundingClientRect().width
    const labels = [...region.querySelectorAll('h3')].map((h) => {
      const range = document.createRange()
      range.selectNodeContents(h)
      // Each label on one line: a word broken across lines would make two line boxes.
      return { text: h.textContent, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size }
    })
    const sides = [...region.querySelectorAll('[role="group"] > div > div')].map((d) => d.getBoundingClientRect().width)
    return { regionWidth, labels, narrowestSide: Math.min(...sides) }
  })
  expect(
    layout.labels.every((l) => l.lines === 1),
    JSON.stringify(layout.labels),
  ).toBe(true)
  expect(layout.narrowestSide).toBeGreaterThan(layout.regionWidth * 0.4)
  await checkerPage.getByRole('button', { name: 'Approve' }).click()
  await checkerPage.getByRole('alertdialog', { name: 'Approve this change?' }).getByRole('button', { name: 'Approve' }).click()
  await expect(checkerPage.getByText('Approved: the change has been applied.')).toBeVisible()
  await expect(checkerPage.getByRole('link', { name: 'Open the product' })).toHaveAttribute(
    'href',
    `/s/admin/product-config/details?id=${productId}`,
  )

  // The maker is told, and the product is live.
  await expect
    .poll(async () => (await outbox(request, 'product@example.com')).some((m) => m.text.includes(requestHref!)))
    .toBe(true)
  const told = (await outbox(request, 'product@example.com')).find((m) => m.text.includes(requestHref!))!
  expect(told.template).toBe('authorization-approved')
  await makerPage.reload()
  await expect(availability.getByText('Live', { exact: true })).toBeVisible()
  await expect(availability.getByRole('button', { name: 'Withdraw from sale' })).toBeVisible()
  await expect(availability.getByText(/A request to take/)).toHaveCount(0)
  await makerPage.goto(requestHref!)
  await expect(makerPage.getByText('Approved', { exact: true })).toBeVisible()
})
