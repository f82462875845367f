import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FORBIDDEN_TITLE, isPermitted, RequirePermission } from '@/components/layouts/require-permission'
import { canEditKyc, ONBOARDING_GROUP } from '@/lib/permissions/checks'
import { PERMISSIONS as P } from '@/lib/permissions/names'

const secret = <p>Secret page</p>

describe('RequirePermission', () => {
  it('renders the children when every required permission is held', () => {
    render(
      <RequirePermission
        permissions={[P.CAN_READ_BUSINESS, P.CAN_APPROVE_BUSINESS]}
        required={[P.CAN_APPROVE_BUSINESS, P.CAN_READ_BUSINESS]}
      >
        {secret}
      </RequirePermission>,
    )
    expect(screen.getByText('Secret page')).toBeInTheDocument()
    expect(screen.queryByText(FORBIDDEN_TITLE)).toBeNull()
  })

  it('shows the 403 content with a link home when one required permission is missing', () => {
    render(
      <RequirePermission
        permissions={[P.CAN_READ_BUSINESS]}
        required={[P.CAN_APPROVE_BUSINESS, P.CAN_READ_BUSINESS]}
        homeHref="/s/businesses"
      >
        {secret}
      </RequirePermission>,
    )
    expect(screen.queryByText('Secret page')).toBeNull()
    expect(screen.getByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/s/businesses')
  })

  it('anyOf: one is enough, none is not', () => {
    const { rerender } = render(
      <RequirePermission permissions={[P.CAN_READ_ROLE]} anyOf={[P.CAN_READ_ROLE, P.CAN_CREATE_ROLE]}>
        {secret}
      </RequirePermission>,
    )
    expect(screen.getByText('Secret page')).toBeInTheDocument()
    rerender(
      <RequirePermission permissions={[P.CAN_READ_BUSINESS]} anyOf={[P.CAN_READ_ROLE, P.CAN_CREATE_ROLE]}>
        {secret}
      </RequirePermission>,
    )
    expect(screen.getByText(FORBIDDEN_TITLE)).toBeInTheDocument()
  })

  it('a check function decides (e.g. the KYC edit check)', () => {
    const { rerender } = render(
      <RequirePermission permissions={ONBOARDING_GROUP} check={canEditKyc}>
        {secret}
      </RequirePermission>,
    )
    expect(screen.getByText('Secret page')).toBeInTheDocument()
    rerender(
      <RequirePermission permissions={ONBOARDING_GROUP.slice(1)} check={canEditKyc}>
        {secret}
      </RequirePermission>,
    )
    expect(screen.getByText(FORBIDDEN_TITLE)).toBeInTheDocument()
  })

  it('shows a loading state, not a 403, while the permissions load', () => {
    render(
      <RequirePermission permissions={undefined} required={[P.CAN_READ_BUSINESS]}>
        {secret}
      </RequirePermission>,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access')
    expect(screen.queryByText(FORBIDDEN_TITLE)).toBeNull()
    expect(screen.queryByText('Secret page')).toBeNull()
  })

  it('uses a given fallback instead of the 403 content', () => {
    render(
      <RequirePermission permissions={[]} required={[P.CAN_READ_BUSINESS]} fallback={<p>Ask your owner</p>}>
        {secret}
      </RequirePermission>,
    )
    expect(screen.getByText('Ask your owner')).toBeInTheDocument()
    expect(screen.queryByText(FORBIDDEN_TITLE)).toBeNull()
  })
})

describe('isPermitted', () => {
  it('needs every condition given, and passes with none', () => {
    expect(isPermitted(['A', 'B'], {})).toBe(true)
    expect(isPermitted([], { required: [] })).toBe(true)
    expect(isPermitted([], { anyOf: [] })).toBe(true)
    expect(isPermitted(['A'], { required: ['A'], anyOf: ['B', 'C'] })).toBe(false)
    expect(isPermitted(['A', 'C'], { required: ['A'], anyOf: ['B', 'C'] })).toBe(true)
    expect(isPermitted(['A', 'C'], { required: ['A'], anyOf: ['C'], check: () => false })).toBe(false)
    expect(isPermitted(new Set(['A']), { check: (held) => held.has('A') })).toBe(true)
  })
})
