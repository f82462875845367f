import { expect, test, type Page } from '@playwright/test'
import { signIn } from './support/accounts'
import { dismissToasts } from './support/toasts'

/**
 * Issue 34: every staff list fits a 1,366 × 768 laptop without sideways scrolling (neither the page nor the list's own
 * box), its headings sort on the server through the URL with `aria-sort`, and a review opened from a list leads back
 * to it with its filters.
 */

const LAPTOP = { width: 1366, height: 768 }

/** Every staff list the superadmin may open, by its URL; `rows: false` where the demo may leave it empty. */
const STAFF_LISTS: { name: string; url: string }[] = [
  { name: 'All businesses', url: '/s/admin/businesses' },
  { name: 'Registered businesses', url: '/s/admin/businesses/registered' },
  { name: 'Blocked businesses', url: '/s/admin/businesses/blocked' },
  { name: 'Archived businesses', url: '/s/admin/businesses?archiveStatus=ARCHIVED' },
  { name: 'Product configuration', url: '/s/admin/product-config' },
  { name: 'Business approvals', url: '/s/admin/approvals/business' },
  { name: 'CAC documents', url: '/s/admin/approvals/cac-doc' },
  { name: 'Product approvals', url: '/s/admin/approvals/products?status=ALL' },
  { name: 'Deferrals', url: '/s/admin/approvals/deferral' },
  { name: 'Authorizations', url: '/s/admin/authorizations' },
  { name: 'Support inquiries', url: '/s/admin/support-inquiries' },
  { name: 'Audit log', url: '/s/admin/reports?tab=audits' },
  { name: 'Business report', url: '/s/admin/reports?tab=businesses' },
  { name: 'Archived report', url: '/s/admin/reports?tab=archives' },
]

/** Signs in and waits to land (a page opened before the session cookie is set goes back to the login). */
async function signInAs(page: Page, email: string) {
  await signIn(page, email)
  await expect(page).not.toHaveURL(/\/auth\/login/, { timeout: 20_000 })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

async function listLoaded(page: Page) {
  await expect(page.locator('main table tbody tr').first()).toBeVisible({ timeout: 20_000 })
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 })
}

/** The widths that would scroll sideways: the document's and each table box's, with what sticks out. */
async function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement
    const boxes = [...document.querySelectorAll<HTMLElement>('main [role="region"]:has(> table)')].map((box) => ({
      caption: box.querySelector('caption')?.textContent?.trim() ?? '',
      scrollWidth: box.scrollWidth,
      clientWidth: box.clientWidth,
    }))
    return { page: { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth }, boxes }
  })
}

