import { expect, test, type Page } from '@playwright/test'
import { bearer, signInAsOwner, signInAsStaff, DEMO_PASSWORD } from './support/accounts'

/**
 * The pages whose first reads come with them (docs/architecture.md#first-paint): the server's HTML already holds the
 * screen, the browser hydrates it without a mismatch (a mismatch throws the server's HTML away and paints again),
 * and no part of it waits for an inline script (the CSP refuses those: React moves a large Suspense boundary's HTML
 * out of line behind one, which next/dynamic's server rendering (no Suspense boundary) avoids).
 */

/**
 * Errors the page reports while loading and hydrating: uncaught ones (a hydration mismatch is one, React's #418 and
 * #419) and those logged, but not a resource the network refused (CI's workers share the demo accounts and meet the
 * API's rate limits, a 429 the screens retry).
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource:')) errors.push(message.text())
  })
  return errors
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" }

/** The page's HTML as the server sends it to this signed-in browser, without its scripts and tags. */
async function serverHtml(page: Page, path: string) {
  const response = await page.request.get(path)
  expect(response.status()).toBe(200)
  const html = await response.text()
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    // React separates neighbouring texts with empty comments: "1<!-- -->. Company details".
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity)
  return { html, text }
}

function expectNoOutOfLineBoundary(html: string) {
  expect(html).not.toContain('$RC(')
  expect(html).not.toMatch(/<template id="B:\d+"/)
}

test('the KYC stepper paints its step from the page and hydrates it; another step opens from there', async ({
  page,
  request,
}) => {
  const headers = await bearer(request, 'owner@example.com')
  const [business] = (await (await request.get('/api/v1/businesses/user-businesses/me', { headers })).json()) as { id: string }[]
  await signInAsOwner(page, 'owner@example.com', DEMO_PASSWORD)
  const path = `/s/businesses/dashboard-details/kyc?businessId=${business!.id}`

  const first = await serverHtml(page, path)
  expectNoOutOfLineBoundary(first.html)
  expect(first.text).toContain('1. Company details')
  expect(first.text).toContain('Tax identification number')
  expect(first.text).not.toContain('Loading the KYC')
  const shareholders = await serverHtml(page, `${path}&step=SHAREHOLDERS`)
  expect(shareholders.text).toContain('4. Shareholders')

  const errors = collectErrors(page)
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 2, name: '1. Company details' })).toBeVisible()
  await page.getByRole('button', { name: /Addresses/ }).click()
  await expect(page.getByRole('heading', { level: 2, name: '2. Addresses' })).toBeVisible()
  await expect(page).toHaveURL(/step=ADDRESSES/)
  expect(errors).toEqual([])
})

