import { expect, type Page } from '@playwright/test'
import { seriousViolations } from './a11y'
import { dismissToasts } from './toasts'

/**
 * The page's width against the phone's. On a phone Chromium widens the layout viewport (`innerWidth`) to take in
 * whatever sticks out, so `scrollWidth <= innerWidth` alone would always hold: both are compared with the device
 * width. When the page is too wide, the answer names what sticks out (positioned elements escape the clipping of a
 * scrolling ancestor, so they are listed too).
 */
async function pageWidth(page: Page) {
  const device = page.viewportSize()!.width
  return page.evaluate((width) => {
    const scrolls = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true
      return false
    }
    const tooWide = Math.max(document.scrollingElement!.scrollWidth, window.innerWidth) > width
    const culprits = tooWide
      ? [...document.querySelectorAll<HTMLElement>('body *')]
          .filter(
            (el) =>
              el.getBoundingClientRect().right > width + 0.5 &&
              (!scrolls(el) || ['absolute', 'fixed'].includes(getComputedStyle(el).position)),
          )
          .slice(0, 6)
          .map(
            (el) =>
              `<${el.tagName.toLowerCase()} class="${el.className}"> in <${el.parentElement?.tagName.toLowerCase()}> reaches ${Math.round(el.getBoundingClientRect().right)}px`,
          )
      : []
    return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth, culprits }
  }, device)
}

/** The page fits the phone's width and passes axe (toasts fading in and out are closed first). */
export async function fitsThePhone(page: Page) {
  await dismissToasts(page)
  const device = page.viewportSize()!.width
  const width = await pageWidth(page)
  expect(width, `wider than the phone: ${width.culprits.join('; ')}`).toEqual({
    scrollWidth: expect.any(Number),
    innerWidth: device,
    culprits: [],
  })
  expect(width.scrollWidth).toBeLessThanOrEqual(device)
  // Read once the page is still: a save's toast that arrived after the toasts were closed was read mid-slide (a
  // "color-contrast" on "Address added.", seen on a loaded machine).
  expect(await seriousViolations(page)).toEqual([])
}

/**
 * The portal's menu (`navigation` "Portal"), opened with the Menu button where the layout folds it (a phone). Waits
 * for the shell first: right after a sign-in neither may be drawn yet, and a check that does not wait took the
 * missing menu for a folded one and waited for a Menu button a desktop never shows.
 */
export async function openPortalMenu(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Portal' })
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true })
  await expect(nav.or(menuButton).first()).toBeVisible()
  if (!(await nav.isVisible())) await menuButton.click()
  return nav
}
