import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { revealIdentityNumber } from '@/lib/query/shared-queries'
import { mockApi, route } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { RevealIdentityNumber } from '../reveal-identity-number'

polyfillDialog()

const SHAREHOLDER_ID = '55555555-5555-4555-8555-555555555555'
const REVEAL_PATH = `/kyc/shareholders/${SHAREHOLDER_ID}/reveal`

let api: ReturnType<typeof mockApi> | undefined
afterEach(() => {
  api?.restore()
  api = undefined
})

function renderReveal(canReveal = true) {
  return render(
    <RevealIdentityNumber
      masked="*******5678"
      target="shareholders"
      recordId={SHAREHOLDER_ID}
      field="bvn"
      label="BVN of Ada Obi"
      canReveal={canReveal}
      reveal={revealIdentityNumber}
    />,
  )
}

const openDialog = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Reveal BVN of Ada Obi' }))
  return screen.getByRole('alertdialog', { name: 'Reveal the BVN of Ada Obi' })
}

describe('RevealIdentityNumber', () => {
  it('shows the masked value and no action when the viewer may not reveal', () => {
    renderReveal(false)
    expect(screen.getByTestId('identity-number')).toHaveTextContent('*******5678')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('opens a labelled dialog with focus in the reason field', () => {
    renderReveal()
    expect(screen.getByTestId('identity-number')).toHaveTextContent('*******5678')
    const dialog = openDialog()
    expect(within(dialog).getByLabelText('Why do you need it?')).toHaveFocus()
  })

  it.each([
    ['empty', ''],
    ['short', 'audit'],
  ])('refuses a reason that is %s, without calling the API', async (_, reason) => {
    api = mockApi()
    renderReveal()
    const dialog = openDialog()
    fireEvent.change(within(dialog).getByLabelText('Why do you need it?'), { target: { value: reason } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Say why you need it, in at least 10 characters')
    expect(within(dialog).getByLabelText('Why do you need it?')).toHaveAttribute('aria-invalid', 'true')
    expect(api.calls).toHaveLength(0)
    expect(screen.getByTestId('identity-number')).toHaveTextContent('*******5678')
  })

  it('reveals the clear value after an audited call, then hides it again', async () => {
    api = mockApi(route('POST', REVEAL_PATH, { data: { field: 'bvn', value: '22212345678' } }))
    renderReveal()
    const dialog = openDialog()
    fireEvent.change(within(dialog).getByLabelText('Why do you need it?'), { target: { value: '  Checking against NIBSS  ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal' }))

    await waitFor(() => expect(screen.getByTestId('identity-number')).toHaveTextContent('22212345678'))
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', REVEAL_PATH, { field: 'bvn', reason: 'Checking against NIBSS' }],
    ])
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())

    fireEvent.click(screen.getByRole('button', { name: 'Hide BVN of Ada Obi' }))
    expect(screen.getByTestId('identity-number')).toHaveTextContent('*******5678')
    expect(screen.getByRole('button', { name: 'Reveal BVN of Ada Obi' })).toBeInTheDocument()
  })

  it("shows the API's error in the dialog and keeps the number masked when the call fails", async () => {
    api = mockApi(
      route('POST', REVEAL_PATH, {
        status: 403,
        data: { errors: [{ code: 'FORBIDDEN', message: 'You may not see this number' }] },
      }),
    )
    renderReveal()
    const dialog = openDialog()
    fireEvent.change(within(dialog).getByLabelText('Why do you need it?'), { target: { value: 'Checking against NIBSS' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You may not see this number')
    expect(api.calls).toHaveLength(1)
    expect(screen.getByTestId('identity-number')).toHaveTextContent('*******5678')
  })
})
