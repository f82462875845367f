import { expect, type APIRequestContext, type Page } from '@playwright/test'

/** The password of every demo account (server/seed). */
export const DEMO_PASSWORD = 'Demo-Passw0rd!'

/** Eight digits for names, e-mail addresses and registration numbers no other run uses. */
export const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8)

/** The e-mails sent to `to`, from the dev outbox. */
export async function outbox(request: APIRequestContext, to: string) {
  const res = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`)
  return (await res.json()) as { template: string; subject: string; text: string }[]
}

/** The e-mail of this template sent to `to`, once it is there. */
export async function latestMail(request: APIRequestContext, to: string, template: string) {
  await expect.poll(async () => (await outbox(request, to)).some((m) => m.template === template)).toBe(true)
  return (await outbox(request, to)).find((m) => m.template === template)!
}

/**
 * Signs in on the login page (without waiting for where it leads; `from`: the page the login page is asked to go back
 * to). Workers sign the same demo accounts in at once, and
 * the API checks one password per account and address at a time: the other answers 429 with `Retry-After: 1`
 * (server/auth/throttles.ts, `withPasswordCheckSlot`). Such an answer is pressed again after that second, as a person
 * would; any other answer, a lock included, is left for the test to see.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, from?: string) {
  await page.goto(from ? `/auth/login?from=${encodeURIComponent(from)}` : '/auth/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  const button = page.getByRole('button', { name: 'Sign in' })
  for (let attempt = 1; ; attempt++) {
    const answer = page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/accounts/login',
    )
    await button.click()
    const res = await answer
    if (res.status() !== 429 || res.headers()['retry-after'] !== '1' || attempt === 8) return
    await expect(button).toBeEnabled()
    await page.waitForTimeout(1000)
  }
}

/**
 * How long a sign-in may take to land: argon2id verification, the lazily loaded form schema and the account read,
 * with every worker signing in at once on a loaded CI machine (5 s was once not enough).
 */
const SIGN_IN_LANDS_MS = 15_000

/**
 * The login call for an account, as the API answers it once it takes the password (its JSON text). The API lets one
 * password check per account and address run at a time and answers another at the same moment 429
 * (server/auth/throttles.ts); both workers sign the same demo accounts in, so a login that meets one waits and tries
 * again. Any other refusal, a lock included, fails the test.
 */
export async function logInThroughApi(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  for (let attempt = 1; ; attempt++) {
    const login = await request.post('/api/v1/accounts/login', { data: { email, password } })
    if (login.status() !== 429 || attempt === 10) {
      expect(login.status(), `${email}: ${await login.text()}`).toBe(200)
      return { text: await login.text(), origin: new URL(login.url()).origin }
    }
    await new Promise((resolve) => setTimeout(resolve, 300 * attempt))
  }
}

/**
 * Signs `page` in as the login form does, without the form (the form is what e2e/shell.spec.ts, accounts.spec.ts and
 * the journeys that call `signIn` test): the login call (logInThroughApi), then the portal's page-session cookie from
 * its own origin (pages/api/login.ts), and the login answer in sessionStorage (`user_auth_data`,
 * lib/session/storage.ts).
 */
async function signInThroughApi(page: Page, email: string, password: string) {
  const { text: authData, origin } = await logInThroughApi(page.request, email, password)
  const portal = await page.request.post('/api/login', {
    headers: { origin },
    data: { user_auth_data: JSON.parse(authData) as unknown },
  })
  expect(portal.status(), await portal.text()).toBe(200)
  await page.addInitScript((data) => {
    if (!window.sessionStorage.getItem('user_auth_data')) window.sessionStorage.setItem('user_auth_data', data)
  }, authData)
}

/** A demo staff account signs in (through the API, see signInThroughApi) and lands on the businesses list. */
export async function signInAsStaff(page: Page, email: string) {
  await signInThroughApi(page, email, DEMO_PASSWORD)
  await page.goto('/s/admin/businesses')
  await expect(page).toHaveURL(/\/s\/admin\/businesses$/, { timeout: SIGN_IN_LANDS_MS })
}

/** A business user signs in (through the API, see signInThroughApi) and lands on their businesses. */
export async function signInAsOwner(page: Page, email: string, password: string) {
  await signInThroughApi(page, email, password)
  await page.goto('/s/businesses')
  await expect(page).toHaveURL(/\/s\/businesses/, { timeout: SIGN_IN_LANDS_MS })
}

/** The API's bearer header for an account. */
export async function bearer(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const { text } = await logInThroughApi(request, email, password)
  return { authorization: `Bearer ${(JSON.parse(text) as { access_token: string }).access_token}` }
}

/** A new, active account (`<first>.<id>@example.ng`): signed up through the API and activated from the dev outbox. */
export async function activeUser(request: APIRequestContext, firstName: string, lastName: string) {
  const id = unique()
  const email = `${firstName.toLowerCase()}.${id}@example.ng`
  const password = `Lagoon-${id}-Xy!`
  const signup = await request.post('/api/v1/accounts/signup', {
    data: { firstName, lastName, email, phone: `0803${id.slice(-7)}`, password },
  })
  expect(signup.ok(), await signup.text()).toBe(true)
  const activation = await latestMail(request, email, 'activation')
  const token = /activate\?token=([A-Za-z0-9_-]+)/.exec(activation.text)![1]!
  expect((await request.post('/api/v1/accounts/activate-account', { data: { token } })).status()).toBe(200)
  return { id, email, password }
}

/** An active owner with a new RC business (`<name> <id>`, registration number RC<id>), made through the API. */
export async function ownerWithBusiness(
  request: APIRequestContext,
  owner: { firstName: string; lastName: string },
  business: { name: string; emailDomain: string },
) {
  const { id, email, password } = await activeUser(request, owner.firstName, owner.lastName)
  const [type] = (await (await request.get('/api/v1/business-types')).json()) as { id: string }[]
  const [category] = (await (await request.get('/api/v1/business-categories')).json()) as { id: string }[]
  const created = await request.post('/api/v1/businesses', {
    headers: await bearer(request, email, password),
    data: {
      name: `${business.name} ${id}`,
      regNo: `RC${id}`,
      typeId: type!.id,
      categoryId: category!.id,
      email: `info.${id}@${business.emailDomain}`,
      phone: '08031112222',
      address: { line1: '3 Marina', country: 'Nigeria', state: 'Lagos' },
    },
  })
  expect(created.status()).toBe(201)
  return {
    id,
    email,
    password,
    business: (await created.json()) as { id: string; name: string },
    bearer: () => bearer(request, email, password),
  }
}
