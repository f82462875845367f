import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AppShell, type AppShellProps } from '@/components/layouts/app-shell'
import { BUSINESS_PERMISSIONS } from '@/lib/permissions/names'
import { SYSTEM_ROLES, type SystemRoleName } from '@/lib/permissions/roles'

const roleOf = (name: SystemRoleName): readonly string[] => SYSTEM_ROLES.find((r) => r.name === name)!.permissions
const owner = { firstName: 'emeka', lastName: 'nwosu', email: 'owner@example.com', businesses: [{ businessId: 'b1' }] }
const staffUser = { firstName: 'Ngozi', lastName: 'Okafor', email: 'superadmin@example.com', businesses: [] }

function renderShell(props: Partial<AppShellProps> = {}) {
  const onLogout = vi.fn()
  const view = render(
    <AppShell
      user={owner}
      permissions={BUSINESS_PERMISSIONS}
      isStaff={false}
      iswStaff={false}
      onLogout={onLogout}
      currentPath="/s/businesses"
      title="My businesses"
      {...props}
    >
      <p>Page content</p>
    </AppShell>,
  )
  return { ...view, onLogout }
}

const nav = () => screen.getByRole('navigation', { name: 'Portal', hidden: true })
const navLinks = () =>
  within(nav())
    .queryAllByRole('link', { hidden: true })
    .map((link) => link.textContent)

