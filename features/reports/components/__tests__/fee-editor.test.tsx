import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FeeClient, FeeRecord, KycServiceDetail } from '@/lib/contracts/fees'
import { mockApi, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { FeeEditor } from '../fee-editor'

const CLIENT: FeeClient = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Payments',
  code: 'PAY',
  description: null,
  isActive: true,
}
const SERVICE: KycServiceDetail = {
  id: '22222222-2222-4222-8222-222222222222',
  serviceType: 'BVN',
  name: 'BVN verification',
  provider: { id: '33333333-3333-4333-8333-333333333333', code: 'MANUAL', name: 'Manual review', description: null },
}
const SAVED: FeeRecord = {
  id: '44444444-4444-4444-8444-444444444444',
  divisionId: CLIENT.id,
  divisionName: CLIENT.name,
  serviceDetailId: SERVICE.id,
  serviceType: 'BVN',
  serviceName: SERVICE.name,
  providerCode: 'MANUAL',
  amount: 150.5,
  effectiveFrom: '2030-01-01',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

let api: ReturnType<typeof mockApi>
afterEach(() => {
  api.restore()
  vi.restoreAllMocks()
})

function fill(amount: string) {
  fireEvent.change(screen.getByLabelText(/Client \(business division\)/), { target: { value: CLIENT.id } })
  fireEvent.change(screen.getByLabelText(/KYC service/), { target: { value: SERVICE.id } })
  fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: amount } })
  fireEvent.change(screen.getByLabelText(/In force from/), { target: { value: '2030-01-01' } })
}

describe('Fee editor', () => {
  it('refuses an amount with three decimals on the shared schema, then posts naira as a number', async () => {
    api = mockApi(route('POST', '/fees', { status: 201, data: SAVED }))
    const onDone = vi.fn()
    renderWithClient(<FeeEditor fee={null} clients={[CLIENT]} services={[SERVICE]} onDone={onDone} />)
    fill('150.505')
    fireEvent.click(screen.getByRole('button', { name: 'Add the fee' }))
    expect(await screen.findByText('must have at most two decimals (kobo)')).toBeInTheDocument()
    expect(api.calls).toEqual([])

    fill('150.5')
    fireEvent.click(screen.getByRole('button', { name: 'Add the fee' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ pending: false, record: SAVED }))
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/fees',
        { divisionId: CLIENT.id, serviceDetailId: SERVICE.id, amount: 150.5, effectiveFrom: '2030-01-01', active: true },
      ],
    ])
  })

  it('puts a 409 on the day field and changes an existing fee with PUT', async () => {
    api = mockApi(
      route('PUT', `/fees/${SAVED.id}`, {
        status: 409,
        data: {
          errors: [
            {
              code: 'CONFLICT',
              message: 'A fee for this client and service already takes effect on that day',
              field: 'effectiveFrom',
            },
          ],
        },
      }),
    )
    renderWithClient(<FeeEditor fee={SAVED} clients={[CLIENT]} services={[SERVICE]} onDone={vi.fn()} />)
    fireEvent.click(screen.getByRole('button', { name: 'Save the fee' }))
    expect(await screen.findByText(/already takes effect on that day/)).toBeInTheDocument()
    expect(api.calls.map((c) => [c.method, c.path])).toEqual([['PUT', `/fees/${SAVED.id}`]])
  })
})
