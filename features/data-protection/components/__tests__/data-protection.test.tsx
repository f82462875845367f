import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DataSubject } from '@/lib/contracts/data-subjects'
import type { RetentionReport } from '@/lib/contracts/retention'
import { mockApi, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { DataSubjectSearch } from '../data-subject-search'
import { RetentionRun } from '../retention-run'

polyfillDialog()

const BUSINESS = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Adebayo Foods Limited',
  approvalStatus: 'PENDING',
  archiveStatus: 'ACTIVE',
}
const ADA: DataSubject = {
  kind: 'USER',
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ada Obi',
  email: 'ada@example.com',
  businesses: [BUSINESS],
  matchedBy: ['email'],
  retentionDuty: null,
}
const BAYO: DataSubject = {
  kind: 'SHAREHOLDER',
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Bayo Ade',
  email: null,
  businesses: [{ ...BUSINESS, approvalStatus: 'APPROVED' }],
  matchedBy: ['name', 'bvn'],
  retentionDuty: 'Adebayo Foods Limited is an approved customer: KYC records are kept 5 years after the relationship ends',
}

let api: ReturnType<typeof mockApi>
afterEach(() => {
  api.restore()
  vi.restoreAllMocks()
})

const search = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
  fireEvent.click(screen.getByRole('button', { name: 'Search' }))
}

