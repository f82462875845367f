import { expect, test } from '@playwright/test'

// Found by the contract fuzz (tests/contract-fuzz): Next itself answers a URL it cannot decode, before the API runs,
// and answered it with an HTML page.
test('an API URL whose percent-escape is not UTF-8 gets the catalogue error body', async ({ request }) => {
  const res = await request.get('/api/v1/files/%ED%A0%80')
  expect(res.status()).toBe(400)
  expect(res.headers()['content-type']).toMatch(/^application\/json/)
  expect(await res.json()).toEqual({
    errors: [{ code: 'VALIDATION_FAILED', message: 'The address is not valid: a percent-escape is not UTF-8', field: 'path' }],
  })
})

// A load balancer reuses an idle connection for up to 60 s; Node closes one after 5 s unless told otherwise, and a
// request sent on a connection it has just closed fails (a 502 through the balancer, ECONNRESET here).
test('the server keeps an idle connection open 65 s, past a load balancer’s 60 s', async ({ request }) => {
  const res = await request.get('/api/v1/health')
  expect(res.status()).toBe(200)
  expect(res.headers()['keep-alive']).toBe('timeout=65')
})