test.describe('staff lists on a 1,366 px laptop', () => {
  test.use({ viewport: LAPTOP })

  test('no staff list scrolls sideways, the page or the list', async ({ page }) => {
    test.setTimeout(240_000)
    await signInAs(page, 'superadmin@example.com')
    // Every list is measured; the answer names each that is too wide.
    const tooWide: string[] = []
    for (const list of STAFF_LISTS) {
      await page.goto(list.url)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await listLoaded(page)
      await dismissToasts(page)
      const widths = await sidewaysScroll(page)
      if (widths.page.scrollWidth > widths.page.clientWidth)
        tooWide.push(`${list.name}: the page, ${widths.page.scrollWidth} > ${widths.page.clientWidth}`)
      expect(widths.boxes.length, `${list.name}: a table box`).toBeGreaterThan(0)
      for (const box of widths.boxes)
        if (box.scrollWidth > box.clientWidth)
          tooWide.push(`${list.name}: the box of "${box.caption}", ${box.scrollWidth} > ${box.clientWidth}`)
    }
    expect(tooWide).toEqual([])
  })

  test('the registered list shows the dates it exists for, the key columns in view', async ({ page }) => {
    test.setTimeout(90_000)
    await signInAs(page, 'superadmin@example.com')
    await page.goto('/s/admin/businesses/registered')
    await listLoaded(page)
    const region = (await page.locator('main [role="region"]:has(> table)').boundingBox())!
    for (const name of ['Business', 'Status', 'Approved on', 'Recertification', 'Actions']) {
      const header = page.getByRole('columnheader', { name: new RegExp(`^${name}`) })
      const box = (await header.boundingBox())!
      expect(box.x + box.width, `${name} within the list's box`).toBeLessThanOrEqual(region.x + region.width + 1)
    }
  })

  test('headings sort on the server through the URL, with aria-sort; the review leads back to the list', async ({ page }) => {
    test.setTimeout(120_000)
    await signInAs(page, 'superadmin@example.com')
    await page.goto('/s/admin/businesses?approvalStatus=APPROVED')
    await listLoaded(page)
    const header = page.getByRole('columnheader', { name: /^Business/ })
    await expect(header).not.toHaveAttribute('aria-sort')

    const names = async () => (await page.locator('main tbody th[scope="row"] a').allTextContents()).map((n) => n.trim())
    const isSorted = (list: string[], desc = false) => {
      const ordered = [...list].sort((a, b) => (desc ? -1 : 1) * (a < b ? -1 : a > b ? 1 : 0))
      const local = [...list].sort((a, b) => (desc ? -1 : 1) * a.localeCompare(b))
      return JSON.stringify(list) === JSON.stringify(ordered) || JSON.stringify(list) === JSON.stringify(local)
    }

    const sorted = page.waitForResponse((r) => r.url().includes('/api/v1/businesses?') && r.url().includes('sort=name%2Casc'))
    await header.getByRole('button').click()
    await sorted
    await expect(page).toHaveURL(/[?&]sort=name%2Casc/)
    await expect(page).toHaveURL(/approvalStatus=APPROVED/)
    await expect(header).toHaveAttribute('aria-sort', 'ascending')
    await listLoaded(page)
    const ascending = await names()
    expect(ascending.length).toBeGreaterThan(1)
    expect(isSorted(ascending), ascending.join(' | ')).toBe(true)

    await header.getByRole('button').click()
    await expect(page).toHaveURL(/[?&]sort=name%2Cdesc/)
    await expect(header).toHaveAttribute('aria-sort', 'descending')
    await expect.poll(names).not.toEqual(ascending)
    expect(isSorted(await names(), true)).toBe(true)

    // The sort survives a reload (it is in the URL), and a date column sorts too.
    await page.reload()
    await listLoaded(page)
    await expect(page.getByRole('columnheader', { name: /^Business/ })).toHaveAttribute('aria-sort', 'descending')
    const registered = page.getByRole('columnheader', { name: /^Registered on/ })
    await registered.getByRole('button').click()
    await expect(page).toHaveURL(/[?&]sort=createdAt%2Casc/)
    await expect(registered).toHaveAttribute('aria-sort', 'ascending')
    await expect(page.getByRole('columnheader', { name: /^Business/ })).not.toHaveAttribute('aria-sort')
    await listLoaded(page)

    // A review opened from this list leads back to it, filters and sort kept.
    const listUrl = new URL(page.url())
    const first = page.locator('main tbody th[scope="row"] a').first()
    await first.click()
    await expect(page).toHaveURL(/business-preview\?id=/)
    const back = page.getByRole('link', { name: '← All businesses' })
    await expect(back).toBeVisible()
    await back.click()
    await expect(page).toHaveURL(`${listUrl.pathname}${listUrl.search}`)
    await expect(page.getByRole('columnheader', { name: /^Registered on/ })).toHaveAttribute('aria-sort', 'ascending')
  })

  test('the queues sort too: business approvals, CAC documents, deferrals, product approvals, authorizations', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await signInAs(page, 'superadmin@example.com')
    const cases = [
      { url: '/s/admin/approvals/business', column: /^Business/, sort: 'name' },
      { url: '/s/admin/approvals/cac-doc', column: /^Uploaded/, sort: 'submittedAt' },
      { url: '/s/admin/approvals/deferral', column: /^Due/, sort: 'dueDate' },
      { url: '/s/admin/approvals/products?status=ALL', column: /^Submitted/, sort: 'submittedAt' },
      { url: '/s/admin/authorizations', column: /^Status/, sort: 'status' },
    ]
    for (const c of cases) {
      await page.goto(c.url)
      await listLoaded(page)
      const header = page.getByRole('columnheader', { name: c.column })
      // The API call spells the comma either way (axios leaves it as is).
      const asked = new RegExp(`/api/v1/.*[?&]sort=${c.sort}(%2C|,)asc`)
      const answered = page.waitForResponse((r) => asked.test(r.url()) && r.status() === 200)
      await header.getByRole('button').click()
      await answered
      await expect(page).toHaveURL(new RegExp(`[?&]sort=${c.sort}%2Casc`))
      await expect(header).toHaveAttribute('aria-sort', 'ascending')
    }
  })

  test('the product form: one "New product", 24 px checkboxes, a new requirement without a made-up title', async ({ page }) => {
    test.setTimeout(90_000)
    await signInAs(page, 'product@example.com')
    await page.goto('/s/admin/product-config/details')
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'New product' })).toHaveCount(1)
    await expect(page.getByRole('checkbox').first()).toBeVisible()
    await page.getByRole('button', { name: 'Add a requirement' }).click({ timeout: 20_000 })
    await expect(page.getByRole('heading', { name: '1. New requirement' })).toBeVisible()
    for (const box of await page.getByRole('checkbox').all()) {
      const size = (await box.boundingBox())!
      expect(size.width, (await box.getAttribute('name')) ?? 'checkbox').toBeGreaterThanOrEqual(24)
      expect(size.height).toBeGreaterThanOrEqual(24)
    }
  })
})
