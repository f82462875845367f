import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { RegistryDifferences } from '@/features/approvals/components/registry-check'
import type { VerificationItem } from '@/lib/contracts/verification'

const KYC_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd'

function difference(id: string, label: string, overrides: Partial<VerificationItem> = {}): VerificationItem {
  return {
    id,
    businessId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    kycDetailsId: KYC_ID,
    kind: 'REGISTRY_DIFFERENCE',
    subjectId: id,
    label,
    checkedValue: 'DIRECTOR_UNDECLARED|amina bello',
    provider: 'MANUAL',
    status: 'PENDING',
    comment: null,
    providerReference: null,
    decidedBy: null,
    decidedByName: null,
    decidedAt: null,
    waiver: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  }
}

const open = difference('11111111-1111-4111-8111-111111111111', 'The registry lists director Amina Bello, who is not declared')
const resolved = difference(
  '22222222-2222-4222-8222-222222222222',
  'Shareholder Ada Obi is declared with 100 %; the registry lists 90 %',
  {
    waiver: {
      reason: 'Transfer filed at the CAC on 2 November',
      waivedBy: null,
      waivedByName: 'Bisi Ade',
      waivedAt: '2026-11-21T10:00:00.000Z',
    },
  },
)

describe('registry differences list', () => {
  it('lists each difference in words, open or resolved with its reason, and offers to resolve an open one', () => {
    const onResolve = vi.fn()
    render(<RegistryDifferences differences={[open, resolved]} canResolve onResolve={onResolve} />)
    const rows = within(screen.getByRole('list', { name: 'Differences with the registry' })).getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('The registry lists director Amina Bello, who is not declared')
    expect(rows[0]).toHaveTextContent('Open')
    expect(rows[1]).toHaveTextContent('Resolved by Bisi Ade')
    expect(rows[1]).toHaveTextContent('Transfer filed at the CAC on 2 November')
    expect(within(rows[1]!).queryByRole('button')).toBeNull()
    fireEvent.click(
      within(rows[0]!).getByRole('button', { name: /Resolve with a reason: The registry lists director Amina Bello/ }),
    )
    expect(onResolve).toHaveBeenCalledWith(open)
  })

  it('offers no action to someone who may not resolve, and says when there is no difference', () => {
    const { rerender } = render(<RegistryDifferences differences={[open]} canResolve={false} onResolve={vi.fn()} />)
    expect(screen.queryByRole('button')).toBeNull()
    rerender(<RegistryDifferences differences={[]} canResolve onResolve={vi.fn()} />)
    expect(screen.getByText('No difference with the registry.')).toBeInTheDocument()
  })
})
