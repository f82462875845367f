import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { seriousViolations } from './support/a11y'

/** Business onboarding: register a business (with live availability), its dashboard, invite a member who joins. */

async function outbox(request: APIRequestContext, to: string) {
  const res = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`)
  return (await res.json()) as { template: string; subject: string; text: string }[]
}

async function latestMail(request: APIRequestContext, to: string, template: string) {
  await expect.poll(async () => (await outbox(request, to)).some((m) => m.template === template)).toBe(true)
  return (await outbox(request, to)).find((m) => m.template === template)!
}

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8)

/** Signs up and activates an account through the API (the journey here is not about signing up). */
async function activeUser(request: APIRequestContext, firstName: string) {
  const id = unique()
  const email = `${firstName.toLowerCase()}.${id}@example.ng`
  const password = `Lagoon-${id}-Xy!`
  const signup = await request.post('/api/v1/accounts/signup', {
    data: { firstName, lastName: 'Okonkwo', email, phone: `0803${id.slice(-7)}`, password },
  })
  expect(signup.ok()).toBe(true)
  const token = /activate\?token=([A-Za-z0-9_-]+)/.exec((await latestMail(request, email, 'activation')).text)![1]!
  expect((await request.post('/api/v1/accounts/activate-account', { data: { token } })).status()).toBe(200)
  return { email, password }
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** A business registered through the API by someone else, whose registration number the journey then tries. */
async function existingBusiness(request: APIRequestContext) {
  const user = await activeUser(request, 'Bola')
  const login = await request.post('/api/v1/accounts/login', { data: { email: user.email, password: user.password } })
  const token = ((await login.json()) as { access_token: string }).access_token
  const [type] = (await (await request.get('/api/v1/business-types')).json()) as { id: string }[]
  const [category] = (await (await request.get('/api/v1/business-categories')).json()) as { id: string }[]
  const regNo = `RC${unique()}`
  const res = await request.post('/api/v1/businesses', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `Bola Ventures ${regNo}`,
      regNo,
      typeId: type!.id,
      categoryId: category!.id,
      email: `info.${regNo.toLowerCase()}@bola.ng`,
      phone: '08031112222',
      address: { line1: '3 Marina', country: 'Nigeria', state: 'Lagos' },
    },
  })
  expect(res.status()).toBe(201)
  return { regNo, name: `Bola Ventures ${regNo}`, owner: user }
}

test('a new owner registers a business, sees what is outstanding, and invites a member who joins and sees only it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000)
  const taken = await existingBusiness(request)
  const owner = await activeUser(request, 'Ada')

  await signIn(page, owner.email, owner.password)
  await expect(page).toHaveURL(/\/s\/businesses$/)
  await expect(page.getByRole('heading', { name: 'You have no business yet' })).toBeVisible()
  await page.getByRole('link', { name: 'Register a business' }).first().click()
  await expect(page).toHaveURL(/\/s\/businesses\/create-business$/)
  // The URL changes before the new page is drawn: wait for it, not for a field the old page may also have.
  await expect(page.getByRole('heading', { level: 1, name: 'Register a business' })).toBeVisible()

  // Live availability: a number another business already uses is refused while typing.
  const regNo = page.getByLabel('Registration number')
  await regNo.fill(taken.regNo.toLowerCase())
  await expect(page.getByText(`${taken.regNo} is already registered`)).toBeVisible()
  const fresh = `RC${unique()}`
  await regNo.fill(fresh)
  await expect(page.getByText(`${fresh} is available`)).toBeVisible()

  const name = `Ada Foods ${fresh} Limited`
  await page.getByLabel('Business name').fill(name)
  await page.getByLabel('Business type').selectOption({ label: 'Private Limited Company' })
  await page.getByLabel('Category').selectOption({ label: 'Agriculture and Agro-allied' })
  await page.getByLabel('Business e-mail').fill(`hello.${fresh.toLowerCase()}@adafoods.ng`)
  await page.getByLabel('Business phone').fill('0803 123 4567')
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('14 Broad Street')
  await expect(page.getByLabel('Country')).toHaveValue('Nigeria')
  await page.getByLabel('State').selectOption('Lagos')
  await page.getByLabel('Local government area').selectOption('Lagos Island')
  await page.getByRole('button', { name: 'Register business' }).click()

  // The dashboard of the new business, with what is outstanding.
  await expect(page).toHaveURL(/\/s\/businesses\/dashboard-details\?businessId=[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name })).toBeVisible()
  const progress = page.getByRole('list', { name: 'KYC progress' })
  await expect(progress.getByRole('listitem')).toHaveCount(5)
  await expect(page.getByText('0 of 5 steps done')).toBeVisible()
  await expect(progress.getByRole('link', { name: /Shareholders/ })).toHaveAttribute(
    'href',
    /\/s\/businesses\/dashboard-details\/kyc\?businessId=[0-9a-f-]{36}&step=SHAREHOLDERS$/,
  )
  const outstanding = page.getByRole('list', { name: 'Outstanding' })
  await expect(outstanding.getByText('Complete the company details')).toBeVisible()
  await expect(outstanding.getByText('Certificate of Incorporation missing')).toBeVisible()
  await expect(outstanding.getByText('No products yet')).toBeVisible()
  await expect(outstanding.getByText('Pending approval')).toHaveCount(0)
  await expect(outstanding.getByRole('link', { name: 'Continue KYC: Complete the company details' })).toHaveAttribute(
    'href',
    /\/s\/businesses\/dashboard-details\/kyc\?businessId=[0-9a-f-]{36}&step=COMPANY_DETAILS$/,
  )
  await expect(outstanding.getByRole('link', { name: 'Go to documents: Certificate of Incorporation missing' })).toHaveAttribute(
    'href',
    /\/s\/businesses\/kyc-document\?businessId=/,
  )
  await expect(page.getByText('1 user', { exact: true })).toBeVisible()

  // Invite a colleague who has no account yet.
  await page.getByRole('link', { name: 'Manage users' }).last().click()
  await expect(page).toHaveURL(/\/s\/businesses\/manage-users\?businessId=/)
  await expect(page.getByRole('rowheader', { name: /\(you\)/ })).toBeVisible()
  await page.getByRole('button', { name: 'Invite a user' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Invite a user' })
  const member = `chidi.${unique()}@example.ng`
  await dialog.getByLabel('E-mail address').fill(member)
  await dialog.getByLabel('First name (optional)').fill('Chidi')
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('row', { name: new RegExp(member.replace(/\./g, '\\.')) })
  await expect(row.getByText('Invitation sent')).toBeVisible()
  await expect(row.getByRole('cell', { name: 'Member' })).toBeVisible()

  // The colleague accepts from the e-mailed link and chooses a password.
  const invitation = await latestMail(request, member, 'business-invitation')
  const link = /(\/auth\/accept-invitation\?token=[A-Za-z0-9_%-]+)/.exec(invitation.text)![1]!
  const context = await browser.newContext()
  const colleague = await context.newPage()
  await colleague.goto(link)
  await expect(colleague.getByRole('heading', { name: 'Join your business' })).toBeVisible()
  const password = colleague.getByRole('textbox', { name: 'Password', exact: true })
  await password.fill('short')
  await expect(colleague.getByText('An uppercase letter')).toBeVisible()
  await password.fill('Harmattan-Breeze-44')
  // Setting the password signs the colleague in: no second form asking for the e-mail the invitation went to.
  await colleague.getByRole('button', { name: 'Set password and continue' }).click()
  await expect(colleague).toHaveURL(/\/s\/businesses$/)
  const list = colleague.getByRole('list', { name: 'Your businesses' })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByRole('heading', { name })).toBeVisible()
  await expect(list.getByText('Member')).toBeVisible()
  await context.close()
})

test('the existing-profile lookup shows a masked name and sends an access request the owner accepts', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000)
  const business = await existingBusiness(request)
  const requester = await activeUser(request, 'Emeka')
  await signIn(page, requester.email, requester.password)
  await expect(page).toHaveURL(/\/s\/businesses$/)

  const panel = page.getByRole('region', { name: 'Find an existing business profile' })
  await panel.getByLabel('Registration number or business e-mail').fill(business.regNo)
  await panel.getByRole('button', { name: 'Find the business' }).click()
  await expect(panel.getByText(/Bo\*\* Ve\*+ RC\*+/)).toBeVisible()
  await expect(panel.getByText(business.name)).toHaveCount(0)
  await panel.getByLabel('Message to the owners (optional)').fill('I keep the books')
  await panel.getByRole('button', { name: 'Ask for access' }).click()
  await expect(panel.getByRole('status')).toContainText('Request sent')

  // The owner finds the request on manage users (their only business is the chosen one) and accepts it.
  const context = await browser.newContext()
  const owner = await context.newPage()
  await signIn(owner, business.owner.email, business.owner.password)
  await expect(owner).toHaveURL(/\/s\/businesses$/)
  await owner.goto('/s/businesses/manage-users')
  const requests = owner.getByRole('list', { name: 'Pending access requests' })
  await expect(requests.getByText('I keep the books')).toBeVisible()
  await requests.getByRole('button', { name: 'Accept Emeka Okonkwo' }).click()
  await expect(owner.getByRole('row', { name: new RegExp(requester.email.replace(/\./g, '\\.')) })).toBeVisible()
  await expect(owner.getByText('No one is waiting for access.')).toBeVisible()
  await context.close()

  await page.reload()
  await expect(page.getByRole('list', { name: 'Your businesses' }).getByRole('heading', { name: business.name })).toBeVisible()
})

test('the business pages have no serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(90_000)

  await signIn(page, 'owner@example.com', 'Demo-Passw0rd!')
  await expect(page).toHaveURL(/\/s\/businesses$/)
  await expect(page.getByRole('list', { name: 'Your businesses' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Find the business' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole('button', { name: 'Open Adebayo Foods Limited' }).click()
  await expect(page.getByRole('list', { name: 'KYC progress' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Outstanding' })).toBeVisible()
  await expect(page.getByText(/^\d+ users?$/)).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.goto('/s/businesses/manage-users')
  await expect(page.getByRole('table', { name: 'Business users' }).getByRole('rowheader').first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.goto('/s/businesses/create-business')
  await expect(page.getByLabel('State')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  for (const [path, heading] of [
    ['/s/businesses/business-division', 'Divisions and their products'],
    ['/s/businesses/manage-roles', 'Manage roles'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
  }
})
