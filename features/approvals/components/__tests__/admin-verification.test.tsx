import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BusinessPreview } from '@/features/approvals/components/business-preview'
import { reverificationText } from '@/features/approvals/components/verification-section'
import type { KycAddress } from '@/lib/contracts/kyc'
import type { VerificationItem } from '@/lib/contracts/verification'
import { PERMISSIONS } from '@/lib/permissions/names'
import {
  business,
  CATEGORY,
  mockApi,
  OTHER_STAFF_ID,
  renderWithClient,
  route,
  STAFF_ID,
  TYPE,
  type Route,
} from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { mockRouter } from '@/tests/components/router-mock'
import { roleOf } from '@/tests/components/staff-documents-fixtures'

mockRouter({
  pathname: '/s/admin/approvals/business/business-preview',
  query: {} as Record<string, string>,
  isReady: true,
  replace: vi.fn(async () => true),
  push: vi.fn(),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))
polyfillDialog()

let api: ReturnType<typeof mockApi>
afterEach(() => api?.restore())

const KYC_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd'
const dialog = () => screen.getByRole('alertdialog')
const puts = () => api.calls.filter((c) => c.method === 'PUT')

function item(businessId: string, overrides: Partial<VerificationItem> = {}): VerificationItem {
  return {
    id: `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}-0000-4000-8000-000000000001`,
    businessId,
    kycDetailsId: KYC_ID,
    kind: 'COMPANY',
    subjectId: KYC_ID,
    label: 'Company RC1000001',
    checkedValue: 'RC1000001 · Adebayo Foods Limited',
    provider: 'MANUAL',
    status: 'PENDING',
    comment: null,
    providerReference: null,
    decidedBy: null,
    decidedByName: null,
    decidedAt: null,
    waiver: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  }
}

function address(businessId: string, overrides: Partial<KycAddress> = {}): KycAddress {
  return {
    id: 'a0d0d0d0-0000-4000-8000-000000000001',
    kycDetailsId: KYC_ID,
    businessId,
    type: 'REGISTERED',
    contactName: null,
    line1: '14 Broad Street',
    line2: null,
    city: 'Lagos',
    country: 'Nigeria',
    state: 'Lagos',
    lga: 'Lagos Island',
    addressDoc: null,
    passportPhoto: null,
    verificationStatus: 'PENDING',
    verificationComment: null,
    verifiedAt: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  }
}

/** The review of a business with KYC: the verification items and addresses answer what the test passes (live). */
function reviewRoutes(b: ReturnType<typeof business>, state: { items: VerificationItem[]; addresses: KycAddress[] }): Route[] {
  return [
    route('GET', `/businesses/${b.id}`, { data: b }),
    route('GET', `/businesses/${b.id}/approval-checklist`, { data: [] }),
    route('GET', `/businesses/attachment/${b.id}`, { data: [] }),
    route('GET', `/kyc/details-first-entity/${b.id}`, {
      data: {
        id: KYC_ID,
        businessId: b.id,
        tin: '12345678-0001',
        incorporationDate: '2019-05-01',
        countryOfIncorporation: 'Nigeria',
        natureOfBusiness: 'Food',
        numberOfEmployees: 12,
        annualTurnover: null,
        description: null,
      },
    }),
    route('GET', `/kyc/addresses/all-kyc/${KYC_ID}`, () => ({ data: state.addresses })),
    route('GET', `/kyc/means-of-ids/${KYC_ID}`, { data: [] }),
    route('GET', '/kyc/shareholders', { data: [] }),
    route('GET', `/verified-kyc/${b.id}`, () => ({ data: state.items })),
    route('GET', `/businesses/${b.id}/registry-extract`, { data: { provider: 'MANUAL', extract: null } }),
    route('GET', `/kyc/document-checklist/${b.id}`, {
      data: {
        businessId: b.id,
        registrationClass: 'RC',
        kycDetailsId: KYC_ID,
        kycDetailsCompleted: true,
        approvalStatus: 'PENDING',
        items: [],
        shareholders: [],
        otherDocuments: [],
        uploadsScanned: true,
      },
    }),
    route('GET', '/business-types', { data: [TYPE] }),
    route('GET', '/business-categories', { data: [CATEGORY] }),
    route('GET', '/businesses/reviewers', { data: [] }),
  ]
}