test('the business review and the reports paint from the page and hydrate without a mismatch', async ({ page, request }) => {
  const headers = await bearer(request, 'superadmin@example.com')
  const queue = (await (await request.get('/api/v1/businesses/for-approval?page=0&size=1', { headers })).json()) as {
    content: { id: string; name: string }[]
  }
  const waiting = queue.content[0]!
  await signInAsStaff(page, 'superadmin@example.com')
  const review = `/s/admin/approvals/business/business-preview?id=${waiting.id}`

  const reviewHtml = await serverHtml(page, review)
  expectNoOutOfLineBoundary(reviewHtml.html)
  expect(reviewHtml.text).toContain(waiting.name)
  expect(reviewHtml.text).toContain('Means of ID')
  const reportsHtml = await serverHtml(page, '/s/admin/reports')
  expectNoOutOfLineBoundary(reportsHtml.html)
  expect(reportsHtml.text).toMatch(/\d+ businesses registered from .+ match the filters\./)
  expect(reportsHtml.text).not.toContain('Counting the businesses')

  const errors = collectErrors(page)
  await page.goto(review)
  await expect(page.getByRole('heading', { level: 1, name: 'Business review' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Review sections' })).toBeVisible()
  await page.goto('/s/admin/reports')
  const total = page.getByText(/businesses registered from .+ match the filters\./)
  await expect(total).toBeVisible()
  // Another tab, then back: the charts mount again, in the browser this time.
  await page.getByRole('tab', { name: 'Fees' }).click()
  await expect(total).toHaveCount(0)
  await page.getByRole('tab', { name: 'Businesses' }).click()
  await expect(total).toBeVisible()
  expect(errors).toEqual([])
})

test('the public catalogue paints its cards from the page, signed out, and a search still asks the API', async ({
  page,
  request,
}) => {
  const catalogue = (await (await request.get('/api/v1/products?pageNumber=1&pageSize=24')).json()) as {
    content: { name: string }[]
  }
  const shown = catalogue.content[0]!.name
  const products = await serverHtml(page, '/products')
  expectNoOutOfLineBoundary(products.html)
  expect(products.text).toContain(shown)
  expect(products.text).not.toContain('Loading the products')

  const errors = collectErrors(page)
  await page.goto('/products')
  await expect(page.getByRole('heading', { level: 3, name: shown })).toBeVisible()
  await page.getByRole('searchbox').fill('zzzz-no-such-product')
  await expect(page.getByText('No product matches')).toBeVisible()
  expect(errors).toEqual([])
})

test('the staff business list paints its first page from the page, hydrates it and does not read it again', async ({
  page,
  request,
}) => {
  const headers = await bearer(request, 'superadmin@example.com')
  const first = (await (await request.get('/api/v1/businesses?pageNumber=1&pageSize=10', { headers })).json()) as {
    content: { name: string }[]
  }
  const names = first.content.slice(0, 3).map((b) => b.name)
  expect(names.length).toBeGreaterThan(0)
  const byName = (await (
    await request.get('/api/v1/businesses?pageNumber=1&pageSize=10&sort=name,desc', { headers })
  ).json()) as {
    content: { name: string }[]
  }
  await signInAsStaff(page, 'superadmin@example.com')

  const list = await serverHtml(page, '/s/admin/businesses')
  expectNoOutOfLineBoundary(list.html)
  for (const name of names) expect(list.text).toContain(name)
  expect(list.text).not.toContain('Loading the businesses')
  // The address's sort and page size are the server's query too.
  const sorted = await serverHtml(page, '/s/admin/businesses?sort=name,desc')
  expect(sorted.text).toContain(byName.content[0]!.name)

  // What the list reads on mount (the page, the filters' choices, the type and category names) came with the page.
  const listReads: string[] = []
  page.on('request', (req) => {
    const url = new URL(req.url())
    if (/^\/api\/v1\/(businesses|business-types|business-categories|products)$/.test(url.pathname))
      listReads.push(url.pathname + url.search)
  })
  const errors = collectErrors(page)
  await page.goto('/s/admin/businesses')
  await expect(page.getByRole('link', { name: names[0]!, exact: true }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(listReads).toEqual([])
  // The list still asks the API when its address changes.
  await page.getByRole('columnheader', { name: 'Business' }).getByRole('button').click()
  await expect.poll(() => listReads.filter((r) => r.startsWith('/api/v1/businesses?')).length).toBeGreaterThan(0)
  expect(errors).toEqual([])
})

/** The page's scripts held back, as on a slow network: the server's page is all there is until they are let through. */
async function holdScripts(page: Page) {
  let letThrough = () => {}
  const scriptsMayLoad = new Promise<void>((resolve) => (letThrough = resolve))
  await page.route(/\/_next\/static\/.*\.js$/, async (route) => {
    await scriptsMayLoad
    await route.continue()
  })
  return letThrough
}

test('a page paints before its scripts start, and a sign-in pressed before they have run is made once they have', async ({
  page,
}) => {
  const letThrough = await holdScripts(page)
  const logins: string[] = []
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/v1/accounts/login') logins.push(req.method())
  })
  await page.goto('/auth/login')
  const paint = () =>
    page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scriptsStarted: performance.getEntriesByName('portal:scripts-after-paint')[0]?.startTime,
    }))
  await expect.poll(async () => (await paint()).scriptsStarted).toBeGreaterThan(0)
  const { painted, scriptsStarted } = await paint()
  expect(scriptsStarted).toBeGreaterThanOrEqual(painted!)

  await page.getByLabel('E-mail address').fill('yusuf.garba@example.com')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  // Held: the browser did not send the form (to this address, with the password in it), and nothing was called yet.
  await page.waitForTimeout(300)
  expect(page.url()).not.toContain('password')
  expect(logins).toEqual([])

  letThrough()
  await expect(page).toHaveURL(/\/s\/businesses/, { timeout: 20_000 })
  expect(logins).toEqual(['POST'])
  expect(page.url()).not.toContain('password')
})

test('a search typed before the page has hydrated is searched once it has', async ({ page }) => {
  const letThrough = await holdScripts(page)
  await page.goto('/products')
  await page.getByRole('searchbox').fill('zzzz-no-such-product')
  letThrough()
  await expect(page.getByText('No product matches')).toBeVisible()
  await expect(page.getByRole('searchbox')).toHaveValue('zzzz-no-such-product')
})
