import { describe, expect, it } from 'vitest'
import { isDirectApiUrl } from '@/server/lifecycle/api-direct'

describe('isDirectApiUrl (server/lifecycle/api-direct.ts)', () => {
  it('takes plain API paths, with or without a query', () => {
    for (const url of [
      '/api/v1',
      '/api/v1/health',
      '/api/v1/openapi.json',
      '/api/v1/businesses/1187159b-3205-4f85-936e-3bef3ac690c7',
      '/api/v1/businesses?businessName=ltd%20co&pageSize=20',
      '/api/v1/kyc/addresses/all-kyc/1187159b-3205-4f85-936e-3bef3ac690c7?x=%zz',
    ])
      expect(isDirectApiUrl(url), url).toBe(true)
  })

  it('leaves to Next what it normalises, redirects or refuses first, and every other route', () => {
    for (const url of [
      undefined,
      '',
      '/',
      '/api/v1/',
      '/api/v1/health/',
      '/api/v1//health',
      '/api/v1\\health',
      '/api/v1/./health',
      '/api/v1/../login',
      '/api/v1/health/..',
      '/api/v1/.hidden',
      '/api/v1/%zz',
      '/api/v1/businesses/%41',
      '/api/v1x',
      '/api/v10/health',
      '/api/login',
      '/s/businesses',
      'http://example.com/api/v1/health',
    ])
      expect(isDirectApiUrl(url), String(url)).toBe(false)
  })
})
