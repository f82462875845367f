import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DownloadMyData } from '@/features/account/components/download-my-data'
import { mockApi, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { apiError } from '@/tests/components/mock-api'

let api: ReturnType<typeof mockApi>
afterEach(() => {
  api.restore()
  vi.restoreAllMocks()
})

describe('Download my data (profile)', () => {
  it('fetches the export with the bearer-token client and saves it as a zip', async () => {
    const zip = new Blob(['PK'], { type: 'application/zip' })
    api = mockApi(route('GET', '/accounts/me/data-export', { data: zip }))
    const created = vi.fn(() => 'blob:my-data')
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() })
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.href} ${this.download}`)
    })
    renderWithClient(<DownloadMyData />)

    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }))
    await waitFor(() => expect(saved).toEqual(['blob:my-data my-personal-data.zip']))
    expect(created).toHaveBeenCalledWith(zip)
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /accounts/me/data-export'])
  })

  it('saves nothing when the export fails', async () => {
    api = mockApi(route('GET', '/accounts/me/data-export', apiError(500, 'INTERNAL', 'Something broke on our side')))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click')
    renderWithClient(<DownloadMyData />)
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }))
    await waitFor(() => expect(api.calls).toHaveLength(1))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled())
    expect(click).not.toHaveBeenCalled()
  })
})
