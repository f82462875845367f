import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { href, paths } from '@/lib/navigation/paths'

describe('paths', () => {
  it('builds the query with URLSearchParams (a space as %20), leaving out empty values, and appends the hash', () => {
    expect(href('/s/x')).toBe('/s/x')
    expect(href('/s/x', { a: '1', b: '', c: null, d: undefined, e: 'x y&z+' })).toBe('/s/x?a=1&e=x%20y%26z%2B')
    expect(href('/s/x', { a: '1' }, 'top')).toBe('/s/x?a=1#top')
  })

  it('puts the chosen business in the query of the business area, and nothing without one', () => {
    expect(paths.business.dashboard('b-1')).toBe('/s/businesses/dashboard-details?businessId=b-1')
    expect(paths.business.dashboard()).toBe('/s/businesses/dashboard-details')
    expect(paths.business.kyc('b-1', 'ADDRESSES')).toBe('/s/businesses/dashboard-details/kyc?businessId=b-1&step=ADDRESSES')
    expect(paths.business.kycStep('b-1', 'PREVIEW')).toBe('/s/businesses/dashboard-details/kyc/preview-form?businessId=b-1')
    expect(paths.business.deferrals('b-1')).toBe('/s/businesses/kyc-document?businessId=b-1#kyc-deferrals-heading')
    expect(paths.business.productApplication('CARDS', 'b-1')).toBe('/s/products/ProductKyc?productCode=CARDS&businessId=b-1')
    expect(paths.business.productApplication('CARDS')).toBe('/s/products/ProductKyc?productCode=CARDS')
  })

  it('names the record of a staff screen by `id`', () => {
    expect(paths.approvals.businessPreview('b-1')).toBe('/s/admin/approvals/business/business-preview?id=b-1')
    expect(paths.approvals.businessPreview()).toBe('/s/admin/approvals/business/business-preview')
    expect(paths.approvals.cacDocumentDetails('k-1')).toBe('/s/admin/approvals/cac-doc/details?id=k-1')
    expect(paths.approvals.deferralDetails('d-1')).toBe('/s/admin/approvals/deferral/details?id=d-1')
    expect(paths.admin.productConfigDetails()).toBe('/s/admin/product-config/details')
  })

  it('remembers where to return after login, encoded', () => {
    expect(paths.auth.login()).toBe('/auth/login')
    expect(paths.auth.login('/s/businesses?tab=kyc')).toBe('/auth/login?from=%2Fs%2Fbusinesses%3Ftab%3Dkyc')
    expect(paths.auth.signupSuccess('a+b@example.com')).toBe('/auth/signup/success?email=a%2Bb%40example.com')
  })
})

describe('screen links in the source', () => {
  const sourceFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) return name === '__tests__' || full === path.join('pages', 'api') ? [] : sourceFiles(full)
      return /\.(ts|tsx)$/.test(name) ? [full] : []
    })
  const isComment = (line: string) => /^\s*(\*|\/\/|\/\*)/.test(line)

  it('spells no screen path (`/s/…`, `/auth/…`) outside lib/navigation/paths.ts', () => {
    const screenPath = /['"`]\/(s|auth)\//
    const offenders = ['features', 'components', 'pages'].flatMap(sourceFiles).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => !isComment(line) && screenPath.test(line))
        .map(({ at }) => at),
    )
    expect(offenders).toEqual([])
  })
})
