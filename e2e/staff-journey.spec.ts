import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { seriousViolations } from './support/a11y'
import { signIn } from './support/accounts'
import { openPortalMenu } from './support/phone'
import { dismissToasts } from './support/toasts'

/**
 * Each staff role's walk (issue 18), at 1,366 × 768 and on a 390 × 844 phone: it lands on a page it may use (and the
 * brand link leads there), its menu has no dead entry, every staff list it may open fits its box with the actions in
 * view on the desktop and does not scroll the page sideways on the phone, and axe finds no serious violation.
 * Screenshots of every page are saved with the test's output (test-results/, kept by CI: see docs/testing.md).
 */

const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }

/** The staff lists, by their menu label. */
const STAFF_LISTS = [
  'All businesses',
  'Registered businesses',
  'Blocked businesses',
  'Product configuration',
  'Business approvals',
  'CAC documents',
  'Product approvals',
  'Deferrals',
] as const

interface Role {
  email: string
  /** Where sign-in and the brand link lead. */
  home: RegExp
  /** The lists its menu offers, in menu order. */
  lists: readonly (typeof STAFF_LISTS)[number][]
}

const ROLES: Record<string, Role> = {
  officer: {
    email: 'officer@example.com',
    home: /\/s\/admin\/businesses$/,
    lists: ['All businesses', 'Registered businesses', 'Blocked businesses', 'Business approvals', 'CAC documents', 'Deferrals'],
  },
  'product manager': {
    email: 'product@example.com',
    home: /\/s\/admin\/product-config$/,
    lists: ['Product configuration', 'Product approvals'],
  },
  approver: {
    email: 'approver@example.com',
    home: /\/s\/admin\/businesses$/,
    lists: [
      'All businesses',
      'Registered businesses',
      'Blocked businesses',
      'Business approvals',
      'CAC documents',
      'Product approvals',
      'Deferrals',
    ],
  },
  'payment-group approver': {
    email: 'approver2@example.com',
    home: /\/s\/admin\/businesses$/,
    lists: [
      'All businesses',
      'Registered businesses',
      'Blocked businesses',
      'Business approvals',
      'CAC documents',
      'Product approvals',
      'Deferrals',
    ],
  },
  superadmin: {
    email: 'superadmin@example.com',
    home: /\/s\/admin\/businesses$/,
    lists: [...STAFF_LISTS],
  },
  auditor: {
    email: 'auditor@example.com',
    home: /\/s\/admin\/businesses$/,
    lists: [
      'All businesses',
      'Registered businesses',
      'Blocked businesses',
      'Business approvals',
      'CAC documents',
      'Product approvals',
      'Deferrals',
    ],
  },
}

const portalNav = (page: Page) => page.getByRole('navigation', { name: 'Portal' })
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')

async function snap(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${slug(name)}.png`)
  await page.screenshot({ path, fullPage: false })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

/** The page's sideways overflow: what scrolls beyond the window, if anything. */
async function pageOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement
    const culprits =
      root.scrollWidth > root.clientWidth
        ? [...document.querySelectorAll<HTMLElement>('body *')]
            .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5)
            .slice(0, 5)
            .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">`)
        : []
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits }
  })
}

/** A list page has loaded: its rows, or its empty state. */
async function listLoaded(page: Page) {
  await expect(page.locator('main table tbody tr').first()).toBeVisible()
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0)
}

async function openList(page: Page, label: string) {
  const nav = await openPortalMenu(page)
  const link = nav.getByRole('link', { name: label, exact: true })
  const href = (await link.getAttribute('href'))!
  await link.click()
  // The next page, not the one still on screen while it loads.
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[/?.]/g, '\\$&')}(\\?.*)?$`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await listLoaded(page)
  await dismissToasts(page)
}

/** On the desktop the actions column is inside the window and inside the table's box, without scrolling sideways. */
async function expectActionsInView(page: Page, label: string) {
  const header = page.locator('main table thead th:visible', { hasText: /^Actions$/ })
  if ((await header.count()) === 0) return
  // Measured until the list holds still (a refetch may re-render the header between two reads).
  await expect(async () => {
    const box = await header.first().boundingBox()
    const region = await page.locator('main [role="region"]:has(table)').first().boundingBox()
    expect(box, `${label}: Actions column`).not.toBeNull()
    expect(box!.x + box!.width, `${label}: Actions column within the window`).toBeLessThanOrEqual(DESKTOP.width)
    expect(box!.x + box!.width, `${label}: Actions column within the list's box`).toBeLessThanOrEqual(
      region!.x + region!.width + 1,
    )
  }).toPass({ timeout: 10_000 })
}

