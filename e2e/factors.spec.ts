import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { bearer, latestMail, ownerWithBusiness, unique } from './support/accounts'
import { completeKyc, type KycAnswers } from './support/kyc-api'
import { ageTheSessionsProof } from './support/step-up'
import { dismissToasts } from './support/toasts'

/**
 * Issue 37: a staff user sets up an authenticator app from their profile, signs in with a code from it, and a reveal
 * after the 5-minute step-up window asks for a fresh code in place, then shows the number.
 */
const BVN = '22375319921'
const KYC: KycAnswers = {
  details: {
    tin: '12345678-0002',
    incorporationDate: '2018-03-12',
    natureOfBusiness: 'Agro processing',
    numberOfEmployees: 12,
    annualTurnover: 45000000,
    countryOfIncorporation: 'Nigeria',
  },
  address: { type: 'REGISTERED', line1: '4 Mill Road', city: 'Kano', country: 'Nigeria', state: 'Kano', lga: 'Nasarawa' },
  shareholder: { type: 'INDIVIDUAL', firstName: 'Musa', lastName: 'Danjuma', nationality: 'Nigeria', bvn: BVN, percentage: 100 },
  meansOfId: {
    firstName: 'Musa',
    lastName: 'Danjuma',
    role: 'DIRECTOR',
    idType: 'NATIONAL_ID_CARD',
    idNumber: '64208531971',
    bvn: BVN,
  },
}

const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({
    timestamp: at,
  })

/** A new staff approver, invited through four-eyes (superadmin asks, approver@ approves) and activated by the invitation. */
async function newStaffApprover(request: APIRequestContext) {
  const email = `factor.${unique()}@example.ng`
  const password = `Harmattan-${unique()}-Zq!`
  const admin = await bearer(request, 'superadmin@example.com')
  const roles = (await (await request.get('/api/v1/roles?scope=staff', { headers: admin })).json()) as {
    id: string
    name: string
  }[]
  const approverRole = roles.find((r) => r.name === 'APPROVER')!
  const asked = await request.post('/api/v1/users', {
    headers: admin,
    data: { email, firstName: 'Zainab', lastName: 'Factor', roleIds: [approverRole.id] },
  })
  expect(asked.status(), await asked.text()).toBe(202)
  const { id } = (await asked.json()) as { id: string }
  const decided = await request.put(`/api/v1/authorizations/${id}`, {
    headers: await bearer(request, 'approver@example.com'),
    data: { decision: 'APPROVED' },
  })
  expect(decided.status(), await decided.text()).toBe(200)
  const invitation = await latestMail(request, email, 'staff-invitation')
  const token = /token=([^\s&]+)/.exec(invitation.text)![1]!
  const accepted = await request.post('/api/v1/accounts/accept-invitation', {
    data: { token: decodeURIComponent(token), password },
  })
  expect(accepted.status(), await accepted.text()).toBe(200)
  return { email, password }
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/auth/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('a staff user enrols an authenticator app, signs in with it, and a late reveal asks for a fresh code', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const staff = await newStaffApprover(request)
  const owner = await ownerWithBusiness(
    request,
    { firstName: 'Musa', lastName: 'Danjuma' },
    { name: `Danjuma Mills ${unique()}`, emailDomain: 'danjuma.ng' },
  )
  await completeKyc(request, await owner.bearer(), owner.business.id, KYC)

  // First sign-in: a password is enough while STAFF_MFA is optional (the e2e server's setting).
  await passwordStep(page, staff.email, staff.password)
  await expect(page).not.toHaveURL(/\/auth\/login/, { timeout: 20_000 })
  await page.goto('/profile')
  const factors = page.getByRole('region', { name: 'Second factors' })
  await expect(factors.getByText('You have no second factor yet')).toBeVisible({ timeout: 20_000 })
  await factors.getByRole('button', { name: 'Add an authenticator app' }).click()
  await factors.getByLabel('Name this factor').fill('Work phone')
  await factors.getByRole('button', { name: 'Set up an authenticator app' }).click()
  await expect(factors.getByRole('img', { name: /QR code for your authenticator app/ })).toBeVisible()
  const secret = (await factors.getByLabel('Setup key').innerText()).replace(/\s+/g, '')
  // A wrong code is refused on the field.
  await factors.getByLabel('Code from the app').fill('000000')
  await factors.getByRole('button', { name: 'Confirm' }).click()
  await expect(factors.getByText(/That code does not match/)).toBeVisible()
  await factors.getByLabel('Code from the app').fill(codeAt(secret, Date.now()))
  await factors.getByRole('button', { name: 'Confirm' }).click()
  await expect(factors.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)
  await factors.getByRole('button', { name: /I have saved my codes/ }).click()
  await expect(factors.getByRole('list', { name: 'Your second factors' })).toContainText('Work phone')

  // Signing in again asks for the code after the password.
  await page.context().clearCookies()
  await page.evaluate(() => window.sessionStorage.clear())
  await passwordStep(page, staff.email, staff.password)
  const code = page.getByLabel('6-digit code from your authenticator app')
  await expect(code).toBeVisible()
  // Enrolment spent this step's code: the next step's is the one to use (accepted one step ahead).
  const signInStep = Math.floor((Date.now() + 30_000) / 30_000)
  await code.fill(codeAt(secret, Date.now() + 30_000))
  await page.getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(page).not.toHaveURL(/\/auth\/login/, { timeout: 20_000 })

  // Over 5 minutes later (the development server can age the session's proof), a reveal asks for a fresh code.
  await ageTheSessionsProof(page)
  await page.goto(`/s/admin/approvals/business/business-preview?id=${owner.business.id}`)
  await expect(page.getByRole('heading', { name: owner.business.name })).toBeVisible({ timeout: 20_000 })
  await dismissToasts(page)
  await page.getByRole('button', { name: 'Reveal BVN of Musa Danjuma' }).click()
  const reveal = page.getByRole('alertdialog', { name: 'Reveal the BVN of Musa Danjuma' })
  await reveal.getByLabel('Why do you need it?').fill('Matching the BVN against the bank mandate')
  await reveal.getByRole('button', { name: 'Reveal' }).click()
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' })
  await expect(stepUp).toBeVisible()
  // A code is never taken twice: wait until the clock reaches the sign-in's step, then use the step after it.
  const wait = signInStep * 30_000 - Date.now() + 500
  if (wait > 0) await page.waitForTimeout(wait)
  await stepUp.getByLabel('6-digit code from your authenticator app').fill(codeAt(secret, Date.now() + 30_000))
  await stepUp.getByRole('button', { name: 'Confirm and continue' }).click()
  await expect(stepUp).toBeHidden()
  await expect(page.getByText(BVN)).toBeVisible()
})
