import type { ParsedUrlQuery } from 'node:querystring'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProductApplication } from '@/features/onboarding/components/product-application'
import { PERMISSIONS } from '@/lib/permissions/names'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { apiError, mockApi, renderWithClient, route, type Call } from '@/tests/components/mock-api'
import { BUSINESS_ID, FILE_ID, onboarding, ONBOARDING_ID, product } from '@/tests/components/products-fixtures'
import { mockRouter } from '@/tests/components/router-mock'

mockRouter({
  pathname: '/s/products/ProductKyc',
  query: {} as ParsedUrlQuery,
  isReady: true,
  push: vi.fn(async () => true),
  replace: vi.fn(async () => true),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))
polyfillDialog()

const OWNER = new Set<string>([
  PERMISSIONS.CAN_ONBOARD_BUSINESS_PRODUCT,
  PERMISSIONS.CAN_UPDATE_ONBOARD_PRODUCT_REQUIREMENT,
  PERMISSIONS.CAN_REMOVE_ONBOARDED_PRODUCT,
])
const MINE = `/onboarding-products/me/POS-ACQUIRING`
const canProceed = route('GET', `/onboarding-products/can-proceed-kyc-capturing/${ONBOARDING_ID}`, {
  data: { canProceed: true, reasons: [] },
})
const limits = route('GET', '/files/upload-limits', { data: { maxBytes: 5 * 1024 * 1024, allowedTypes: ['application/pdf'] } })

let api: ReturnType<typeof mockApi>
beforeEach(() => localStorage.clear())
afterEach(() => api.restore())

describe('before applying', () => {
  it('shows what the product asks for and applies, forgetting the product chosen before signing in', async () => {
    localStorage.setItem('sourceProduct', 'POS-ACQUIRING')
    let applied = false
    api = mockApi(
      route('GET', MINE, () =>
        applied ? { data: onboarding() } : apiError(404, 'NOT_FOUND', 'You have not applied for this product yet'),
      ),
      route('GET', '/products/POS-ACQUIRING', { data: product() }),
      route('POST', '/onboarding-products', () => {
        applied = true
        return { status: 201, data: onboarding() }
      }),
      canProceed,
      limits,
    )
    renderWithClient(<ProductApplication productCode="POS-ACQUIRING" businessId={BUSINESS_ID} permissions={OWNER} />)
    expect(await screen.findByText('Photo of the shop front (document upload)')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Apply for POS terminal acquiring' }))

    expect(await screen.findByRole('form', { name: 'POS terminal acquiring requirements' })).toBeInTheDocument()
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ businessId: BUSINESS_ID, productCode: 'POS-ACQUIRING' })
    expect(localStorage.getItem('sourceProduct')).toBeNull()
  })

  it('lists why the application cannot start', async () => {
    api = mockApi(
      route('GET', MINE, apiError(404, 'NOT_FOUND', 'none')),
      route('GET', '/products/POS-ACQUIRING', { data: product() }),
      route('POST', '/onboarding-products', {
        status: 409,
        data: {
          errors: [
            { code: 'PRECONDITION_FAILED', message: 'The business is archived' },
            { code: 'PRECONDITION_FAILED', message: 'The business is blocked: Recertification was due on 30-Jun-2026' },
          ],
        },
      }),
    )
    renderWithClient(<ProductApplication productCode="POS-ACQUIRING" businessId={BUSINESS_ID} permissions={OWNER} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Apply for POS terminal acquiring' }))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('The business is archived')).toBeInTheDocument()
    expect(within(alert).getByText('The business is blocked: Recertification was due on 30-Jun-2026')).toBeInTheDocument()
  })

  it('says when the product is not offered', async () => {
    api = mockApi(
      route('GET', MINE, apiError(404, 'NOT_FOUND', 'none')),
      route('GET', '/products/OLD-THING', apiError(404, 'NOT_FOUND', 'none')),
    )
    renderWithClient(<ProductApplication productCode="OLD-THING" businessId={BUSINESS_ID} permissions={OWNER} />)
    expect(await screen.findByRole('heading', { name: 'This product is not offered' })).toBeInTheDocument()
  })
})

