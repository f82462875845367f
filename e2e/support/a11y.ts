import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * Waits until nothing on the page is mid-animation: a toast sliding in or a fading element has partly transparent
 * text, which axe reports as low contrast. Endless animations (spinners, skeletons) and long ones (a toast's
 * auto-close progress bar) are not waited for.
 */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const timing = animation.effect?.getComputedTiming()
      const duration = typeof timing?.duration === 'number' ? timing.duration : 0
      return animation.playState !== 'running' || timing?.iterations === Infinity || duration > 2_000
    }),
  )
}

/** The serious and critical axe violations of the page once it is still, as `id: help` lines. */
export async function seriousViolations(page: Page) {
  await settleAnimations(page)
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)
}
