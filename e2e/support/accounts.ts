import { expect, type APIRequestContext, type Page } from '@playwright/test'

/** The password of every demo account (server/seed). */
export const DEMO_PASSWORD = 'Demo-Passw0rd!'

/** Eight digits for names, e-mail addresses and registration numbers no other run uses. */
export const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8)

/** The e-mails sent to `to`, from the dev outbox. */
export async function outbox(request: APIRequestContext, to: string) {
  const res = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`)
  return (await res.json()) as { template: string; text: string }[]
}

/** The e-mail of this template sent to `to`, once it is there. */
export async function latestMail(request: APIRequestContext, to: string, template: string) {
  await expect.poll(async () => (await outbox(request, to)).some((m) => m.template === template)).toBe(true)
  return (await outbox(request, to)).find((m) => m.template === template)!
}

/** Signs in on the login page (without waiting for where it leads). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * How long a sign-in may take to land: argon2id verification, the lazily loaded form schema and the account read,
 * with every worker signing in at once on a loaded CI machine (5 s was once not enough).
 */
const SIGN_IN_LANDS_MS = 15_000

/** A demo staff account signs in and lands on the businesses list. */
export async function signInAsStaff(page: Page, email: string) {
  await signIn(page, email)
  await expect(page).toHaveURL(/\/s\/admin\/businesses$/, { timeout: SIGN_IN_LANDS_MS })
}

/** A business user signs in and lands on their businesses. */
export async function signInAsOwner(page: Page, email: string, password: string) {
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/s\/businesses/, { timeout: SIGN_IN_LANDS_MS })
}

/** The API's bearer header for an account. */
export async function bearer(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/v1/accounts/login', { data: { email, password } })
  expect(res.status(), await res.text()).toBe(200)
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` }
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