describe('AppShell navigation', () => {
  it('a business owner sees the business area and user management, and no staff area', () => {
    renderShell()
    expect(navLinks()).toEqual(['My businesses', 'Dashboard', 'Divisions', 'KYC documents', 'Products', 'Manage users'])
    expect(within(nav()).getByRole('heading', { name: 'My business', hidden: true })).toBeInTheDocument()
  })

  it('an approver sees the admin lists and approvals, not the business self-service area', () => {
    renderShell({ user: staffUser, permissions: roleOf('APPROVER'), isStaff: true, currentPath: '/s/admin/businesses' })
    const links = navLinks()
    expect(links).toEqual(
      expect.arrayContaining(['All businesses', 'Business approvals', 'CAC documents', 'Product approvals', 'Deferrals']),
    )
    expect(links).not.toContain('My businesses')
    expect(links).not.toContain('Entities')
    expect(links).not.toContain('Product configuration')
  })

  it('a government officer sees the government area', () => {
    renderShell({
      user: staffUser,
      permissions: roleOf('GOVERNMENT_OFFICER'),
      isStaff: true,
      currentPath: '/s/government/entities',
    })
    expect(navLinks()).toEqual(expect.arrayContaining(['Entities', 'Create an entity', 'Entity products', 'Entity KYC']))
  })

  it('a payment-group approver who belongs to a business sees manage users and roles but not the business area', () => {
    renderShell({ user: { ...staffUser, businesses: [{}] }, permissions: roleOf('SUPER_ADMIN'), isStaff: true, iswStaff: true })
    const links = navLinks()
    expect(links).toEqual(expect.arrayContaining(['Manage users', 'Manage roles', 'Business approvals']))
    expect(links).not.toContain('My businesses')
    expect(links).not.toContain('KYC documents')
  })

  it('marks the link of the current page, also on a page below it', () => {
    renderShell({ currentPath: '/s/businesses/dashboard-details/kyc?step=2' })
    expect(within(nav()).getByRole('link', { name: 'Dashboard', hidden: true })).toHaveAttribute('aria-current', 'page')
    expect(within(nav()).getByRole('link', { name: 'My businesses', hidden: true })).not.toHaveAttribute('aria-current')
  })

  it('the brand leads to the home of the user area', () => {
    const { unmount } = renderShell()
    expect(screen.getByRole('link', { name: 'KYC Portal' })).toHaveAttribute('href', '/s/businesses')
    unmount()
    const approver = renderShell({ user: staffUser, permissions: roleOf('APPROVER'), isStaff: true })
    expect(screen.getByRole('link', { name: 'KYC Portal' })).toHaveAttribute('href', '/s/admin/businesses')
    approver.unmount()
    // A product manager may not list businesses: the brand leads to the first page it may use.
    renderShell({ user: staffUser, permissions: roleOf('PRODUCT_MANAGER'), isStaff: true })
    expect(screen.getByRole('link', { name: 'KYC Portal' })).toHaveAttribute('href', '/s/admin/product-config')
  })

  it('shows the page heading and content in main, with a skip link to it', () => {
    renderShell()
    const main = screen.getByRole('main')
    expect(within(main).getByRole('heading', { level: 1, name: 'My businesses' })).toBeInTheDocument()
    expect(within(main).getByText('Page content')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', `#${main.id}`)
  })

  it('puts focus on the heading of a page opened from another page, not when only the query changes', () => {
    const first = renderShell({ currentPath: '/s/businesses?page=1', title: 'My businesses' })
    first.unmount()
    const second = renderShell({ currentPath: '/s/businesses?page=2', title: 'My businesses' })
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus()
    second.unmount()
    renderShell({ currentPath: '/s/businesses/dashboard-details?businessId=b1', title: 'Dashboard' })
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveFocus()
  })

  it('shows no navigation and no user menu until the user is known', () => {
    renderShell({ user: null })
    expect(screen.queryByRole('navigation', { hidden: true })).toBeNull()
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull()
  })

  it('the Menu button folds the navigation on a phone: aria-expanded, Escape and following a link close it', () => {
    const { rerender, onLogout } = renderShell()
    const menu = screen.getByRole('button', { name: 'Menu' })
    expect(menu).toHaveAttribute('aria-expanded', 'false')
    expect(menu).toHaveAttribute('aria-controls', nav().id)
    expect(nav()).not.toHaveClass('navOpen')
    fireEvent.click(menu)
    expect(menu).toHaveAttribute('aria-expanded', 'true')
    expect(nav()).toHaveClass('navOpen')
    // Focus moves into the open menu, on the current page's link.
    expect(within(nav()).getByRole('link', { name: 'My businesses', hidden: true })).toHaveFocus()

    within(nav()).getByRole('link', { name: 'Divisions', hidden: true }).focus()
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(menu).toHaveAttribute('aria-expanded', 'false')
    expect(menu).toHaveFocus()

    fireEvent.click(menu)
    expect(menu).toHaveAttribute('aria-expanded', 'true')
    // A link was followed: the page (path) changes.
    rerender(
      <AppShell
        user={owner}
        permissions={BUSINESS_PERMISSIONS}
        isStaff={false}
        iswStaff={false}
        onLogout={onLogout}
        currentPath="/s/products"
      >
        <p>Products</p>
      </AppShell>,
    )
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false')
  })
})

describe('AppShell user menu', () => {
  const menuButton = () => screen.getByRole('button', { name: /^Account menu for / })

  it('shows the first two capitalised initials and names the button after the user', () => {
    renderShell()
    expect(menuButton()).toHaveAccessibleName('Account menu for emeka nwosu')
    expect(menuButton()).toHaveTextContent('EN')
  })

  it('opens and closes with the button, exposing Profile, Preferences and Sign out', () => {
    renderShell()
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull()
    fireEvent.click(menuButton())
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true')
    const panel = document.getElementById(menuButton().getAttribute('aria-controls')!)!
    expect(within(panel).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    expect(within(panel).getByRole('link', { name: 'Preferences' })).toHaveAttribute('href', '/s/user-profile-preference')
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
    expect(within(panel).getByText('owner@example.com')).toBeInTheDocument()
    fireEvent.click(menuButton())
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull()
  })

  it('Escape closes it and gives focus back to the button', () => {
    renderShell()
    fireEvent.click(menuButton())
    const profile = screen.getByRole('link', { name: 'Profile' })
    profile.focus()
    fireEvent.keyDown(profile, { key: 'Escape' })
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false')
    expect(menuButton()).toHaveFocus()
  })

  it('ArrowDown on the button opens it on the first entry; arrows, Home and End move between entries', async () => {
    renderShell()
    menuButton().focus()
    fireEvent.keyDown(menuButton(), { key: 'ArrowDown' })
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus())
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    expect(screen.getByRole('link', { name: 'Preferences' })).toHaveFocus()
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus()
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus()
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' })
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus()
    fireEvent.keyDown(document.activeElement!, { key: 'Home' })
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus()
    fireEvent.keyDown(document.activeElement!, { key: 'End' })
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus()
  })

  it('Sign out closes the menu and calls onLogout', () => {
    const { onLogout } = renderShell()
    fireEvent.click(menuButton())
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(onLogout).toHaveBeenCalledTimes(1)
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false')
  })

  it('shows sign-out progress and blocks a second click', () => {
    renderShell({ loggingOut: true })
    fireEvent.click(menuButton())
    expect(screen.getByRole('button', { name: 'Signing out…' })).toBeDisabled()
  })

  it('a click elsewhere or tabbing out of it closes it', () => {
    renderShell()
    fireEvent.click(menuButton())
    act(() => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    })
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false')

    fireEvent.click(menuButton())
    const signOut = screen.getByRole('button', { name: 'Sign out' })
    fireEvent.blur(signOut, { relatedTarget: screen.getByRole('link', { name: 'KYC Portal' }) })
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false')
  })

  it('falls back to the e-mail when the names are blank', () => {
    renderShell({ user: { firstName: ' ', lastName: '', email: 'x@example.com' } })
    expect(menuButton()).toHaveAccessibleName('Account menu for x@example.com')
    expect(menuButton()).toHaveTextContent('X')
  })
})