for (const [name, role] of Object.entries(ROLES)) {
  test(`${name}: lands on a page it may use; every staff list fits at 1,366 px and on a 390 px phone`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000)
    await page.setViewportSize(DESKTOP)
    await signIn(page, role.email)
    // Sign-in reads the permissions before choosing the landing page; the machine may be busy.
    await expect(page).toHaveURL(role.home, { timeout: 20_000 })
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText('You do not have access')).toHaveCount(0)
    const home = new URL(page.url()).pathname
    await expect(page.getByRole('link', { name: 'KYC Portal' })).toHaveAttribute('href', home)
    await snap(page, testInfo, `${name} landing 1366`)
    expect(await seriousViolations(page), `${name}: landing`).toEqual([])

    // The menu: the lists the role may open.
    const nav = portalNav(page)
    for (const label of STAFF_LISTS) {
      await expect(nav.getByRole('link', { name: label, exact: true }), `${name}: ${label} in the menu`).toHaveCount(
        role.lists.includes(label) ? 1 : 0,
      )
    }

    for (const label of role.lists) {
      await openList(page, label)
      await expect(page.getByText('You do not have access')).toHaveCount(0)
      const overflow = await pageOverflow(page)
      expect(overflow.scrollWidth, `${label} at 1,366: ${overflow.culprits.join(' ')}`).toBeLessThanOrEqual(overflow.clientWidth)
      await expectActionsInView(page, label)
      await snap(page, testInfo, `${name} ${label} 1366`)
    }

    await page.setViewportSize(PHONE)
    for (const label of role.lists) {
      await openList(page, label)
      const overflow = await pageOverflow(page)
      expect(overflow.scrollWidth, `${label} at 390: ${overflow.culprits.join(' ')}`).toBeLessThanOrEqual(overflow.clientWidth)
      // Filters fold behind one button that says how many are set.
      const filters = page.getByRole('button', { name: /^Filters/ })
      if (await filters.count()) {
        await expect(filters).toHaveAttribute('aria-expanded', 'false')
        await expect(page.getByRole('search')).toBeHidden()
      }
      await snap(page, testInfo, `${name} ${label} 390`)
      expect(await seriousViolations(page), `${name}: ${label} at 390`).toEqual([])
    }
  })
}

test('keyboard and touch: results in a few Tabs, focus on the opened record, 24 px targets, the phone menu takes focus', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  await page.setViewportSize(DESKTOP)
  await signIn(page, 'approver@example.com')
  await expect(page).toHaveURL(/\/s\/admin\/businesses$/, { timeout: 20_000 })
  await openList(page, 'Business approvals')

  // A list opened from the menu starts on its heading; the filters are skipped and the first row's link is next.
  await expect(page.getByRole('heading', { level: 1, name: 'Business approvals' })).toBeFocused()
  let presses = 0
  const firstReview = page.locator('main table tbody tr').first().getByRole('link').first()
  while (presses < 8 && !(await firstReview.evaluate((el) => el === document.activeElement))) {
    const skip = page.getByRole('link', { name: 'Skip to the results' })
    const onSkip = await skip.evaluate((el) => el === document.activeElement).catch(() => false)
    await page.keyboard.press(onSkip ? 'Enter' : 'Tab')
    presses++
  }
  await expect(firstReview).toBeFocused()
  // The sortable headings (buttons in the table's head) come before the first row, as they should.
  const sortButtons = await page.locator('main table thead button').count()
  expect(presses).toBeLessThanOrEqual(4 + sortButtons)

  // Tap targets of the rows: Review, Assign to me, and any checkbox.
  for (const target of await page.locator('main table tbody').locator('a, button, input[type="checkbox"]').all()) {
    const box = await target.boundingBox()
    if (!box) continue
    expect(Math.round(box.height), `${await target.textContent()}: height`).toBeGreaterThanOrEqual(24)
    expect(Math.round(box.width), `${await target.textContent()}: width`).toBeGreaterThanOrEqual(24)
  }

  // Opening a record puts focus on its heading; the review has its sections and a way back.
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/business-preview\?id=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Business review' })).toBeFocused()
  const sections = page.getByRole('navigation', { name: 'Review sections' })
  await expect(sections.getByRole('link', { name: 'Documents' })).toBeVisible()
  await expect(sections.getByRole('link', { name: '← Business approvals' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Documents of the business' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Verification items' })).toBeVisible()
  await sections.getByRole('link', { name: 'Documents' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Documents', exact: true })).toBeInViewport()
  // The decision stays in view beside the KYC on a desktop.
  await expect(page.getByRole('heading', { name: 'Decision' })).toBeInViewport()
  await snap(page, testInfo, 'business review documents 1366')

  // The phone menu moves focus into itself.
  await page.setViewportSize(PHONE)
  await page.getByRole('button', { name: 'Menu', exact: true }).click()
  await expect(page.locator('nav[aria-label="Portal"] a:focus')).toHaveCount(1)
  await snap(page, testInfo, 'phone menu open 390')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeFocused()
})