const verificationRegion = () => screen.findByRole('region', { name: 'Verification' })

describe('Verification on the business review', () => {
  it('lists the items with status, comment and who decided; marks a pending one verified after confirming, and the list refreshes', async () => {
    const b = business()
    const company = item(b.id)
    const bvn = item(b.id, {
      kind: 'BVN',
      label: 'BVN of Ada Obi',
      checkedValue: '22212345678',
      status: 'VERIFIED',
      comment: 'Matches the bank record.',
      decidedBy: OTHER_STAFF_ID,
      decidedByName: 'Aisha Bello',
      decidedAt: '2026-03-04T10:00:00.000Z',
    })
    const state = { items: [company, bvn], addresses: [] as KycAddress[] }
    api = mockApi(
      ...reviewRoutes(b, state),
      route('PUT', `/verified-kyc/${company.id}`, (call) => {
        const body = call.body as { status: 'VERIFIED'; comment?: string }
        const decided = {
          ...company,
          status: body.status,
          comment: body.comment ?? null,
          decidedBy: STAFF_ID,
          decidedByName: 'Ngozi Okafor',
          decidedAt: '2026-03-05T09:00:00.000Z',
        }
        state.items = [decided, bvn]
        return { data: decided }
      }),
    )
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('SUPER_ADMIN')} currentUserId={STAFF_ID} memberOf={[]} />,
    )

    const region = await verificationRegion()
    const items = await within(region).findByRole('list', { name: 'Verification items' })
    expect(within(region).getByText(/^1 verified, 1 pending, 0 failed\. Approval needs/)).toBeInTheDocument()
    const [first, second] = within(items).getAllByRole('listitem')
    expect(within(first!).getByText('Company registry (CAC) lookup')).toBeInTheDocument()
    expect(within(first!).getByText('Pending')).toBeInTheDocument()
    expect(within(second!).getByText('Shareholder BVN')).toBeInTheDocument()
    expect(within(second!).getByText('Verified')).toBeInTheDocument()
    expect(within(second!).getByText('Comment: Matches the bank record.')).toBeInTheDocument()
    expect(within(second!).getByText(/^Verified by Aisha Bello on /)).toBeInTheDocument()
    // Only a pending item offers a result.
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument()

    fireEvent.click(within(first!).getByRole('button', { name: 'Mark Company RC1000001 verified' }))
    expect(within(dialog()).getByText(/recorded as verified by you/)).toBeInTheDocument()
    fireEvent.change(within(dialog()).getByLabelText('Comment (optional)'), { target: { value: 'Matches the CAC register.' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mark verified' }))
    await waitFor(() => expect(puts()[0]?.body).toEqual({ status: 'VERIFIED', comment: 'Matches the CAC register.' }))
    expect(await within(region).findByText(/^2 verified, 0 pending, 0 failed\./)).toBeInTheDocument()
    expect(within(region).getByText(/^Verified by Ngozi Okafor on /)).toBeInTheDocument()
    expect(within(region).queryByRole('button', { name: /^Mark / })).not.toBeInTheDocument()
  })

  it('a KYC analyst marks several pending checks verified with one confirmation, and is told which were refused', async () => {
    const b = business()
    const company = item(b.id, { label: 'Adebayo Foods Limited (RC1000001)' })
    const id1 = item(b.id, { kind: 'MEANS_OF_ID', label: 'Passport of Ada Obi' })
    const bvn1 = item(b.id, { kind: 'BVN', label: 'BVN of Ada Obi' })
    const bvn2 = item(b.id, { kind: 'BVN', label: 'BVN of Musa Danjuma' })
    const state = { items: [company, id1, bvn1, bvn2], addresses: [] as KycAddress[] }
    const verify = (target: VerificationItem) =>
      route('PUT', `/verified-kyc/${target.id}`, (call) => {
        const decided = {
          ...target,
          status: 'VERIFIED' as const,
          comment: (call.body as { comment?: string }).comment ?? null,
          decidedBy: STAFF_ID,
          decidedByName: 'Bola Ogunleye',
          decidedAt: '2026-03-05T09:00:00.000Z',
        }
        state.items = state.items.map((i) => (i.id === target.id ? decided : i))
        return { data: decided }
      })
    api = mockApi(
      ...reviewRoutes(b, state),
      verify(company),
      verify(id1),
      route('PUT', `/verified-kyc/${bvn1.id}`, {
        status: 409,
        data: { errors: [{ code: 'INVALID_STATE', message: 'The KYC changed: this check was replaced by a new one' }] },
      }),
      verify(bvn2),
    )
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('KYC_ANALYST')} currentUserId={STAFF_ID} memberOf={[]} />,
    )

    const region = await verificationRegion()
    const batch = await within(region).findByRole('group', { name: 'Several checks at once' })
    expect(within(batch).getByRole('button', { name: 'Mark selected checks verified' })).toBeDisabled()
    fireEvent.click(within(batch).getByRole('checkbox', { name: 'Select every pending check (4)' }))
    fireEvent.click(within(region).getByRole('checkbox', { name: 'Select BVN of Musa Danjuma' }))
    fireEvent.click(within(batch).getByRole('button', { name: 'Mark 3 selected checks verified' }))
    expect(puts()).toHaveLength(0)
    expect(within(dialog()).getByText(/Passport of Ada Obi; BVN of Ada Obi/)).toBeInTheDocument()
    fireEvent.change(within(dialog()).getByLabelText('Comment (optional)'), {
      target: { value: 'Checked against NIMC and NIBSS.' },
    })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mark 3 checks verified' }))

    await waitFor(() => expect(puts()).toHaveLength(3))
    expect(puts().map((c) => c.path)).toEqual([
      `/verified-kyc/${company.id}`,
      `/verified-kyc/${id1.id}`,
      `/verified-kyc/${bvn1.id}`,
    ])
    expect(
      puts().every((c) => JSON.stringify(c.body) === '{"status":"VERIFIED","comment":"Checked against NIMC and NIBSS."}'),
    ).toBe(true)
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'These results were not recorded:BVN of Ada Obi: The KYC changed: this check was replaced by a new one',
    )
    expect(await within(region).findByText(/^2 verified, 2 pending, 0 failed\./)).toBeInTheDocument()
  })

  it('fails an item only with a reason, and shows the server’s refusal in the dialog', async () => {
    const b = business()
    const company = item(b.id)
    api = mockApi(
      ...reviewRoutes(b, { items: [company], addresses: [] }),
      route('PUT', `/verified-kyc/${company.id}`, {
        status: 409,
        data: {
          errors: [{ code: 'INVALID_STATE', message: 'The verification item is VERIFIED: only a PENDING item can be failed' }],
        },
      }),
    )
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('SUPER_ADMIN')} currentUserId={STAFF_ID} memberOf={[]} />,
    )

    const region = await verificationRegion()
    fireEvent.click(await within(region).findByRole('button', { name: 'Mark Company RC1000001 failed' }))
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mark failed' }))
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Write the reason: the business reads it.')
    expect(puts()).toHaveLength(0)

    fireEvent.change(within(dialog()).getByLabelText('Why the check failed'), {
      target: { value: 'The CAC register shows another name.' },
    })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mark failed' }))
    await waitFor(() => expect(puts()[0]?.body).toEqual({ status: 'FAILED', comment: 'The CAC register shows another name.' }))
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'The verification item is VERIFIED: only a PENDING item can be failed',
    )
  })

  it('re-runs verification and says what the provider did', async () => {
    const b = business()
    api = mockApi(
      ...reviewRoutes(b, { items: [item(b.id)], addresses: [] }),
      route('GET', '/kyc/re-verify-pending-kyc-status', {
        data: { provider: 'MANUAL', checked: 4, changed: 0, stillPending: 4, opened: 1, ranAt: '2026-03-05T09:00:00.000Z' },
      }),
    )
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('SUPER_ADMIN')} currentUserId={STAFF_ID} memberOf={[]} />,
    )

    const region = await verificationRegion()
    fireEvent.click(within(region).getByRole('button', { name: 'Re-run verification' }))
    expect(await within(region).findByText(/^Re-run finished/)).toHaveTextContent(
      'Re-run finished: Checked 4 pending items, 0 results changed, 4 still pending, 1 new item opened. The provider is manual review: staff record each pending result here.',
    )
    expect(api.calls.filter((c) => c.path === '/kyc/re-verify-pending-kyc-status')).toHaveLength(1)
    expect(reverificationText({ provider: 'MANUAL', checked: 1, changed: 1, stillPending: 0, opened: 0, ranAt: '' })).toBe(
      'Checked 1 pending item, 1 result changed, 0 still pending.',
    )
  })

  it('shows an approver no result or re-run buttons, only the waiver, nor address actions; the waiver needs a reason', async () => {
    const b = business()
    const pending = item(b.id, { label: 'Adebayo Foods Limited (RC1000001)' })
    api = mockApi(
      ...reviewRoutes(b, { items: [pending], addresses: [address(b.id)] }),
      route('PUT', `/verified-kyc/${pending.id}/waiver`, {
        data: {
          ...pending,
          waiver: {
            reason: 'Registry offline',
            waivedBy: STAFF_ID,
            waivedByName: 'Aisha Bello',
            waivedAt: '2026-03-05T09:00:00Z',
          },
        },
      }),
    )
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )

    const region = await verificationRegion()
    expect(await within(region).findByText('Company registry (CAC) lookup')).toBeInTheDocument()
    // The row reads in words: whose check and which number, not the internal key.
    expect(within(region).getByText('Adebayo Foods Limited (RC1000001)')).toBeInTheDocument()
    expect(within(region).queryByText(/RC1000001 · /)).not.toBeInTheDocument()
    expect(
      within(region)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Waive with a reason'])
    // The approver is told who records the result they wait for.
    expect(within(region).getByText('A KYC analyst records this result.')).toBeInTheDocument()
    fireEvent.click(within(region).getByRole('button', { name: 'Waive the check of Adebayo Foods Limited (RC1000001)' }))
    fireEvent.change(within(dialog()).getByLabelText('Why the check can be waived'), { target: { value: 'Too short' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Waive the check' }))
    expect(await within(dialog()).findByText(/at least 10 characters/)).toBeInTheDocument()
    expect(puts()).toHaveLength(0)
    fireEvent.change(within(dialog()).getByLabelText('Why the check can be waived'), {
      target: { value: 'Registry offline; certificate seen' },
    })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Waive the check' }))
    await waitFor(() => expect(puts()[0]?.body).toEqual({ reason: 'Registry offline; certificate seen' }))
    const addresses = screen.getByRole('region', { name: 'Addresses' })
    expect(await within(addresses).findByText('14 Broad Street, Lagos, Lagos Island, Lagos, Nigeria')).toBeInTheDocument()
    expect(within(addresses).queryByRole('button')).not.toBeInTheDocument()
  })

  it('a holder of only CAN_TRIGGER_KYC_REVERIFICATION may re-run but not record a result', async () => {
    const b = business()
    api = mockApi(...reviewRoutes(b, { items: [item(b.id)], addresses: [] }))
    renderWithClient(
      <BusinessPreview
        businessId={b.id}
        permissions={[PERMISSIONS.CAN_READ_BUSINESS, PERMISSIONS.CAN_TRIGGER_KYC_REVERIFICATION]}
        currentUserId={STAFF_ID}
        memberOf={[]}
      />,
    )
    const region = await verificationRegion()
    expect(await within(region).findByText('Company registry (CAC) lookup')).toBeInTheDocument()
    expect(within(region).getByRole('button', { name: 'Re-run verification' })).toBeInTheDocument()
    expect(within(region).queryByRole('button', { name: /^Mark / })).not.toBeInTheDocument()
  })

  it('four-eyes: whoever registered the business is told another reviewer records the results', async () => {
    const b = business({ createdBy: STAFF_ID })
    api = mockApi(...reviewRoutes(b, { items: [item(b.id)], addresses: [address(b.id)] }))
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('SUPER_ADMIN')} currentUserId={STAFF_ID} memberOf={[]} />,
    )
    const region = await verificationRegion()
    expect(await within(region).findByText(/another reviewer records its verification results/)).toBeInTheDocument()
    expect(within(region).queryByRole('button', { name: /^Mark / })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Verify the registered office' })).not.toBeInTheDocument()
  })
})

