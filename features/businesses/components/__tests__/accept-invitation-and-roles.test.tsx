import type { ParsedUrlQuery } from 'node:querystring'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'
import { AcceptInvitationForm } from '../accept-invitation-form'
import { BusinessRoles } from '../business-roles'

const router = mockRouter({
  pathname: '/auth/accept-invitation',
  query: {} as ParsedUrlQuery,
  isReady: true,
  push: vi.fn(async () => true),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

let api: ReturnType<typeof mockApi> | undefined
beforeEach(() => {
  router.query = { token: 'tok_123' }
  router.push.mockClear()
})
afterEach(() => api?.restore())

describe('AcceptInvitationForm', () => {
  it('sets the password and signs in with the invited e-mail and that password: the e-mail is not asked again', async () => {
    api = mockApi(
      route('POST', '/accounts/accept-invitation', { data: { message: 'Your password is set.', email: 'ada@example.ng' } }),
    )
    const signIn = vi.fn(async () => undefined)
    renderWithClient(<AcceptInvitationForm signIn={signIn} />)
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Harmattan-Breeze-44' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set password and continue' }))
    await waitFor(() => expect(signIn).toHaveBeenCalledWith({ email: 'ada@example.ng', password: 'Harmattan-Breeze-44' }))
    expect(router.push).not.toHaveBeenCalled()
  })

  it('goes to sign in when signing in straight away fails', async () => {
    api = mockApi(
      route('POST', '/accounts/accept-invitation', { data: { message: 'Your password is set.', email: 'ada@example.ng' } }),
    )
    renderWithClient(<AcceptInvitationForm signIn={vi.fn(async () => Promise.reject(new Error('throttled')))} />)
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Harmattan-Breeze-44' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set password and continue' }))
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/auth/login'))
  })

  it('sets the password with the token from the link, then goes to sign in', async () => {
    api = mockApi(
      route('POST', '/accounts/accept-invitation', { data: { message: 'Your password is set.', email: 'ada@example.ng' } }),
    )
    renderWithClient(<AcceptInvitationForm checklist={<p>rules</p>} />)
    expect(screen.getByText('rules')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Harmattan-Breeze-44' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set password and continue' }))
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/auth/login'))
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      url: '/accounts/accept-invitation',
      body: { token: 'tok_123', password: 'Harmattan-Breeze-44' },
    })
  })

  it('refuses a weak password before calling the API', async () => {
    api = mockApi()
    renderWithClient(<AcceptInvitationForm />)
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'weak' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set password and continue' }))
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true'))
    expect(api.calls).toHaveLength(0)
  })

  it('explains a used or unknown link above the form', async () => {
    api = mockApi(
      route(
        'POST',
        '/accounts/accept-invitation',
        apiError(400, 'VALIDATION_FAILED', 'This invitation has already been used. Sign in instead.', 'token'),
      ),
    )
    renderWithClient(<AcceptInvitationForm />)
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Harmattan-Breeze-44' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set password and continue' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has already been used. Sign in instead.')
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login')
    expect(router.push).not.toHaveBeenCalled()
  })

  it('needs the link from the e-mail', () => {
    router.query = {}
    renderWithClient(<AcceptInvitationForm />)
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the link from your invitation e-mail')
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument()
  })
})

describe('BusinessRoles', () => {
  it('shows what owners and members may do, in words', () => {
    render(<BusinessRoles />)
    expect(screen.getByRole('heading', { name: 'Owner' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Member' })).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'What each role may do' })
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')!
    expect(row('Remove users')).toHaveTextContent(/✓Yes–No$/)
    expect(row('Add KYC details')).toHaveTextContent(/✓Yes✓Yes$/)
    expect(within(table).queryByText(/CAN_/)).not.toBeInTheDocument()
  })
})
