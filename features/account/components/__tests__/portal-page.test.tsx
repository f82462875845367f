import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { Account } from '@/lib/contracts/accounts'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import type { PortalContext } from '../portal-layout'
import { adminArea, businessArea, PortalPage } from '../portal-page'

// The layout's own loading and errors are its tests' business: here it hands the page a loaded account.
const context: PortalContext = { account: { id: 'u1', isStaff: true } as Account, permissions: ['CAN_READ_BUSINESS'] }
vi.mock('../portal-layout', () => ({
  PortalLayout: ({ title, children }: { title: string; children: ReactNode | ((c: PortalContext) => ReactNode) }) => (
    <main>
      <h1>{title}</h1>
      {typeof children === 'function' ? children(context) : children}
    </main>
  ),
}))

describe('PortalPage', () => {
  it('gives the page its account and permissions through its access rule', () => {
    const access = vi.fn((c: PortalContext, page: ReactNode) => (c.account.isStaff ? page : <p>refused</p>))
    render(
      <PortalPage title="Business approvals" access={access}>
        {({ account, permissions }) => (
          <p>
            queue for {account.id} with {permissions.join()}
          </p>
        )}
      </PortalPage>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Business approvals' })).toBeInTheDocument()
    expect(screen.getByText('queue for u1 with CAN_READ_BUSINESS')).toBeInTheDocument()
    expect(access).toHaveBeenCalledWith(context, expect.anything())
  })

  it('shows what the access rule returns instead of the page', () => {
    render(
      <PortalPage title="Business approvals" access={() => <p>refused</p>}>
        <p>queue</p>
      </PortalPage>,
    )
    expect(screen.getByText('refused')).toBeInTheDocument()
    expect(screen.queryByText('queue')).not.toBeInTheDocument()
  })

  it('starts loading its lazy screens once, when it mounts', () => {
    const screen1 = { preload: vi.fn(async () => undefined) }
    const screen2 = { preload: vi.fn(async () => undefined) }
    const { rerender } = render(
      <PortalPage title="Manage users" preload={[screen1, screen2]}>
        <p>users</p>
      </PortalPage>,
    )
    rerender(
      <PortalPage title="Manage users" preload={[screen1, screen2]}>
        <p>users again</p>
      </PortalPage>,
    )
    expect(screen.getByText('users again')).toBeInTheDocument()
    expect(screen1.preload).toHaveBeenCalledTimes(1)
    expect(screen2.preload).toHaveBeenCalledTimes(1)
  })
})

const signedIn = ({ isStaff = false, iswStaff = false, permissions = [] as string[] }) => ({
  account: { id: 'u1', isStaff, iswStaff, businesses: [] } as unknown as Account,
  permissions,
})
const FORBIDDEN = { name: 'You do not have access to this page' }

describe('businessArea', () => {
  it('keeps a payment-group approver out of the business self-service area (docs/domain.md#staff-restriction-rule)', () => {
    render(
      businessArea()(
        signedIn({ iswStaff: true, isStaff: true, permissions: ['CAN_READ_BUSINESS', 'CAN_APPROVE_BUSINESS'] }),
        <p>business area</p>,
      ),
    )
    expect(screen.queryByText('business area')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', FORBIDDEN)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/s/admin/businesses')
  })

  it('lets business users in, and staff only with what the page needs', () => {
    const { rerender } = render(businessArea()(signedIn({}), <p>business area</p>))
    expect(screen.getByText('business area')).toBeInTheDocument()
    rerender(
      businessArea('CAN_CREATE_BUSINESS')(signedIn({ isStaff: true, permissions: ['CAN_READ_BUSINESS'] }), <p>business area</p>),
    )
    expect(screen.queryByText('business area')).not.toBeInTheDocument()
  })
})

describe('adminArea', () => {
  const queue = adminArea({ anyOf: [P.CAN_APPROVE_BUSINESS, P.CAN_READ_BUSINESS] })

  it('shows the page to staff holding one of the permissions it needs', () => {
    render(queue(signedIn({ isStaff: true, permissions: [P.CAN_READ_BUSINESS] }), <p>queue</p>))
    expect(screen.getByText('queue')).toBeInTheDocument()
  })

  it('refuses staff without them, and business users whatever they hold, with a way back to the business area', () => {
    const { rerender } = render(queue(signedIn({ isStaff: true, permissions: [P.CAN_READ_DEFERRALS] }), <p>queue</p>))
    expect(screen.getByRole('heading', FORBIDDEN)).toBeInTheDocument()
    rerender(queue(signedIn({ permissions: [P.CAN_READ_BUSINESS] }), <p>queue</p>))
    expect(screen.queryByText('queue')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/s/businesses')
  })

  it('needs every permission of `required`', () => {
    const create = adminArea({ required: [P.CAN_CREATE_BUSINESS] })
    render(create(signedIn({ isStaff: true, permissions: [P.CAN_READ_BUSINESS] }), <p>form</p>))
    expect(screen.queryByText('form')).not.toBeInTheDocument()
  })
})
