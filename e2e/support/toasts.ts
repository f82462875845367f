import { expect, type Page } from '@playwright/test'

/**
 * Closes every toast and waits until they are gone. A toast fading in or out has partly transparent text, which axe
 * reports as low contrast; checks of a page's steady state run after this.
 */
export async function dismissToasts(page: Page) {
  const toasts = page.locator('.Toastify__toast')
  // A toast that closes by itself meanwhile cannot be clicked any more; that is fine. One that arrives after the
  // clicks (a save answering late) is clicked on the next round.
  await expect(async () => {
    for (const toast of await toasts.all()) await toast.click({ timeout: 2_000 }).catch(() => undefined)
    await expect(toasts).toHaveCount(0, { timeout: 3_000 })
  }).toPass({ timeout: 20_000 })
}
