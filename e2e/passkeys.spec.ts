import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

/*
 * A passkey enrolled from the profile, then used at the sign-in's second step, with Chromium's virtual authenticator
 * (DevTools protocol: WebAuthn domain). Browsers refuse WebAuthn on an IP address, so this spec opens the portal at
 * localhost, which e2e/global-setup.ts makes its PUBLIC_URL (the relying party: docs/security.md#passkeys).
 */
const port = Number(process.env.E2E_PORT ?? 3100)
test.use({ baseURL: `http://localhost:${port}` })

const PASSWORD = 'Passkey-Harmattan-26'

async function activatedUser(request: APIRequestContext) {
  const email = `passkey.${Date.now()}@example.ng`
  const signup = await request.post('/api/v1/accounts/signup', {
    data: { firstName: 'Zainab', lastName: 'Bello', email, phone: '08031112233', password: PASSWORD },
  })
  expect(signup.ok(), await signup.text()).toBe(true)
  let token = ''
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
        template: string
        text: string
      }[]
      const activation = mails.find((m) => m.template === 'activation')
      token = activation ? /activate\?token=([A-Za-z0-9_-]+)/.exec(activation.text)![1]! : ''
      return token
    })
    .not.toBe('')
  expect((await request.post('/api/v1/accounts/activate-account', { data: { token } })).status()).toBe(200)
  return email
}

async function enterPassword(page: Page, email: string) {
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('a user adds a passkey on the profile, then signs in with it', async ({ page, request }) => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  })
  const email = await activatedUser(request)

  await page.goto('/auth/login?from=%2Fprofile')
  await enterPassword(page, email)
  await expect(page).toHaveURL(/\/profile$/)
  await page.getByLabel('Name of the passkey').fill('This laptop')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  // The first factor brings the recovery codes, shown once.
  await expect(page.getByRole('region', { name: 'Recovery codes' })).toBeVisible()
  await page.getByRole('button', { name: /I have saved my codes/ }).click()
  await expect(page.getByRole('list', { name: 'Your second factors' })).toContainText('This laptop · passkey')
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0]!.signCount).toBeGreaterThanOrEqual(0)

  await page.getByRole('button', { name: /^Account menu for / }).click()
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)

  await enterPassword(page, email)
  await page.getByRole('button', { name: 'Use a passkey' }).click()
  await expect(page).toHaveURL(/\/s\/businesses$/)
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user_auth_data') ?? 'null'))
  expect(stored.user.email).toBe(email)
})
