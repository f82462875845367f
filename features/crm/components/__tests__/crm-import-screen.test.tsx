import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { CrmImportScreen } from '../crm-import-screen'

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

const csv = () => new File(['externalRef,name\nA1,Lagos Spices\n'], 'accounts.csv', { type: 'text/csv' })
const imports = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/crm/accounts/import')

describe('CrmImportScreen', () => {
  it('asks for the CSV file, naming it, before sending anything; then imports the chosen file', async () => {
    api = mockApi(route('POST', '/crm/accounts/import', { data: { created: 1, updated: 0 } }))
    renderWithClient(<CrmImportScreen />)
    const input = screen.getByLabelText('CSV file')

    fireEvent.click(screen.getByRole('button', { name: 'Import accounts' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a CSV file to import')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveFocus()
    expect(imports()).toHaveLength(0)

    const file = csv()
    fireEvent.change(input, { target: { files: [file] } })
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
    fireEvent.click(screen.getByRole('button', { name: 'Import accounts' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Imported: 1 new account, 0 updated.')
    expect(imports()).toHaveLength(1)
    expect((imports()[0]!.body as FormData).get('file')).toBeInstanceOf(File)
  })

  it('lists every line the server refused, and imports nothing', async () => {
    api = mockApi(
      route('POST', '/crm/accounts/import', {
        status: 400,
        data: {
          errors: [
            { code: 'VALIDATION_FAILED', field: 'line 2', message: 'Line 2: name is required' },
            { code: 'VALIDATION_FAILED', field: 'line 5', message: 'Line 5: email is not an e-mail address' },
          ],
        },
      }),
    )
    renderWithClient(<CrmImportScreen />)
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [csv()] } })
    fireEvent.click(screen.getByRole('button', { name: 'Import accounts' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Nothing was imported.')
    expect(alert).toHaveTextContent('Line 2: name is required')
    expect(alert).toHaveTextContent('Line 5: email is not an e-mail address')
  })
})
