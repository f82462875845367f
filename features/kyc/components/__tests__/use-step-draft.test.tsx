import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DraftForm } from '../../api/types'

const calls = vi.hoisted(() => ({ saves: [] as { resolve: (d: DraftForm) => void }[], deletes: [] as string[] }))
vi.mock('../../api/draft-calls', () => ({
  saveDraft: () => new Promise<DraftForm>((resolve) => calls.saves.push({ resolve })),
  deleteDraft: async (id: string) => void calls.deletes.push(id),
}))

const { DRAFT_DEBOUNCE_MS, useStepDraft } = await import('../../model/use-step-draft')
const { kycQueries } = await import('../../api/kyc-queries')

const BUSINESS_ID = '11111111-1111-4111-8111-111111111111'
const draft = (id: string): DraftForm => ({
  id,
  businessId: BUSINESS_ID,
  kycDetailTypeId: 'ADDRESSES',
  data: {},
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
})

beforeEach(() => {
  calls.saves.length = 0
  calls.deletes.length = 0
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => vi.useRealTimers())

describe('useStepDraft', () => {
  it('deletes a draft once when a save on its way answers with the draft the discard already deleted', async () => {
    const client = new QueryClient()
    client.setQueryData(kycQueries.draft(BUSINESS_ID, 'ADDRESSES').queryKey, null)
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    const { result } = renderHook(() => useStepDraft<{ line1: string }>(BUSINESS_ID, 'ADDRESSES'), { wrapper })

    // A first save stores draft d-1.
    act(() => result.current.schedule({ line1: '7 Wharf' }))
    await act(async () => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS))
    await act(async () => calls.saves[0]!.resolve(draft('d-1')))
    await waitFor(() => expect(result.current.status).toBe('saved'))

    // A second save is on its way (the same draft, upserted) when the step is saved for real and the draft discarded.
    act(() => result.current.schedule({ line1: '7 Wharf Road' }))
    await act(async () => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS))
    expect(calls.saves).toHaveLength(2)
    await act(async () => void (await result.current.discard()))
    await act(async () => calls.saves[1]!.resolve(draft('d-1')))
    expect(calls.deletes).toEqual(['d-1'])

    // A save that created a new draft after the discard is still deleted.
    act(() => result.current.schedule({ line1: '8 Wharf Road' }))
    await act(async () => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS))
    await act(async () => void (await result.current.discard()))
    await act(async () => calls.saves[2]!.resolve(draft('d-2')))
    await waitFor(() => expect(calls.deletes).toEqual(['d-1', 'd-2']))
  })
})
