import { describe, expect, it } from 'vitest'
import { findFormPath } from '@/lib/navigation/form-path'
import { isAuthPath, isIdleWatchedPath, loginPathFrom, pageViewPath, pathnameOf } from '@/lib/navigation/route-paths'

describe('findFormPath (spec section 2: case-insensitive)', () => {
  const forms = [
    { formName: 'Company Details', formPath: '/s/businesses/dashboard-details/kyc?step=company' },
    { formName: 'ADDRESSES', formPath: '/s/businesses/dashboard-details/kyc?step=addresses' },
    { formName: 'Means of ID', formPath: '/s/businesses/dashboard-details/kyc?step=means-of-id' },
  ]

  it('finds a form whatever the case of the name asked for and of the name stored', () => {
    expect(findFormPath(forms, 'company details')).toBe(forms[0]!.formPath)
    expect(findFormPath(forms, 'COMPANY DETAILS')).toBe(forms[0]!.formPath)
    expect(findFormPath(forms, 'Addresses')).toBe(forms[1]!.formPath)
    expect(findFormPath(forms, 'means OF id')).toBe(forms[2]!.formPath)
  })

  it('ignores surrounding spaces', () => {
    expect(findFormPath(forms, '  Company details ')).toBe(forms[0]!.formPath)
  })

  it('answers undefined for an unknown, empty or missing name, or no forms', () => {
    expect(findFormPath(forms, 'Shareholders')).toBeUndefined()
    expect(findFormPath(forms, '')).toBeUndefined()
    expect(findFormPath(forms, '   ')).toBeUndefined()
    expect(findFormPath(forms, undefined)).toBeUndefined()
    expect(findFormPath(null, 'Addresses')).toBeUndefined()
    expect(findFormPath([], 'Addresses')).toBeUndefined()
  })

  it('does not match a part of a name', () => {
    expect(findFormPath(forms, 'Company')).toBeUndefined()
  })

  it('takes the first of two forms whose names differ only in case', () => {
    expect(
      findFormPath(
        [
          { formName: 'kyc', formPath: '/a' },
          { formName: 'KYC', formPath: '/b' },
        ],
        'Kyc',
      ),
    ).toBe('/a')
  })
})

describe('route helpers', () => {
  it('pathnameOf drops the query, the hash and a trailing slash', () => {
    expect(pathnameOf('/s/businesses?tab=kyc#top')).toBe('/s/businesses')
    expect(pathnameOf('/s/businesses/')).toBe('/s/businesses')
    expect(pathnameOf('/')).toBe('/')
  })

  it('watches for idleness only where the path (not the query) contains /s/', () => {
    expect(isIdleWatchedPath('/s/businesses')).toBe(true)
    expect(isIdleWatchedPath('/s/user-profile-preference?x=1')).toBe(true)
    expect(isIdleWatchedPath('/s/admin/approvals/cac-doc/details')).toBe(true)
    expect(isIdleWatchedPath('/profile')).toBe(false)
    expect(isIdleWatchedPath('/auth/login?from=%2Fs%2Fbusinesses')).toBe(false)
    expect(isIdleWatchedPath('/auth/login?from=/s/businesses')).toBe(false)
    expect(isIdleWatchedPath('/products')).toBe(false)
    expect(isIdleWatchedPath(undefined)).toBe(false)
  })

  it('loginPathFrom keeps the path and query in `from`, drops the hash, and never points back at an auth page', () => {
    expect(loginPathFrom('/s/businesses?tab=kyc#x')).toBe('/auth/login?from=%2Fs%2Fbusinesses%3Ftab%3Dkyc')
    expect(loginPathFrom('/profile')).toBe('/auth/login?from=%2Fprofile')
    expect(loginPathFrom('/auth/login?from=%2Fprofile')).toBe('/auth/login')
    expect(loginPathFrom('')).toBe('/auth/login')
    expect(loginPathFrom(null)).toBe('/auth/login')
  })

  it('loginPathFrom refuses anything but a same-site path', () => {
    expect(loginPathFrom('https://evil.example/s/x')).toBe('/auth/login')
    expect(loginPathFrom('//evil.example/s/x')).toBe('/auth/login')
    expect(loginPathFrom('/\\evil.example')).toBe('/auth/login')
  })

  it('isAuthPath', () => {
    expect(isAuthPath('/auth/signup/success')).toBe(true)
    expect(isAuthPath('/authority')).toBe(false)
  })

  it('a page view records the path only, never a query that could carry a token', () => {
    expect(pageViewPath('/auth/activate?token=secret')).toBe('/auth/activate')
    expect(pageViewPath('/s/businesses#kyc')).toBe('/s/businesses')
    expect(pageViewPath('')).toBe('/')
  })
})
