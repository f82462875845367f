import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RoleEditor } from '@/features/authorizations/components/role-editor'
import type { PermissionList, RoleRecord } from '@/lib/contracts/authorizations'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { mockApi, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { mockRouter } from '@/tests/components/router-mock'

vi.mock('next/router', () => import('@/tests/components/router-mock'))
mockRouter({ pathname: '/s/businesses/manage-roles', query: {}, isReady: true })
polyfillDialog()

const permission = (name: string, area: string, scope: 'staff' | 'business' = 'staff') => ({
  name,
  description: name.replace(/^CAN_/, '').replaceAll('_', ' ').toLowerCase(),
  area,
  scope,
})
const LIST: PermissionList = (() => {
  const permissions = [
    permission(P.CAN_READ_BUSINESS, 'Businesses', 'business'),
    permission(P.CAN_APPROVE_BUSINESS, 'Businesses'),
    permission(P.CAN_READ_DEFERRALS, 'Deferrals', 'business'),
    permission(P.CAN_AUDIT_SYSTEM, 'Audit and data protection'),
  ]
  const areas = ['Businesses', 'Deferrals', 'Audit and data protection'].map((area) => ({
    area,
    permissions: permissions.filter((p) => p.area === area),
  }))
  return { permissions, areas }
})()

const ROLE: RoleRecord = {
  id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  name: 'Readers',
  description: null,
  scope: 'staff',
  isSystem: false,
  permissions: [P.CAN_READ_BUSINESS],
  userCount: 2,
  pendingAuthorizationId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

let api: ReturnType<typeof mockApi>
afterEach(() => api?.restore())

describe('role editor', () => {
  it(
    'groups permissions by area, finds them by a search, and asks the reason before sending a change',
    { timeout: 20_000 },
    async () => {
      api = mockApi(
        route('GET', '/permissions', { data: LIST }),
        route('PUT', `/roles/${ROLE.id}`, { status: 202, data: { id: 'x', status: 'PENDING' } }),
      )
      const onClose = vi.fn()
      renderWithClient(<RoleEditor role={ROLE} onClose={onClose} />)
      const dialog = await screen.findByRole('dialog', { name: 'Change Readers' })
      expect(await within(dialog).findByRole('group', { name: 'Deferrals' })).toBeInTheDocument()
      expect(within(dialog).getByRole('checkbox', { name: /CAN_READ_BUSINESS/ })).toBeChecked()

      fireEvent.change(within(dialog).getByLabelText('Find a permission'), { target: { value: 'deferrals' } })
      expect(within(dialog).queryByRole('group', { name: 'Businesses' })).not.toBeInTheDocument()
      expect(within(dialog).getByRole('group', { name: 'Deferrals' })).toBeInTheDocument()
      fireEvent.click(within(dialog).getByRole('checkbox', { name: /CAN_READ_DEFERRALS/ }))
      fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))

      const reason = await screen.findByRole('alertdialog', { name: 'Why change Readers?' })
      expect(api.calls.some((c) => c.method === 'PUT')).toBe(false)
      fireEvent.change(within(reason).getByLabelText('Reason'), { target: { value: 'They review deferrals now' } })
      fireEvent.click(within(reason).getByRole('button', { name: 'Send for approval' }))
      await waitFor(() => expect(onClose).toHaveBeenCalled())
      const put = api.calls.find((c) => c.method === 'PUT')!
      expect(put.query.get('reason')).toBe('They review deferrals now')
      expect(put.body).toEqual({ name: 'Readers', description: '', permissions: [P.CAN_READ_BUSINESS, P.CAN_READ_DEFERRALS] })
    },
  )

  it('offers a business role only the permissions a business role may hold', { timeout: 20_000 }, async () => {
    api = mockApi(route('GET', '/permissions', { data: LIST }))
    renderWithClient(<RoleEditor role={{ ...ROLE, scope: 'business' }} onClose={() => undefined} />)
    const dialog = await screen.findByRole('dialog', { name: 'Change Readers' })
    await within(dialog).findByRole('checkbox', { name: /CAN_READ_BUSINESS/ })
    expect(within(dialog).queryByRole('checkbox', { name: /CAN_APPROVE_BUSINESS/ })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('group', { name: 'Audit and data protection' })).not.toBeInTheDocument()
  })
})
