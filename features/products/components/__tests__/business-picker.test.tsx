import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'
import { BusinessPicker } from '../business-picker'

const router = mockRouter({ pathname: '/s/products', query: { product: 'p1' }, isReady: true })
vi.mock('next/router', () => import('@/tests/components/router-mock'))

const MINE = [
  { id: '44444444-4444-4444-8444-444444444444', name: 'Lagos Spices Limited', regNo: 'RC1234567' },
  { id: '55555555-5555-4555-8555-555555555555', name: 'Kano Textiles', regNo: 'BN7654321' },
]

let api: ReturnType<typeof mockApi>
afterEach(() => {
  api.restore()
  router.replace.mockClear()
  sessionStorage.clear()
})

describe('BusinessPicker', () => {
  it('asks which business, naming the box when none is chosen, and puts the chosen one in the URL', async () => {
    api = mockApi(route('GET', '/businesses/user-businesses/me', { data: MINE }))
    renderWithClient(<BusinessPicker />)
    const select = await screen.findByRole('combobox', { name: /^Business/ })
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled()

    // Enter in the form without a choice: the box says what is missing, and nothing moves.
    fireEvent.submit(screen.getByRole('form', { name: 'Which business?' }))
    expect(await screen.findByText('Choose the business')).toBeInTheDocument()
    expect(select).toHaveAttribute('aria-invalid', 'true')
    expect(router.replace).not.toHaveBeenCalled()

    fireEvent.change(select, { target: { value: MINE[1]!.id } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() =>
      expect(router.replace).toHaveBeenCalledWith(
        { pathname: '/s/products', query: { product: 'p1', businessId: MINE[1]!.id } },
        undefined,
        { shallow: true },
      ),
    )
  })
})
