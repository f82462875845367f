import { describe, expect, it } from 'vitest'
import { apiPath } from '@/lib/http/api-path'

describe('apiPath', () => {
  it('encodes every value as one segment, as encodeURIComponent does, and leaves the literal parts alone', () => {
    expect(apiPath`/businesses/${'b-1'}/products`).toBe('/businesses/b-1/products')
    expect(apiPath`/businesses/${'a/b?c#d'}`).toBe('/businesses/a%2Fb%3Fc%23d')
    expect(apiPath`/deferrals/deferrable-days/${30}`).toBe('/deferrals/deferrable-days/30')
    expect(apiPath`/files/${'f 1'}?purpose=${'Answering a support inquiry'}`).toBe(
      '/files/f%201?purpose=Answering%20a%20support%20inquiry',
    )
    expect(apiPath`/health`).toBe('/health')
  })
})