describe('Data protection: find a person', () => {
  it('searches by e-mail and lists who matched, what matched and whether erasure is blocked', async () => {
    api = mockApi(route('GET', '/data-subjects', { data: [ADA, BAYO] }))
    renderWithClient(<DataSubjectSearch />)
    search('E-mail', 'ada@example.com')

    const table = await screen.findByRole('table', { name: 'People found' })
    expect(api.calls.map((c) => [c.path, c.query.toString()])).toEqual([['/data-subjects', 'email=ada%40example.com']])
    const ada = within(table).getByRole('row', { name: /Ada Obi/ })
    expect(within(ada).getByText('User account')).toBeInTheDocument()
    expect(within(ada).getByText('Adebayo Foods Limited')).toBeInTheDocument()
    expect(within(ada).getByText('E-mail')).toBeInTheDocument()
    expect(within(ada).getByText('Allowed')).toBeInTheDocument()
    const bayo = within(table).getByRole('row', { name: /Bayo Ade/ })
    expect(within(bayo).getByText('Name, BVN')).toBeInTheDocument()
    expect(within(bayo).getByText(/Blocked: .*kept 5 years/)).toBeInTheDocument()
  })

  it('asks for something to search by instead of calling the API', async () => {
    api = mockApi()
    renderWithClient(<DataSubjectSearch />)
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Give an e-mail, a name or an identity number')
    expect(api.calls).toHaveLength(0)
  })

  it('refuses a value the API would refuse, naming the box, and focuses it', async () => {
    api = mockApi()
    renderWithClient(<DataSubjectSearch />)
    search('BVN, NIN or ID number', '12')
    expect(await screen.findByText('BVN, NIN or ID number must be at least 4 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('BVN, NIN or ID number')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('BVN, NIN or ID number')).toHaveFocus()
    expect(api.calls).toHaveLength(0)
  })

  it('says when nobody matches', async () => {
    api = mockApi(route('GET', '/data-subjects', { data: [] }))
    renderWithClient(<DataSubjectSearch />)
    search('Name', 'Nobody')
    expect(await screen.findByText('Nobody found')).toBeInTheDocument()
  })

  it("shows the API's error when the search fails", async () => {
    api = mockApi(
      route('GET', '/data-subjects', {
        status: 400,
        data: { errors: [{ code: 'VALIDATION', message: 'identityNumber must be at least 4 characters' }] },
      }),
    )
    renderWithClient(<DataSubjectSearch />)
    // A value the form lets through (it checks the API's rules first); the API refuses it all the same.
    search('BVN, NIN or ID number', '12345')
    expect(await screen.findByText('identityNumber must be at least 4 characters')).toBeInTheDocument()
  })

  it('erases a person only after a confirm with a reason of at least 10 characters', async () => {
    let erased: unknown
    api = mockApi(
      route('GET', '/data-subjects', { data: [ADA] }),
      route('POST', `/data-subjects/USER/${ADA.id}/erase`, (call) => {
        erased = call.body
        return {
          data: {
            kind: 'USER',
            id: ADA.id,
            pseudonymised: [],
            removed: ['users'],
            filesRemoved: 0,
            subjectKeysDestroyed: 1,
            blobsLeftBehind: [],
          },
        }
      }),
    )
    renderWithClient(<DataSubjectSearch />)
    search('E-mail', 'ada@example.com')
    fireEvent.click(await screen.findByRole('button', { name: 'Erase Ada Obi' }))

    const dialog = screen.getByRole('alertdialog', { name: 'Erase Ada Obi?' })
    expect(dialog).toHaveTextContent('This cannot be undone')
    const reason = within(dialog).getByLabelText('Reason (who asked and why)')
    expect(reason).toHaveFocus()
    fireEvent.change(reason, { target: { value: 'asked' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('at least 10 characters')
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    fireEvent.change(reason, { target: { value: 'E-mail from Ada Obi of 3 March asking for erasure' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }))
    await waitFor(() => expect(erased).toEqual({ reason: 'E-mail from Ada Obi of 3 March asking for erasure' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    // The list is read again after the erasure.
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/data-subjects')).toHaveLength(2))
  })

  it('disables erasure when a retention duty blocks it, and says why', async () => {
    api = mockApi(route('GET', '/data-subjects', { data: [BAYO] }))
    renderWithClient(<DataSubjectSearch />)
    search('Name', 'Bayo')
    const erase = await screen.findByRole('button', { name: 'Erase Bayo Ade' })
    expect(erase).toBeDisabled()
    expect(screen.getByText(/Blocked: Adebayo Foods Limited is an approved customer/)).toBeInTheDocument()
    fireEvent.click(erase)
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it("downloads a person's export as a zip", async () => {
    const zip = new Blob(['PK'], { type: 'application/zip' })
    api = mockApi(
      route('GET', '/data-subjects', { data: [ADA] }),
      route('GET', `/data-subjects/USER/${ADA.id}/export`, { data: zip }),
    )
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:ada'), revokeObjectURL: vi.fn() })
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.href} ${this.download}`)
    })
    renderWithClient(<DataSubjectSearch />)
    search('E-mail', 'ada@example.com')
    fireEvent.click(await screen.findByRole('button', { name: 'Export the data of Ada Obi' }))
    await waitFor(() => expect(saved).toEqual([`blob:ada personal-data-${ADA.id}.zip`]))
  })
})

const REPORT: RetentionReport = {
  dryRun: true,
  ranAt: '2026-11-25T10:00:00.000Z',
  cutoffs: { inactiveApplication: '2025-11-25', declined: '2024-11-25', endedRelationship: '2021-11-25' },
  businesses: [
    {
      id: BUSINESS.id,
      name: 'Stale Traders Limited',
      regNo: 'RC1234567',
      rule: 'INACTIVE_APPLICATION',
      since: '2025-01-10T00:00:00.000Z',
      files: 3,
    },
  ],
  draftForms: 2,
  governmentEntities: 1,
  supportInquiries: 4,
  crmContacts: 0,
  handovers: 2,
  files: 3,
  bytes: 4096,
  blobsDeleted: 0,
  blobsLeftBehind: [],
}

describe('Data protection: retention', () => {
  it('lists what a dry run would remove, and purges only after a confirm', async () => {
    const runs: unknown[] = []
    api = mockApi(
      route('POST', '/data-protection/retention', (call) => {
        runs.push(call.body)
        const dryRun = (call.body as { dryRun: boolean }).dryRun
        return { data: { ...REPORT, dryRun, blobsDeleted: dryRun ? 0 : 3 } }
      }),
    )
    renderWithClient(<RetentionRun />)
    expect(screen.queryByRole('button', { name: 'Run purge' })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }))

    const table = await screen.findByRole('table', { name: 'Businesses the purge would remove' })
    expect(within(table).getByRole('row', { name: /Stale Traders Limited/ })).toHaveTextContent('Application inactive')
    expect(screen.getByText(/1 businesses, 2 draft forms, 3 files/)).toBeInTheDocument()
    expect(
      screen.getByText(
        'Outside businesses: 1 archived government entities, 4 support inquiries, 0 CRM contacts, 2 partner handovers never imported',
      ),
    ).toBeInTheDocument()
    expect(runs).toEqual([{ dryRun: true }])

    fireEvent.click(screen.getByRole('button', { name: 'Run purge' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Purge now?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(runs).toHaveLength(1)

    fireEvent.click(screen.getByRole('button', { name: 'Run purge' }))
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Purge now?' })).getByRole('button', { name: 'Run purge' }))
    expect(await screen.findByRole('table', { name: 'Businesses removed' })).toBeInTheDocument()
    expect(runs).toEqual([{ dryRun: true }, { dryRun: false }])
  })
})
