import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from '@/lib/contracts/webhooks'
import { mockApi, page, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { WebhooksScreen } from '../webhooks-screen'

polyfillDialog()

const ENDPOINT: WebhookEndpoint = {
  id: '11111111-1111-4111-8111-111111111111',
  url: 'https://hooks.example.com/kyc',
  description: 'Core banking',
  eventTypes: ['business.decided'],
  active: true,
  createdBy: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
}
const FAILED: WebhookDelivery = {
  id: '22222222-2222-4222-8222-222222222222',
  endpointId: ENDPOINT.id,
  eventId: '33333333-3333-4333-8333-333333333333',
  eventType: 'business.decided',
  payload: {},
  status: 'FAILED',
  attempts: 6,
  nextAttemptAt: '2026-01-05T10:20:00.000Z',
  lastResponseCode: 503,
  lastError: 'answered 503',
  deliveredAt: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  attemptLog: [],
}

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

describe('Webhooks screen', () => {
  it('registers an endpoint with the API schema and shows its secret once', async () => {
    const created: CreatedWebhookEndpoint = {
      ...ENDPOINT,
      id: '44444444-4444-4444-8444-444444444444',
      url: 'https://erp.example.com/hook',
      eventTypes: ['deferral.decided'],
      secret: 'whsec_abc',
    }
    api = mockApi(route('GET', '/webhooks', { data: [ENDPOINT] }), route('POST', '/webhooks', { status: 201, data: created }))
    renderWithClient(<WebhooksScreen />)
    expect(await screen.findByRole('row', { name: /hooks\.example\.com/ })).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Register an endpoint' }))
    const form = screen.getByRole('form', { name: 'Register an endpoint' })
    fireEvent.click(within(form).getByRole('button', { name: 'Register the endpoint' }))
    expect(await within(form).findByText('choose at least one event')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([])

    fireEvent.change(within(form).getByLabelText(/URL/), { target: { value: 'https://erp.example.com/hook' } })
    fireEvent.click(within(form).getByLabelText(/Deferral approved or declined/))
    fireEvent.click(within(form).getByRole('button', { name: 'Register the endpoint' }))
    expect(await screen.findByLabelText('Signing secret')).toHaveTextContent('whsec_abc')
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      url: 'https://erp.example.com/hook',
      description: '',
      eventTypes: ['deferral.decided'],
      active: true,
    })
    fireEvent.click(screen.getByRole('button', { name: 'I have saved it' }))
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument()
  })

  it('under four-eyes says the endpoint was sent for approval; a new secret is shown once', async () => {
    api = mockApi(
      route('GET', '/webhooks', { data: [ENDPOINT] }),
      route('POST', '/webhooks', { status: 202, data: { id: 'a1', type: 'WEBHOOK_CREATE', status: 'PENDING' } }),
      route('POST', `/webhooks/${ENDPOINT.id}/secret`, { data: { ...ENDPOINT, secret: 'whsec_renewed' } }),
    )
    renderWithClient(<WebhooksScreen />)
    expect(await screen.findByRole('row', { name: /hooks\.example\.com/ })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Register an endpoint' }))
    const form = screen.getByRole('form', { name: 'Register an endpoint' })
    fireEvent.change(within(form).getByLabelText(/URL/), { target: { value: 'https://erp.example.com/hook' } })
    fireEvent.click(within(form).getByLabelText(/Deferral approved or declined/))
    fireEvent.click(within(form).getByRole('button', { name: 'Register the endpoint' }))
    expect(await screen.findByText(/Sent for approval/)).toBeInTheDocument()
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: `New signing secret for ${ENDPOINT.url}` }))
    expect(await screen.findByLabelText('Signing secret')).toHaveTextContent('whsec_renewed')
  })

  it('shows an endpoint’s deliveries and retries a failed one', async () => {
    api = mockApi(
      route('GET', '/webhooks', { data: [ENDPOINT] }),
      route('GET', `/webhooks/${ENDPOINT.id}/deliveries`, { data: page([FAILED]) }),
      route('POST', `/webhooks/deliveries/${FAILED.id}/retry`, { data: { ...FAILED, status: 'PENDING', attempts: 0 } }),
    )
    renderWithClient(<WebhooksScreen />)
    fireEvent.click(await screen.findByRole('button', { name: `Deliveries to ${ENDPOINT.url}` }))
    const log = await screen.findByRole('table', { name: 'Deliveries, newest first' })
    const row = await within(log).findByRole('row', { name: /Business approved or declined/ })
    expect(within(row).getByText('answered 503')).toBeInTheDocument()
    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/retry'))).toBe(true))
  })

  it('offers no second change or removal of an endpoint while one waits for approval, and says so', async () => {
    api = mockApi(
      route('GET', '/webhooks', {
        data: [ENDPOINT, { ...ENDPOINT, id: '44444444-4444-4444-8444-444444444444', url: 'https://b.example.com' }],
      }),
      route('GET', '/authorizations/pending', {
        data: [
          {
            id: 'a1',
            type: 'WEBHOOK_UPDATE',
            resource: 'webhook_endpoint',
            resourceId: ENDPOINT.id,
            target: ENDPOINT.url,
            what: `change the endpoint ${ENDPOINT.url}`,
            maker: { id: 'm1', name: 'Ada Maker' },
            createdAt: '2026-01-06T09:00:00.000Z',
            mine: false,
            visible: true,
          },
        ],
      }),
    )
    renderWithClient(<WebhooksScreen />)
    const waitingRow = (await screen.findByRole('rowheader', { name: /hooks\.example\.com/ })).closest('tr')!
    expect(await within(waitingRow).findByText('Change pending')).toBeInTheDocument()
    expect(within(waitingRow).queryByRole('button', { name: `Change ${ENDPOINT.url}` })).not.toBeInTheDocument()
    expect(within(waitingRow).queryByRole('button', { name: `Remove ${ENDPOINT.url}` })).not.toBeInTheDocument()
    expect(screen.getByText(/A request to change the endpoint .* is waiting for/)).toBeInTheDocument()
    // The other endpoint is untouched.
    expect(screen.getByRole('button', { name: 'Change https://b.example.com' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Remove https://b.example.com' })).toBeEnabled()
  })
})
