import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Scrolls to a section that loads when the reader nears it (components/layouts/when-near-viewport.tsx: the review's
 * ownership, screening and risk) and waits until it has loaded: its region keeps its name throughout and is busy until
 * then. Answers the region.
 */
export async function reachSection(page: Page, name: string): Promise<Locator> {
  const region = page.getByRole('region', { name, exact: true })
  // The placeholder may be swapped for the section while the scroll waits for it to be stable: try again.
  await expect(async () => {
    await region.scrollIntoViewIfNeeded({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await expect(region).not.toHaveAttribute('aria-busy', 'true', { timeout: 20_000 })
  return region
}
