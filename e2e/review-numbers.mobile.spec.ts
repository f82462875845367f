import { expect, test, type Locator, type Page } from '@playwright/test'
import { signIn } from './support/accounts'
import { dismissToasts } from './support/toasts'

/**
 * Issue 34 on a phone: the staff business review keeps amounts and phone numbers on one line and shows every
 * shareholder without cutting a column off, and the owner's dashboard has no link or button under 24 px tall
 * (WCAG 2.5.8), sentences' inline links aside.
 */

/** How many lines an element's text takes: the distinct tops of its text's boxes (one per line). */
const lines = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size
  })

/** Signs in and waits to land (a page opened before the session cookie is set goes back to the login). */
async function signInAs(page: Page, email: string) {
  await signIn(page, email)
  await expect(page).not.toHaveURL(/\/auth\/login/, { timeout: 20_000 })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

async function openReviewWithKyc(page: Page) {
  // The queue's businesses have their KYC submitted: company details (the annual turnover) and shareholders.
  await page.goto('/s/admin/approvals/business')
  await expect(page.locator('main table tbody tr').first()).toBeVisible({ timeout: 20_000 })
  await page.locator('main tbody th[scope="row"] a').first().click()
  await expect(page).toHaveURL(/business-preview\?id=/)
  await expect(page.getByRole('heading', { name: 'Company details' })).toBeVisible({ timeout: 20_000 })
  await dismissToasts(page)
}

test('the staff review keeps numbers whole and every shareholder in view', async ({ page }) => {
  test.setTimeout(90_000)
  await signInAs(page, 'superadmin@example.com')
  await openReviewWithKyc(page)

  const phone = page.locator('#review-summary dd').filter({ hasText: /^\+\d{6,}$/ })
  await expect(phone).toHaveCount(1)
  expect(await lines(phone)).toBe(1)
  const phoneBox = (await phone.boundingBox())!
  const summary = (await page.locator('#review-summary').boundingBox())!
  expect(phoneBox.x + phoneBox.width).toBeLessThanOrEqual(summary.x + summary.width)

  const turnover = page.locator('dd').filter({ hasText: /^₦[\d,]+\.\d\d$/ })
  await expect(turnover.first()).toBeVisible({ timeout: 20_000 })
  for (const amount of await turnover.all()) expect(await lines(amount), await amount.innerText()).toBe(1)

  // Shareholders: nothing cut off at the screen's edge or hidden in a sideways scroll.
  const shareholders = page.getByRole('region', { name: /^Shareholders with effective ownership/ })
  await expect(shareholders).toBeVisible({ timeout: 20_000 })
  const fits = await shareholders.evaluate((box) => box.scrollWidth <= box.clientWidth)
  expect(fits).toBe(true)
  const width = page.viewportSize()!.width
  for (const cell of await shareholders.locator('td, th[scope="row"]').all()) {
    const box = await cell.boundingBox()
    if (box) expect(box.x + box.width, await cell.innerText()).toBeLessThanOrEqual(width)
  }
  // Each value with its column's name beside it.
  await expect(shareholders.locator('td[data-label="Effective ownership"]').first()).toBeVisible()
})

test("the owner's dashboards have no link or button under 24 px tall", async ({ page }) => {
  test.setTimeout(90_000)
  await signInAs(page, 'owner@example.com')
  await expect(page).toHaveURL(/\/s\/businesses/)
  // Both of the demo owner's businesses: one not submitted (what is outstanding), one awaiting review.
  for (const name of ['Chukwuemeka Motors', 'Adebayo Foods Limited']) {
    await page.goto('/s/businesses')
    await page.getByRole('button', { name: `Open ${name}` }).click()
    await expect(page).toHaveURL(/dashboard-details/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await dismissToasts(page)
    const small = await page.locator('main').evaluate((main) =>
      [...main.querySelectorAll<HTMLElement>('a, button')]
        .filter((el) => {
          const box = el.getBoundingClientRect()
          if (box.width === 0 || box.height === 0) return false
          // A link inside a sentence is exempt (WCAG 2.5.8): its parent has text of its own.
          const parent = el.parentElement!
          const inSentence = [...parent.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim().length > 1)
          return box.height < 24 && !(el.tagName === 'A' && inSentence)
        })
        .map(
          (el) => `${el.tagName.toLowerCase()} "${el.textContent?.trim()}" ${Math.round(el.getBoundingClientRect().height)} px`,
        ),
    )
    expect(small, name).toEqual([])
  }
})

test('a section link on a phone lands on a section that loads when reached, and it stays there while those above load', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signInAs(page, 'superadmin@example.com')
  await openReviewWithKyc(page)
  // Far below the KYC, the risk section has not loaded: its region stands in, busy.
  const risk = page.getByRole('region', { name: 'Risk', exact: true })
  await expect(risk).toHaveAttribute('aria-busy', 'true')
  await page.getByRole('navigation', { name: 'Review sections' }).getByRole('link', { name: 'Risk', exact: true }).click()
  await expect(page).toHaveURL(/#risk$/)
  await expect(risk).not.toHaveAttribute('aria-busy', 'true', { timeout: 20_000 })
  await expect(risk.getByText(/^(Low|Medium|High|Prohibited) risk$/)).toBeVisible()
  // The ownership and screening sections above it have loaded too (they came near) without pushing it away.
  await expect(page.getByRole('region', { name: 'Screening', exact: true })).not.toHaveAttribute('aria-busy', 'true')
  await expect(risk).toBeInViewport()
  // Its heading shows below the sticky bar, which wraps to several lines on a phone (it used to end up under it).
  const bar = page.getByRole('navigation', { name: 'Review sections' })
  await expect(async () => {
    const barBox = (await bar.boundingBox())!
    const headingBox = (await risk.getByRole('heading').first().boundingBox())!
    expect(headingBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height)
    expect(headingBox.y).toBeLessThan(barBox.y + barBox.height + 100)
  }).toPass({ timeout: 10_000 })
})
