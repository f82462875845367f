import { expect, test } from '@playwright/test'

test('the home page says what the portal does and leads to sign up and sign in', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Onboard your business')
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/signup')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' })).toBeVisible()
})

test('the API answers health and its OpenAPI 3.1 contract on the same origin', async ({ request }) => {
  const health = await request.get('/api/v1/health')
  expect(health.status()).toBe(200)
  expect(await health.json()).toEqual({ status: 'ok' })
  const ready = await request.get('/api/v1/health/ready')
  expect((await ready.json()).checks.database.status).toBe('ok')
  const contract = await request.get('/api/v1/openapi.json')
  expect(contract.status()).toBe(200)
  const doc = await contract.json()
  expect(doc.openapi).toBe('3.1.0')
  expect(Object.keys(doc.paths)).toContain('/api/v1/audits/verify')
  const missing = await request.get('/api/v1/nope')
  expect(missing.status()).toBe(404)
  expect((await missing.json()).errors[0].code).toBe('ROUTE_NOT_FOUND')
})

test('a visitor without a session is sent from /s/ to login, remembering the path', async ({ request }) => {
  const res = await request.get('/s/businesses?tab=kyc', { maxRedirects: 0 })
  expect(res.status()).toBe(307)
  expect(res.headers()['location']).toBe('/auth/login?from=%2Fs%2Fbusinesses%3Ftab%3Dkyc')
  // A forged or stale cookie is no session either.
  const forged = await request.get('/s/businesses', { maxRedirects: 0, headers: { cookie: 'kyc_portal_session=forged' } })
  expect(forged.status()).toBe(307)
})

test('the browser lands on login when opening a protected page signed out', async ({ page }) => {
  await page.goto('/s/admin/businesses')
  await expect(page).toHaveURL(/\/auth\/login\?from=%2Fs%2Fadmin%2Fbusinesses$/)
})

test('the old path fragments redirect to the current pages', async ({ request }) => {
  const old = await request.get('/s/businesses/dashboardDetails/kyc', { maxRedirects: 0 })
  expect(old.status()).toBe(308)
  expect(old.headers()['location']).toBe('/s/businesses/dashboard-details/kyc')
  const preview = await request.get('/s/businesses/dashboard-details/kyc/preview', { maxRedirects: 0 })
  expect(preview.status()).toBe(308)
  expect(preview.headers()['location']).toBe('/s/businesses/dashboard-details/kyc/preview-form')
})
