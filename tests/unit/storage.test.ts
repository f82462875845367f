// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  captureChannel,
  clearBusinessId,
  clearCrmFlow,
  clearExternalBusinessUrl,
  clearKycIsCompleted,
  clearSelectedStep,
  clearSession,
  clearSourceProduct,
  getAccessToken,
  getAuthData,
  getBusinessId,
  getChannel,
  getExternalBusinessUrl,
  getSelectedStep,
  getSourceProduct,
  isCrmFlow,
  isKycCompleted,
  isLoggedIn,
  setAuthData,
  setBusinessId,
  setCrmFlow,
  setExternalBusinessUrl,
  setKycIsCompleted,
  setSelectedStep,
  setSourceProduct,
} from '@/lib/session/storage'

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})
afterEach(() => vi.restoreAllMocks())

describe('user_auth_data', () => {
  it('stores the login answer whole and reads it back', () => {
    const answer = { access_token: 'a.b.c', token_type: 'Bearer' as const, expires_in: 1800, user: { id: 'u', email: 'a@b.ng' } }
    expect(setAuthData(answer)).toBe(true)
    expect(JSON.parse(sessionStorage.getItem('user_auth_data') ?? '')).toEqual(answer)
    expect(getAuthData()).toEqual(answer)
    expect(getAccessToken()).toBe('a.b.c')
    expect(isLoggedIn()).toBe(true)
  })

  it('reads the token from accessToken when access_token is absent or empty', () => {
    sessionStorage.setItem('user_auth_data', JSON.stringify({ accessToken: 'legacy' }))
    expect(getAccessToken()).toBe('legacy')
    sessionStorage.setItem('user_auth_data', JSON.stringify({ access_token: '', accessToken: 'legacy' }))
    expect(getAccessToken()).toBe('legacy')
  })

  it('logged in is true for any parseable object, even without a token', () => {
    sessionStorage.setItem('user_auth_data', '{}')
    expect(isLoggedIn()).toBe(true)
    expect(getAccessToken()).toBeNull()
  })

  it('treats corrupt JSON and non-objects as no auth data', () => {
    for (const raw of ['{not json', '', 'undefined', 'null', '"text"', '42', '[1,2]', 'true']) {
      sessionStorage.setItem('user_auth_data', raw)
      expect(getAuthData()).toBeNull()
      expect(isLoggedIn()).toBe(false)
      expect(getAccessToken()).toBeNull()
    }
  })

  it('is absent before sign-in', () => {
    expect(getAuthData()).toBeNull()
    expect(isLoggedIn()).toBe(false)
  })
})

describe('session flags and values', () => {
  it('selectedStep: set, read, clear', () => {
    expect(getSelectedStep()).toBeNull()
    setSelectedStep(3)
    expect(sessionStorage.getItem('selectedStep')).toBe('3')
    expect(getSelectedStep()).toBe('3')
    setSelectedStep('shareholders')
    expect(getSelectedStep()).toBe('shareholders')
    clearSelectedStep()
    expect(getSelectedStep()).toBeNull()
  })

  it('setKycIsCompleted: set, read, clear', () => {
    expect(isKycCompleted()).toBe(false)
    setKycIsCompleted()
    expect(sessionStorage.getItem('setKycIsCompleted')).toBe('true')
    expect(isKycCompleted()).toBe(true)
    clearKycIsCompleted()
    expect(isKycCompleted()).toBe(false)
    sessionStorage.setItem('setKycIsCompleted', 'false')
    expect(isKycCompleted()).toBe(false)
  })

  it('crmFlow: true when set', () => {
    expect(isCrmFlow()).toBe(false)
    setCrmFlow()
    expect(isCrmFlow()).toBe(true)
    sessionStorage.setItem('crmFlow', '1')
    expect(isCrmFlow()).toBe(true)
    sessionStorage.setItem('crmFlow', '')
    expect(isCrmFlow()).toBe(false)
    setCrmFlow()
    clearCrmFlow()
    expect(isCrmFlow()).toBe(false)
  })

  it('businessId and externalBusinessUrl', () => {
    setBusinessId('b-1')
    setExternalBusinessUrl('https://registry.example/b-1')
    expect(getBusinessId()).toBe('b-1')
    expect(getExternalBusinessUrl()).toBe('https://registry.example/b-1')
    clearBusinessId()
    clearExternalBusinessUrl()
    expect([getBusinessId(), getExternalBusinessUrl()]).toEqual([null, null])
  })

  it('clearSession removes every session key of the spec and nothing else', () => {
    setAuthData({ access_token: 't' })
    setSelectedStep(1)
    setKycIsCompleted()
    setCrmFlow()
    setBusinessId('b')
    setExternalBusinessUrl('u')
    sessionStorage.setItem('other', 'x')
    localStorage.setItem('channel', 'partner')
    clearSession()
    expect(Object.keys(sessionStorage)).toEqual(['other'])
    expect(localStorage.getItem('channel')).toBe('partner')
  })
})

describe('localStorage: channel and sourceProduct', () => {
  it('captures ?channel= from URLSearchParams, a query string, or router.query', () => {
    expect(captureChannel(new URLSearchParams('channel=partner-a'))).toBe('partner-a')
    expect(localStorage.getItem('channel')).toBe('partner-a')
    expect(captureChannel('?channel=campaign%20b&x=1')).toBe('campaign b')
    expect(captureChannel({ channel: ['first', 'second'] })).toBe('first')
    expect(captureChannel({ channel: '  spaced  ' })).toBe('spaced')
    expect(getChannel()).toBe('spaced')
  })

  it('keeps the stored channel when the parameter is absent or empty, and cuts long values', () => {
    captureChannel('channel=kept')
    expect(captureChannel('')).toBe('kept')
    expect(captureChannel('channel=')).toBe('kept')
    expect(captureChannel({})).toBe('kept')
    captureChannel({ channel: 'x'.repeat(150) })
    expect(getChannel()).toHaveLength(100)
  })

  it('sourceProduct: set, read, clear', () => {
    setSourceProduct('PAY-DIRECT')
    expect(localStorage.getItem('sourceProduct')).toBe('PAY-DIRECT')
    expect(getSourceProduct()).toBe('PAY-DIRECT')
    clearSourceProduct()
    expect(getSourceProduct()).toBeNull()
  })
})

describe('when the browser refuses storage (Safari private mode, quota)', () => {
  it('reads answer nothing and writes do not throw', () => {
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse)
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse)
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refuse)
    expect(setAuthData({ access_token: 't' })).toBe(false)
    expect(() => {
      setSelectedStep(1)
      setKycIsCompleted()
      setCrmFlow()
      setBusinessId('b')
      setExternalBusinessUrl('u')
      setSourceProduct('P')
      captureChannel('channel=x')
      clearSession()
      clearSourceProduct()
    }).not.toThrow()
    expect([getAuthData(), getAccessToken(), getSelectedStep(), getBusinessId(), getChannel()]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
    expect([isLoggedIn(), isKycCompleted(), isCrmFlow()]).toEqual([false, false, false])
  })

  it('survives a storage property that throws on access', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(isLoggedIn()).toBe(false)
    expect(() => clearSession()).not.toThrow()
  })

  it('answers false for auth data that cannot be serialised', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(setAuthData(cyclic)).toBe(false)
  })
})
