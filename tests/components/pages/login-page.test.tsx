import type { ParsedUrlQuery } from 'node:querystring'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import LoginPage from '@/pages/auth/login'
import { mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'

vi.mock('next/router', () => import('@/tests/components/router-mock'))
// getServerSideProps's module: the server's, never in the browser (Next drops it from the page's chunk).
vi.mock('@/server/bff/page-answers', () => ({ readPublicPageAnswers: vi.fn() }))
// The single sign-on part, seen when the page has loaded and rendered it.
const ssoRendered = vi.fn()
vi.mock('@/features/account/components/sso-button', async (original) => {
  const { SsoButton } = await original<typeof import('@/features/account/components/sso-button')>()
  return {
    SsoButton: () => {
      ssoRendered()
      return <SsoButton />
    },
  }
})
const router = mockRouter({ pathname: '/auth/login', asPath: '/auth/login', query: {} as ParsedUrlQuery, isReady: true })

let api: ReturnType<typeof mockApi> | undefined
beforeEach(() => {
  router.query = {}
  ssoRendered.mockClear()
})
afterEach(() => api?.restore())

const offered = { '/accounts/sso': { enabled: true, displayName: 'Bank Entra' } }
const notOffered = { '/accounts/sso': { enabled: false, displayName: null } }

describe('login page: the single sign-on settings come with the page', () => {
  it('offers single sign-on from the page’s answer, without asking the API', async () => {
    api = mockApi(route('GET', '/accounts/sso', { data: { enabled: false, displayName: null } }))
    renderWithClient(<LoginPage answers={offered} />)
    expect(await screen.findByRole('link', { name: 'Sign in with Bank Entra' })).toBeInTheDocument()
    expect(api.calls).toHaveLength(0)
  })

  it('not offered: its code is not loaded, and nothing is asked', async () => {
    api = mockApi(route('GET', '/accounts/sso', { data: { enabled: true, displayName: 'Bank Entra' } }))
    renderWithClient(<LoginPage answers={notOffered} />)
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(ssoRendered).not.toHaveBeenCalled()
    expect(api.calls).toHaveLength(0)
  })

  it('not offered, but back with a refusal to explain: says why', async () => {
    router.query = { sso_error: 'UNKNOWN_USER' }
    api = mockApi()
    renderWithClient(<LoginPage answers={notOffered} />)
    expect(await screen.findByRole('alert')).toHaveTextContent(/no portal account with your e-mail address/i)
  })

  it('without an answer (the server could not read it), asks the API itself', async () => {
    api = mockApi(route('GET', '/accounts/sso', { data: { enabled: true, displayName: 'Bank Entra' } }))
    renderWithClient(<LoginPage answers={{}} />)
    expect(await screen.findByRole('link', { name: 'Sign in with Bank Entra' })).toBeInTheDocument()
    await waitFor(() => expect(api!.calls).toHaveLength(1))
  })
})
