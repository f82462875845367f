import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * Waits until nothing on the page is mid-animation: a toast sliding in or a fading element has partly transparent
 * text, which axe reports as low contrast. Endless animations (spinners, skeletons) and long ones (a toast's
 * auto-close progress bar) are not waited for.
 */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(isStill)
}

/** Run in the page: nothing short and finite is mid-animation (the measure of `settleAnimations`). */
function isStill() {
  return document.getAnimations().every((animation) => {
    const timing = animation.effect?.getComputedTiming()
    const duration = typeof timing?.duration === 'number' ? timing.duration : 0
    return animation.playState !== 'running' || timing?.iterations === Infinity || duration > 2_000
  })
}

/** The ids of the toasts on screen (react-toastify's), in order. */
const toastsOnScreen = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('.Toastify__toast')].map((toast) => toast.id).join('|'))

/**
 * axe on the page, run in the page itself (legacy mode). The default mode runs axe in every frame and then opens a new
 * blank page to merge the results, which cost each scan about a second on this machine kind (0.6 s instead of 1.1–1.6 s
 * on the 404 page, 2026-11-30); the portal has no cross-origin frames, which is all that mode adds.
 * Only the violations are reported in full (`resultTypes`): the tests read nothing else, and listing every passing
 * node cost a staff list's scan 0.9–1.5 s instead of 0.7–0.85 s (2026-12-01).
 */
export function axeOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] })
}

/**
 * The serious and critical axe violations of the page once it is still, as `id: help (where)` lines: the first three
 * elements' selectors, so that a failure in CI says which element, not only which rule.
 */
export async function seriousViolations(page: Page) {
  // The toasts' auto-close also waits while axe reads the page (react-toastify pauses it while the window has lost
  // focus): under a slow machine a toast still began to close during the third scan (a "color-contrast" on a success
  // toast, CI 2026-12-01). A toast that appears during a scan is not held; the rescan below sees it.
  await page.evaluate(() => window.dispatchEvent(new Event('blur')))
  try {
    return await scanUntilStill(page)
  } finally {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  }
}

async function scanUntilStill(page: Page) {
  for (let scan = 1; ; scan++) {
    // The toasts are read before the page settles: one that arrives in between is waited for, not taken as still.
    const toastsBefore = await toastsOnScreen(page)
    await settleAnimations(page)
    const { violations } = await axeOf(page).analyze()
    // A toast that came, went or began to close while axe read the page was read mid-animation, its text partly
    // transparent (a "color-contrast" on a success toast, seen in CI under load): read the page again once it is still.
    if (scan < 3 && ((await toastsOnScreen(page)) !== toastsBefore || !(await page.evaluate(isStill)))) continue
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')})`,
      )
  }
}