describe('the requirement form', () => {
  const saveRoute = (saved: Call[]) =>
    route('PUT', `/onboarding-products/${ONBOARDING_ID}/requirements`, (call) => {
      saved.push(call)
      return { data: onboarding() }
    })

  it('autosaves text after a pause, saves an upload at once and lists what blocks submission', async () => {
    const saved: Call[] = []
    api = mockApi(
      route('GET', MINE, { data: onboarding() }),
      saveRoute(saved),
      route('PUT', `/onboarding-products/${ONBOARDING_ID}/submit`, {
        status: 409,
        data: {
          errors: [
            { code: 'PRECONDITION_FAILED', message: 'Answer “Photo of the shop front”', field: 'requirements.shop_front_photo' },
          ],
        },
      }),
      canProceed,
      limits,
    )
    const upload = vi.fn(async () => ({ id: FILE_ID, fileName: 'shop.pdf', contentType: 'application/pdf', sizeBytes: 2048 }))
    renderWithClient(
      <ProductApplication productCode="POS-ACQUIRING" businessId={BUSINESS_ID} permissions={OWNER} upload={upload} />,
    )

    fireEvent.change(await screen.findByLabelText(/^Settlement account number/), { target: { value: '0123456789' } })
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 3000 })
    expect(saved[0]!.body).toEqual({ answers: [{ key: 'settlement_account', value: '0123456789' }] })
    expect(await screen.findByText('All changes saved')).toBeInTheDocument()

    const input = screen.getByLabelText(/^Photo of the shop front/)
    expect(input).toHaveAttribute('aria-required', 'true')
    await waitFor(() => expect(input).toBeEnabled())
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'shop.pdf', { type: 'application/pdf' })] } })
    await waitFor(() => expect(saved).toHaveLength(2))
    expect(saved[1]!.body).toEqual({ answers: [{ key: 'shop_front_photo', fileId: FILE_ID }] })

    // The save of the file can reach the API before the uploader has told the form it finished: until then the form
    // refuses a submit (the button is disabled), as it should, so wait as a user would.
    const submit = screen.getByRole('button', { name: 'Submit for review' })
    await waitFor(() => expect(submit).toBeEnabled())
    fireEvent.click(submit)
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Answer “Photo of the shop front”')).toBeInTheDocument()
    const kyc = await screen.findByRole('region', { name: 'Business KYC' })
    // The dashboard's and the KYC page's words (lib/status), not "can be captured or completed".
    expect(kyc).toHaveTextContent('KYC approved')
    expect(kyc).not.toHaveTextContent('can be captured')
    expect(within(kyc).getByRole('link', { name: 'View your KYC' })).toBeInTheDocument()
  })

  it('submits, saving what was typed first', async () => {
    const saved: Call[] = []
    let submitted = false
    api = mockApi(
      route('GET', MINE, () => ({ data: onboarding(submitted ? { status: 'IN_REVIEW', editable: false } : {}) })),
      saveRoute(saved),
      route('PUT', `/onboarding-products/${ONBOARDING_ID}/submit`, () => {
        submitted = true
        return {
          data: onboarding({
            status: 'IN_REVIEW',
            editable: false,
            answers: [{ key: 'settlement_account', value: '0123456789', file: null, updatedAt: '' }],
          }),
        }
      }),
      canProceed,
      limits,
    )
    renderWithClient(<ProductApplication productCode="POS-ACQUIRING" businessId={BUSINESS_ID} permissions={OWNER} />)
    fireEvent.change(await screen.findByLabelText(/^Settlement account number/), { target: { value: '0123456789' } })
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }))
    expect(await screen.findByText(/Our team is reviewing your application/)).toBeInTheDocument()
    expect(saved[0]!.body).toEqual({ answers: [{ key: 'settlement_account', value: '0123456789' }] })
    expect(api.calls.findIndex((c) => c.url.endsWith('/requirements'))).toBeLessThan(
      api.calls.findIndex((c) => c.url.endsWith('/submit')),
    )
    // Read-only now: the answer shows, no form.
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
  })

  it('shows the decline reason and offers to resubmit; withdrawing asks first', async () => {
    api = mockApi(
      route('GET', MINE, { data: onboarding({ status: 'DECLINED', decisionComment: 'The photo does not show the signage' }) }),
      route('DELETE', `/onboarding-products/${ONBOARDING_ID}`, { data: onboarding({ status: 'REMOVED', editable: false }) }),
      route('GET', '/products/POS-ACQUIRING', { data: product() }),
      canProceed,
      limits,
    )
    renderWithClient(<ProductApplication productCode="POS-ACQUIRING" businessId={BUSINESS_ID} permissions={OWNER} />)
    expect(await screen.findByText('The photo does not show the signage')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Resubmit for review' })).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw application' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw the POS terminal acquiring application?' })
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw application' }))
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true))
  })

  it('is read-only for a member without the requirement permission, with the reasons KYC cannot go on', async () => {
    api = mockApi(
      route('GET', MINE, {
        data: onboarding({ answers: [{ key: 'settlement_account', value: '0123456789', file: null, updatedAt: '' }] }),
      }),
      route('GET', `/onboarding-products/can-proceed-kyc-capturing/${ONBOARDING_ID}`, {
        data: { canProceed: false, reasons: ['The business is archived'] },
      }),
    )
    renderWithClient(<ProductApplication productCode="POS-ACQUIRING" businessId={BUSINESS_ID} permissions={new Set()} />)
    expect(await screen.findByText('0123456789')).toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).not.toBeInTheDocument()
    expect(await screen.findByText('The business is archived')).toBeInTheDocument()
  })
})
