import { describe, expect, it } from 'vitest'
import { api, errorsOf, signedInUser } from './helpers'

// Found by the contract fuzz (tests/contract-fuzz): these dates reached PostgreSQL and answered 500.
describe('date filters of the lists', () => {
  const lists = [
    '/businesses',
    '/archive/businesses',
    '/businesses/for-approval',
    '/deferrals/reviews',
    '/kyc/cac-documents-for-reviews',
    '/reports/businesses',
    '/reports/businesses/summary',
    '/audits',
  ]

  it.each(lists)('GET %s refuses a day PostgreSQL cannot hold, naming the filter', async (path) => {
    const { token } = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    for (const [name, value] of [
      ['to', '9999-12-31'],
      ['from', '0000-01-01'],
      ['to', '0001-01-01T00:00:00+14:00'],
    ]) {
      const res = await api(`${path}?${name}=${encodeURIComponent(value!)}`, { token })
      expect(res.status, `${path}?${name}=${value}`).toBe(400)
      expect(await errorsOf(res)).toEqual([
        { code: 'VALIDATION_FAILED', message: 'must be between 1900-01-01 and 9998-12-31', field: name },
      ])
    }
  })

  // The summary has its own limit on the range's length.
  it.each(lists.filter((path) => !path.endsWith('/summary')))('GET %s still takes the range edges', async (path) => {
    const { token } = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const res = await api(`${path}?from=1900-01-01&to=9998-12-31`, { token })
    expect(res.status).toBe(200)
  })
})
