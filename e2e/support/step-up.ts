import { expect, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from './accounts'

/**
 * Moves the signed-in session's last proof over 5 minutes into the past (the development server's
 * `POST /dev/sessions/current/expire-proof`), so the next sensitive action asks "Confirm it is you".
 */
export async function ageTheSessionsProof(page: Page) {
  const status = await page.evaluate(async () => {
    const token = (JSON.parse(window.sessionStorage.getItem('user_auth_data') ?? '{}') as { access_token?: string }).access_token
    return (
      await fetch('/api/v1/dev/sessions/current/expire-proof', { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    ).status
  })
  expect(status).toBe(204)
}

/** Answers the "Confirm it is you" dialog the last action opened with the demo password (a user holding no factor). */
export async function confirmWithPassword(page: Page) {
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' })
  await expect(stepUp).toBeVisible()
  await stepUp.getByRole('textbox', { name: 'Your password' }).fill(DEMO_PASSWORD)
  await stepUp.getByRole('button', { name: 'Confirm and continue' }).click()
  await expect(stepUp).toBeHidden()
}
