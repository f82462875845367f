import { expect, type Page } from '@playwright/test'

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
