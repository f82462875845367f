import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { ACTIVE, PROPOSED } from '@/tests/components/risk-fixtures'
import { RiskModelEditor } from '../risk-model-editor'

const CATEGORIES = ['Financial Services', 'Oil and Gas', 'Education'].map((name, i) => ({
  id: `77777777-7777-4777-8777-77777777777${i}`,
  name,
  description: null,
}))

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())
// The form loads its schema and the zod resolver on first validation: load them once beforehand.
beforeAll(async () => {
  await Promise.all([import('@/lib/contracts/risk'), import('@hookform/resolvers/zod')])
})

function renderEditor() {
  const onProposed = vi.fn()
  renderWithClient(<RiskModelEditor from={ACTIVE} onProposed={onProposed} onCancel={() => undefined} />)
  const form = screen.getByRole('form', { name: 'New version of the risk model' })
  return { form, onProposed }
}

const submit = (form: HTMLElement) => fireEvent.click(within(form).getByRole('button', { name: 'Propose this version' }))

describe('RiskModelEditor', () => {
  it('starts from the model in force and shows each validation message at its field', async () => {
    let posted = false
    api = mockApi(
      route('GET', '/business-categories', { data: CATEGORIES }),
      route('POST', '/risk/models', () => {
        posted = true
        return { status: 201, data: PROPOSED }
      }),
    )
    const { form } = renderEditor()
    expect(within(form).getByLabelText(/Medium from/)).toHaveValue(20)
    expect(within(form).getByLabelText(/Sector 2: business category/)).toHaveValue('Oil and Gas')

    const firstPoints = within(within(form).getByRole('group', { name: 'Legal form RC' })).getByLabelText(/Points/)
    fireEvent.change(firstPoints, { target: { value: '' } })
    const country = within(form).getByLabelText(/Country 1: ISO code/)
    fireEvent.change(country, { target: { value: 'I1' } })
    submit(form)
    await waitFor(() => expect(firstPoints).toHaveAccessibleDescription(/Points must be a number/))
    expect(country).toHaveAccessibleDescription(/Two letters.*must be an ISO 3166-1 alpha-2 code/)
    expect(within(form).getByLabelText(/Why this new version/)).toHaveAccessibleDescription(/A reason has at least 3 characters/)

    // The thresholds are compared once every field has its shape (the schema's refinement runs on a whole model).
    fireEvent.change(firstPoints, { target: { value: '0' } })
    fireEvent.change(country, { target: { value: 'IR' } })
    fireEvent.change(within(form).getByLabelText(/High from/), { target: { value: '15' } })
    fireEvent.change(within(form).getByLabelText(/Why this new version/), { target: { value: 'Lower' } })
    submit(form)
    await waitFor(() =>
      expect(within(form).getByLabelText(/High from/)).toHaveAccessibleDescription(/must be more than the MEDIUM threshold/),
    )
    expect(posted).toBe(false)
  })

  it('adds and removes sectors and countries, and proposes the version with its reason', async () => {
    let body: { model: typeof ACTIVE.model; reason: string } | undefined
    api = mockApi(
      route('GET', '/business-categories', { data: CATEGORIES }),
      route('POST', '/risk/models', (call) => {
        body = call.body as typeof body
        return { status: 201, data: PROPOSED }
      }),
    )
    const { form, onProposed } = renderEditor()
    await within(within(form).getByLabelText(/Sector 1: business category/)).findByRole('option', { name: 'Education' })
    fireEvent.click(within(form).getByRole('button', { name: 'Remove sector 1' }))
    fireEvent.click(within(form).getByRole('button', { name: 'Add a sector' }))
    fireEvent.change(within(form).getByLabelText(/Sector 2: business category/), { target: { value: 'Education' } })
    const sector = form.querySelector<HTMLElement>('[data-sector="1"]')!
    fireEvent.change(within(sector).getByLabelText(/Points/), { target: { value: '12' } })
    fireEvent.change(within(sector).getByLabelText(/Why it raises the risk/), { target: { value: 'Cash fees' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Remove country 2' }))
    fireEvent.click(within(form).getByRole('button', { name: 'Add a country' }))
    fireEvent.change(within(form).getByLabelText(/Country 2: ISO code/), { target: { value: 'sy' } })
    fireEvent.change(within(form).getByLabelText(/Why this new version/), { target: { value: 'Education added' } })
    submit(form)

    await waitFor(() => expect(onProposed).toHaveBeenCalledWith(PROPOSED))
    expect(body!.reason).toBe('Education added')
    expect(body!.model.sectors).toEqual([
      { category: 'Oil and Gas', points: 10, words: 'Large cash flows and state contracts' },
      { category: 'Education', points: 12, words: 'Cash fees' },
    ])
    expect(body!.model.jurisdictions.countries).toEqual([
      { code: 'IR', level: 'HIGH_RISK' },
      { code: 'SY', level: 'MONITORED' },
    ])
  })

  it("puts the API's field errors at their fields", async () => {
    api = mockApi(
      route('GET', '/business-categories', { data: CATEGORIES }),
      route(
        'POST',
        '/risk/models',
        apiError(400, 'VALIDATION_FAILED', '"Oil and Gas" is not a business category', 'model.sectors.1.category'),
      ),
    )
    const { form, onProposed } = renderEditor()
    fireEvent.change(within(form).getByLabelText(/Why this new version/), { target: { value: 'A try' } })
    submit(form)
    await waitFor(() =>
      expect(within(form).getByLabelText(/Sector 2: business category/)).toHaveAccessibleDescription(
        /"Oil and Gas" is not a business category/,
      ),
    )
    expect(onProposed).not.toHaveBeenCalled()
  })
})
