import type { ParsedUrlQuery } from 'node:querystring'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'
import { LoginForm } from '../login-form'

vi.mock('next/router', () => import('@/tests/components/router-mock'))
const router = mockRouter({ pathname: '/auth/login', asPath: '/auth/login', query: {} as ParsedUrlQuery, isReady: true })

const answer = (isStaff: boolean) => ({
  accessToken: 'header.eyJleHAiOjk5OTk5OTk5OTl9.sig',
  refreshToken: 'refresh',
  user: { id: 'u1', email: 'ada@example.ng', firstName: 'Ada', lastName: 'Obi', isStaff, iswStaff: false },
})

let api: ReturnType<typeof mockApi> | undefined
beforeEach(() => {
  router.query = {}
  router.replace.mockClear()
  sessionStorage.clear()
})
afterEach(() => api?.restore())

async function signIn() {
  fireEvent.change(screen.getByLabelText(/^E-mail address/), { target: { value: 'ada@example.ng' } })
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Harmattan-Breeze-44' } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('LoginForm (issue 36: the API client and the navigation model load on use)', () => {
  it('signs in, starts the portal session and goes to the business list', async () => {
    api = mockApi(route('POST', '/accounts/login', { data: answer(false) }), route('POST', '/api/login', { data: {} }))
    renderWithClient(<LoginForm />)
    await signIn()
    // The first sign-in of the file also loads the API client, the login schema and the navigation model.
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/s/businesses'), { timeout: 15_000 })
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /accounts/login', 'POST /api/login'])
    expect(sessionStorage.getItem('user_auth_data')).toContain('ada@example.ng')
  })

  it('goes back to the page named in `from`', async () => {
    router.query = { from: '/s/products' }
    api = mockApi(route('POST', '/accounts/login', { data: answer(false) }), route('POST', '/api/login', { data: {} }))
    renderWithClient(<LoginForm />)
    await signIn()
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/s/products'), { timeout: 15_000 })
  })
})

describe('LoginForm: the second factor (issue 37)', () => {
  it('asks for the code after the password, stores nothing until it passes, then signs in', async () => {
    api = mockApi(
      route('POST', '/accounts/login', {
        data: { factor_required: true, challenge: 'challenge-1', methods: ['TOTP', 'RECOVERY_CODE'], expires_in: 300 },
      }),
      route('POST', '/accounts/login/factor', { data: answer(false) }),
      route('POST', '/api/login', { data: {} }),
    )
    renderWithClient(<LoginForm />)
    await signIn()
    const code = await screen.findByLabelText(/^6-digit code from your authenticator app/, {}, { timeout: 15_000 })
    expect(sessionStorage.getItem('user_auth_data')).toBeNull()
    fireEvent.change(code, { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/s/businesses'), { timeout: 15_000 })
    const factorCall = api.calls.find((c) => c.path === '/accounts/login/factor')
    expect(factorCall?.body).toEqual({ challenge: 'challenge-1', method: 'TOTP', code: '123456' })
  })

  it('takes a recovery code instead, and shows a wrong code on the field', async () => {
    api = mockApi(
      route('POST', '/accounts/login', {
        data: { factor_required: true, challenge: 'challenge-2', methods: ['TOTP', 'RECOVERY_CODE'], expires_in: 300 },
      }),
      route('POST', '/accounts/login/factor', {
        status: 401,
        data: { errors: [{ code: 'UNAUTHENTICATED', message: 'That code is wrong, expired or already used.', field: 'code' }] },
      }),
    )
    renderWithClient(<LoginForm />)
    await signIn()
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }, { timeout: 15_000 }))
    fireEvent.change(screen.getByLabelText(/^Recovery code/), { target: { value: 'K7QF-M2XP-9TRD' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    expect(await screen.findByText('That code is wrong, expired or already used.')).toBeTruthy()
    expect(api.calls.find((c) => c.path === '/accounts/login/factor')?.body).toMatchObject({ method: 'RECOVERY_CODE' })
    expect(router.replace).not.toHaveBeenCalled()
  })

  it('goes to the enrolment page when the session must set up a factor first', async () => {
    api = mockApi(
      route('POST', '/accounts/login', { data: { ...answer(true), enrolment_required: true } }),
      route('POST', '/api/login', { data: {} }),
    )
    renderWithClient(<LoginForm />)
    await signIn()
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/auth/enrol-factor'), { timeout: 15_000 })
  })
})
