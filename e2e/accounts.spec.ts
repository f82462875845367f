import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { activeUser, bearer, signInAsOwner } from './support/accounts'

const DEMO_PASSWORD = 'Demo-Passw0rd!'

async function latestMail(request: APIRequestContext, to: string, template: string) {
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`)
      return ((await res.json()) as { template: string }[]).some((m) => m.template === template)
    })
    .toBe(true)
  const mails = (await (await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as {
    template: string
    subject: string
    text: string
  }[]
  return mails.find((m) => m.template === template)!
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('sign up, activate from the e-mailed link, sign in and land on the business area', async ({ page, request }) => {
  const email = `e2e.${Date.now()}@example.ng`
  await page.goto('/auth/signup')
  await page.getByLabel('First name').fill('Ngozi')
  await page.getByLabel('Last name').fill('Adeyemi')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Phone number').fill('08031234567')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('weak')
  await expect(page.getByText('An uppercase letter')).toBeVisible()
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Harmattan-Breeze-26')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/auth\/signup\/success/)
  await expect(page.getByRole('status')).toContainText(email)

  const activation = await latestMail(request, email, 'activation')
  const link = /(\/auth\/activate\?token=[A-Za-z0-9_%-]+)/.exec(activation.text)![1]!
  await page.goto(link)
  await expect(page.getByText('Your account is active')).toBeVisible()
  await page.getByRole('link', { name: 'Sign in' }).click()

  await signIn(page, email, 'Harmattan-Breeze-26')
  await expect(page).toHaveURL(/\/s\/businesses$/)
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user_auth_data') ?? 'null'))
  expect(stored.user.email).toBe(email)
  const cookies = await page.context().cookies()
  const session = cookies.find((c) => c.name === 'kyc_portal_session')
  expect(session?.httpOnly).toBe(true)
  expect(cookies.find((c) => c.name === 'XSRF-TOKEN')?.httpOnly).toBe(false)
})

test('a signed-out visit to an admin page goes to login and back after signing in as staff', async ({ page }) => {
  await page.goto('/s/admin/businesses?approvalStatus=PENDING')
  await expect(page).toHaveURL(/\/auth\/login\?from=%2Fs%2Fadmin%2Fbusinesses%3FapprovalStatus%3DPENDING$/)
  await signIn(page, 'superadmin@example.com', DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/s\/admin\/businesses\?approvalStatus=PENDING$/)
})

test('a wrong password shows the API message as a toast', async ({ page }) => {
  await page.goto('/auth/login')
  await signIn(page, 'officer@example.com', 'Not-The-Passw0rd')
  await expect(page.getByText('The e-mail or password is wrong, or the account is not activated yet.')).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/login/)
})

test('forgot password end to end: code by e-mail, new password, sign in with it', async ({ page, request }) => {
  const email = `reset.${Date.now()}@example.ng`
  await request.post('/api/v1/accounts/signup', {
    data: { firstName: 'Kunle', lastName: 'Ojo', email, phone: '08091112222', password: 'First-Passw0rd-1' },
  })
  const link = /activate\?token=([A-Za-z0-9_-]+)/.exec((await latestMail(request, email, 'activation')).text)![1]!
  expect((await request.post('/api/v1/accounts/activate-account', { data: { token: link } })).status()).toBe(200)

  await page.goto('/auth/forgot-password')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Send me a code' }).click()
  const otp = /\b(\d{10})\b/.exec((await latestMail(request, email, 'password-reset')).text)![1]!
  await page.getByLabel('10-digit code').fill(otp)
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Second-Passw0rd-2')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  await signIn(page, email, 'Second-Passw0rd-2')
  await expect(page).toHaveURL(/\/s\/businesses$/)
})

test('signing out clears the cookie and sessionStorage, and /s/ pages redirect again', async ({ page }) => {
  await page.goto('/auth/login?from=%2Fprofile')
  await signIn(page, 'owner@example.com', DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible()
  await page.getByRole('button', { name: /^Account menu for / }).click()
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  expect(await page.evaluate(() => sessionStorage.getItem('user_auth_data'))).toBeNull()
  expect((await page.context().cookies()).find((c) => c.name === 'kyc_portal_session')).toBeUndefined()
  await page.goto('/s/user-profile-preference')
  await expect(page).toHaveURL(/\/auth\/login\?from=%2Fs%2Fuser-profile-preference$/)
})

test('the profile lists the signed-in sessions, and "sign out everywhere else" ends the other one', async ({ page, request }) => {
  const { email, password } = await activeUser(request, 'Bisi', 'Lawal')
  const otherDevice = await bearer(request, email, password)
  await signInAsOwner(page, email, password)
  await page.goto('/profile')
  const sessions = page.getByRole('region', { name: 'Signed-in sessions' })
  await expect(sessions.getByRole('listitem')).toHaveCount(2)
  await expect(sessions.getByText('This device', { exact: true })).toHaveCount(1)

  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere else?' })
  await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  expect((await request.get('/api/v1/accounts/me', { headers: otherDevice })).status()).toBe(401)
})

test('a cross-site POST to /api/logout without the XSRF header is refused', async ({ page, request }) => {
  await page.goto('/auth/login')
  await signIn(page, 'auditor@example.com', DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/s\/admin\/businesses$/)
  const cookieHeader = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')

  const crossSite = await request.post('/api/logout', {
    data: {},
    headers: { cookie: cookieHeader, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  })
  expect(crossSite.status()).toBe(403)
  const noHeader = await request.post('/api/logout', { data: {}, headers: { cookie: cookieHeader } })
  expect(noHeader.status()).toBe(403)
  // Still signed in: the portal session survived both attempts.
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/profile$/)
})

test('every page carries the security headers', async ({ request }) => {
  const res = await request.get('/auth/login')
  const headers = res.headers()
  expect(headers['content-security-policy']).toContain("object-src 'none'")
  expect(headers['content-security-policy']).toContain("base-uri 'none'")
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  const api = await request.get('/api/v1/health')
  expect(api.headers()['x-content-type-options']).toBe('nosniff')
  expect(api.headers()['content-security-policy']).toContain("default-src 'none'")
})