describe('Address verification on the business review', () => {
  it('verifies a pending address after confirming; the address shows its new status', async () => {
    const b = business()
    const registered = address(b.id)
    const state = { items: [] as VerificationItem[], addresses: [registered] }
    api = mockApi(
      ...reviewRoutes(b, state),
      route('PUT', `/kyc/addresses/${registered.id}/verification`, (call) => {
        const body = call.body as { status: 'VERIFIED'; comment?: string }
        const after = {
          ...registered,
          verificationStatus: body.status,
          verificationComment: body.comment ?? null,
          verifiedAt: '2026-03-05T09:00:00.000Z',
        }
        state.addresses = [after]
        return { data: after }
      }),
    )
    renderWithClient(
      <BusinessPreview businessId={b.id} permissions={roleOf('SUPER_ADMIN')} currentUserId={STAFF_ID} memberOf={[]} />,
    )

    const addresses = await screen.findByRole('region', { name: 'Addresses' })
    expect(await within(addresses).findByText('Pending')).toBeInTheDocument()
    fireEvent.click(within(addresses).getByRole('button', { name: 'Verify the registered office' }))
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Verify address' }))
    await waitFor(() => expect(puts()[0]?.body).toEqual({ status: 'VERIFIED' }))
    expect(await within(addresses).findByText('Verified')).toBeInTheDocument()
    expect(within(addresses).getByText(/^Verified on /)).toBeInTheDocument()
    expect(within(addresses).queryByRole('button', { name: 'Verify the registered office' })).not.toBeInTheDocument()
    // The verification items were asked for again with the rest of the review.
    expect(api.calls.filter((c) => c.path === `/verified-kyc/${b.id}`).length).toBeGreaterThan(1)
  })

  it('records a failed address only with a reason, and shows the server’s field message', async () => {
    const b = business()
    const director = address(b.id, { type: 'DIRECTOR', contactName: 'Ada Obi' })
    api = mockApi(
      ...reviewRoutes(b, { items: [], addresses: [director] }),
      route('PUT', `/kyc/addresses/${director.id}/verification`, {
        status: 400,
        data: { errors: [{ code: 'VALIDATION_FAILED', field: 'comment', message: 'A comment has at most 2000 characters' }] },
      }),
    )
    renderWithClient(
      <BusinessPreview
        businessId={b.id}
        permissions={[PERMISSIONS.CAN_READ_BUSINESS, PERMISSIONS.CAN_VERIFY_ADDRESS]}
        currentUserId={STAFF_ID}
        memberOf={[]}
      />,
    )

    fireEvent.click(
      await screen.findByRole('button', { name: "Record that the director's residence (Ada Obi) failed verification" }),
    )
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Address failed' }))
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Write the reason')
    expect(puts()).toHaveLength(0)
    fireEvent.change(within(dialog()).getByLabelText('Why the address could not be verified'), {
      target: { value: 'Nobody at the address knows the director.' },
    })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Address failed' }))
    await waitFor(() =>
      expect(puts()[0]?.body).toEqual({ status: 'FAILED', comment: 'Nobody at the address knows the director.' }),
    )
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('A comment has at most 2000 characters')
  })
})
