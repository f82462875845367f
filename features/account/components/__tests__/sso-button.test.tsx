import type { ParsedUrlQuery } from 'node:querystring'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { href, paths } from '@/lib/navigation/paths'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'
import { SsoButton } from '../sso-button'

vi.mock('next/router', () => import('@/tests/components/router-mock'))
const router = mockRouter({ pathname: '/auth/login', asPath: '/auth/login', query: {} as ParsedUrlQuery, isReady: true })

const enabled = route('GET', '/accounts/sso', { data: { enabled: true, displayName: 'Bank Entra' } })
const disabled = route('GET', '/accounts/sso', { data: { enabled: false, displayName: null } })

let api: ReturnType<typeof mockApi> | undefined
beforeEach(() => {
  router.query = {}
  router.replace.mockClear()
  sessionStorage.clear()
})
afterEach(() => api?.restore())

describe('SsoButton', () => {
  it('shows nothing when single sign-on is off', async () => {
    api = mockApi(disabled)
    const { container } = renderWithClient(<SsoButton />)
    await waitFor(() => expect(api!.calls).toHaveLength(1))
    expect(container).toBeEmptyDOMElement()
  })

  it('links to the start of single sign-on under the provider’s name, keeping a safe `from`', async () => {
    router.query = { from: '/s/admin/businesses' }
    api = mockApi(enabled)
    renderWithClient(<SsoButton />)
    const link = await screen.findByRole('link', { name: 'Sign in with Bank Entra' })
    expect(link.getAttribute('href')).toBe('/api/v1/accounts/sso/start?from=%2Fs%2Fadmin%2Fbusinesses')
  })

  it('drops a `from` that leaves the portal', async () => {
    router.query = { from: 'https://evil.example/' }
    api = mockApi(enabled)
    renderWithClient(<SsoButton />)
    const link = await screen.findByRole('link', { name: 'Sign in with Bank Entra' })
    expect(link.getAttribute('href')).toBe('/api/v1/accounts/sso/start')
  })

  it('says why the identity provider’s sign-in was refused', async () => {
    router.query = { sso_error: 'UNKNOWN_USER' }
    api = mockApi(enabled)
    renderWithClient(<SsoButton />)
    expect(await screen.findByRole('alert')).toHaveTextContent(/no portal account with your e-mail address/i)
  })

  it('back from the provider, claims the session, starts the portal session and goes on', async () => {
    router.query = { sso: 'done', from: '/s/products' }
    const answer = {
      access_token: 'header.eyJleHAiOjk5OTk5OTk5OTl9.sig',
      token_type: 'Bearer',
      expires_in: 1800,
      user: { id: 'u1', email: 'ada@bank.ng', firstName: 'Ada', lastName: 'Obi', isStaff: true, iswStaff: false },
    }
    api = mockApi(
      enabled,
      route('POST', '/accounts/sso/session', { data: answer }),
      route('POST', '/api/login', { data: { ok: true } }),
      route('GET', '/accounts/me/permissions', { data: [{ name: 'CAN_READ_BUSINESS' }] }),
      route('GET', '/accounts/me', { data: { businesses: [] } }),
    )
    renderWithClient(<SsoButton />)
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…')
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/s/products'), { timeout: 15_000 })
    const posts = api.calls.filter((c) => c.method === 'POST').map((c) => c.path)
    expect(posts).toEqual(['/accounts/sso/session', '/api/login'])
    expect(sessionStorage.getItem('user_auth_data')).toContain('ada@bank.ng')
  })

  it('leads an enrolment-only session to the enrolment page', async () => {
    router.query = { sso: 'done', from: '/s/products' }
    const answer = {
      access_token: 'header.eyJleHAiOjk5OTk5OTk5OTl9.sig',
      token_type: 'Bearer',
      expires_in: 1800,
      enrolment_required: true,
      user: { id: 'u1', email: 'ada@bank.ng', firstName: 'Ada', lastName: 'Obi', isStaff: true, iswStaff: false },
    }
    api = mockApi(
      enabled,
      route('POST', '/accounts/sso/session', { data: answer }),
      route('POST', '/api/login', { data: { ok: true } }),
    )
    renderWithClient(<SsoButton />)
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith(href(paths.auth.enrolFactor(), { from: '/s/products' })), {
      timeout: 15_000,
    })
  })

  it('says so when the session cannot be claimed (expired, or another browser)', async () => {
    router.query = { sso: 'done' }
    api = mockApi(enabled, route('POST', '/accounts/sso/session', apiError(404, 'NOT_FOUND', 'No single sign-on is waiting')))
    renderWithClient(<SsoButton />)
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be completed/i)
    expect(router.replace).not.toHaveBeenCalled()
  })
})
