import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ListDryRunView, ScreeningLists } from '@/lib/contracts/screening'
import { setStepUpHandler } from '@/lib/http/step-up'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'
import { ScreeningListsScreen } from '../screening-lists-screen'

mockRouter({ pathname: '/s/admin/screening/lists', query: {}, isReady: true })
vi.mock('next/router', () => import('@/tests/components/router-mock'))

// Blob storage is another service: the browser's PUT is replaced by one that reports its progress and succeeds.
const blobPuts: { url: string; size: number }[] = []
let releaseBlobPut: () => void = () => undefined
vi.mock('@azure/storage-blob', () => ({
  BlockBlobClient: class {
    constructor(private url: string) {}
    async uploadData(file: File, options: { onProgress?: (p: { loadedBytes: number }) => void }) {
      options.onProgress?.({ loadedBytes: Math.floor(file.size / 2) })
      await new Promise<void>((resolve) => (releaseBlobPut = resolve))
      blobPuts.push({ url: this.url, size: file.size })
    }
  },
}))

polyfillDialog()

const VERSION_ID = '5b0d6f3e-7c55-4d1f-9b1e-0a3c2f4e5d61'
const AUTHORIZATION_ID = '9f1c2e3d-4b5a-4c6d-8e7f-a1b2c3d4e5f6'
const UPLOAD_ID = '0e9d8c7b-6a5f-4e3d-9c1b-2a3b4c5d6e7f'

const activeUn = {
  id: '1a2b3c4d-0000-4000-8000-000000000001',
  number: 1,
  status: 'ACTIVE' as const,
  publishedOn: '2026-02-27',
  source: 'consolidated.xml',
  checksum: 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00',
  recordCount: 1002,
  added: 1002,
  changed: 0,
  removed: 0,
  unknownCountries: [],
  stagedBy: 'the system (shipped snapshot)',
  stagedAt: '2026-11-01T08:00:00.000Z',
  activatedBy: 'the system (shipped snapshot)',
  activatedAt: '2026-11-01T08:00:00.000Z',
}
const LISTS: ScreeningLists = {
  matchThreshold: 0.86,
  lists: [
    {
      code: 'UN_CONSOLIDATED',
      name: 'UN Security Council Consolidated List',
      kind: 'SANCTIONS',
      format: 'UN_XML',
      entries: 1002,
      current: activeUn,
      waiting: null,
    },
    {
      code: 'INTERNAL_WATCH',
      name: 'Internal watch list',
      kind: 'WATCH',
      format: 'GENERIC_CSV',
      entries: 0,
      current: null,
      waiting: {
        ...activeUn,
        id: VERSION_ID,
        number: 1,
        status: 'PENDING',
        publishedOn: null,
        source: 'watch.csv',
        recordCount: 2,
        added: 2,
        stagedBy: 'Ngozi Okafor',
        activatedBy: null,
        activatedAt: null,
      },
    },
    {
      code: 'NG_DOMESTIC',
      name: 'Nigeria Sanctions List (domestic designations)',
      kind: 'SANCTIONS',
      format: 'GENERIC_CSV',
      entries: 0,
      current: null,
      waiting: null,
    },
  ],
  runs: [
    {
      id: '7a7a7a7a-0000-4000-8000-000000000007',
      listCode: 'UN_CONSOLIDATED',
      versionNumber: 1,
      status: 'RUNNING',
      total: 40,
      done: 10,
      hitsOpened: 1,
      createdAt: '2026-11-01T08:00:01.000Z',
      finishedAt: null,
    },
  ],
}
const SETTINGS = { matchThreshold: 0.86, defaultThreshold: 0.86 }
const DRY_RUN: ListDryRunView = {
  versionId: VERSION_ID,
  listCode: 'INTERNAL_WATCH',
  number: 2,
  publishedOn: null,
  recordCount: 2,
  added: 2,
  changed: 0,
  removed: 1,
  unknownCountries: ['Atlantis'],
  samples: {
    added: [
      { sourceId: 'IW-1', name: 'Ifeoma Quadri' },
      { sourceId: 'IW-2', name: 'Sahel Freight Ltd' },
    ],
    changed: [],
    removed: [{ sourceId: 'IW-0', name: 'Old Name' }],
  },
}

const reads = [
  route('GET', '/screening/lists', { data: LISTS }),
  route('GET', '/screening/settings', { data: SETTINGS }),
  route('GET', /^\/authorizations\/pending/, { data: [] }),
]

let api: ReturnType<typeof mockApi>
afterEach(() => {
  api.restore()
  blobPuts.length = 0
})

const csv = () => new File(['source_id,kind,name\nIW-1,PERSON,Ifeoma Quadri\n'], 'watch.csv', { type: 'text/csv' })

describe('ScreeningListsScreen', () => {
  it('shows each list with its active version, the version waiting for approval and the monitoring progress', async () => {
    api = mockApi(...reads)
    renderWithClient(<ScreeningListsScreen canManage={false} />)
    const un = await screen.findByRole('article', { name: 'UN Security Council Consolidated List' })
    expect(un).toHaveTextContent('UN_CONSOLIDATED')
    expect(un).toHaveTextContent('Sanctions')
    expect(within(un).getByText('Published by the source').nextSibling).toHaveTextContent('27-Feb-2026')
    expect(within(un).getByText('Records').nextSibling).toHaveTextContent('1,002')
    expect(within(un).getByText('Loaded').nextSibling).toHaveTextContent('approved by the system (shipped snapshot)')
    expect(within(un).getByText('Checksum (SHA-256)').nextSibling).toHaveTextContent(activeUn.checksum)

    const watch = screen.getByRole('article', { name: 'Internal watch list' })
    expect(watch).toHaveTextContent('No version loaded yet')
    expect(watch).toHaveTextContent('Version 1: waiting for a second person to approve its load')
    expect(watch).toHaveTextContent('2 records; 2 added, 0 changed, 0 removed. Staged by Ngozi Okafor')

    const run = screen.getByRole('progressbar', { name: 'Monitoring of UN_CONSOLIDATED version 1' })
    expect(run).toHaveAttribute('aria-valuenow', '25')
    expect(run).toHaveAttribute('aria-valuetext', '10 of 40 businesses')
    expect(screen.getByRole('heading', { name: 'Match threshold' }).parentElement).toHaveTextContent(
      'A candidate alerts at a score of 0.86 or more',
    )
    // A reader changes nothing.
    expect(screen.queryByRole('form', { name: 'Load a new version of a list' })).not.toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Add a designation' })).not.toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Change the match threshold' })).not.toBeInTheDocument()
  })

  it('says when the lists cannot be read, and reads them again on retry', async () => {
    let fail = true
    api = mockApi(
      route('GET', '/screening/lists', () => (fail ? apiError(500, 'INTERNAL_ERROR', 'The server failed') : { data: LISTS })),
      ...reads.slice(1),
    )
    renderWithClient(<ScreeningListsScreen canManage={false} />)
    expect(await screen.findByText('The server failed')).toBeVisible()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: /try again/i }))
    expect(await screen.findByRole('article', { name: 'Internal watch list' })).toBeVisible()
  })

  it('uploads the file with its progress, shows the dry run, and requests the load through four-eyes', async () => {
    api = mockApi(
      ...reads,
      route('POST', '/screening/uploads', {
        status: 201,
        data: {
          uploadId: UPLOAD_ID,
          uploadUrl: 'http://blob.test/screening-uploads/u/x?sig=1',
          expiresAt: '2026-12-01T00:00:00Z',
        },
      }),
      route('POST', '/screening/lists/INTERNAL_WATCH/versions', { status: 201, data: DRY_RUN }),
      route('POST', `/screening/versions/${VERSION_ID}/load`, { status: 202, data: { pending: { id: AUTHORIZATION_ID } } }),
    )
    renderWithClient(<ScreeningListsScreen canManage />)
    const panel = await screen.findByRole('form', { name: 'Load a new version of a list' })

    // Nothing is sent before a list and its file are chosen.
    fireEvent.click(within(panel).getByRole('button', { name: 'Upload and run the dry run' }))
    const listSelect = within(panel).getByLabelText(/^List/)
    await waitFor(() => expect(listSelect).toHaveAccessibleDescription(/Choose the list/))
    fireEvent.change(listSelect, { target: { value: 'INTERNAL_WATCH' } })
    await waitFor(() => expect(within(panel).getByLabelText(/^Format/)).toHaveValue('GENERIC_CSV'))
    fireEvent.click(within(panel).getByRole('button', { name: 'Upload and run the dry run' }))
    expect(await within(panel).findByText('Choose the file to upload')).toBeVisible()
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    fireEvent.change(within(panel).getByLabelText('List file (CSV)'), { target: { files: [csv()] } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Upload and run the dry run' }))

    // Half the bytes sent: the bar says so, and the button cannot be pressed again.
    const bar = await screen.findByRole('progressbar', { name: 'Uploading watch.csv' })
    await waitFor(() =>
      expect(bar).toHaveAttribute('aria-valuenow', String(Math.round((Math.floor(csv().size / 2) / csv().size) * 100))),
    )
    expect(screen.getByRole('button', { name: /Upload and run the dry run/ })).toBeDisabled()
    releaseBlobPut()

    const result = await screen.findByRole('region', { name: 'Dry run: version 2 of the Internal watch list' })
    // Focus moves in an effect, which React may run a task after the commit that showed the region.
    await waitFor(() => expect(within(result).getByRole('heading', { level: 3 })).toHaveFocus())
    expect(result).toHaveTextContent('2 records read')
    expect(result).toHaveTextContent('2 added, 0 changed, 1 removed')
    expect(within(result).getByRole('list', { name: 'Added entries' })).toHaveTextContent('Ifeoma Quadri (IW-1)')
    expect(within(result).getByRole('list', { name: 'Removed entries' })).toHaveTextContent('Old Name (IW-0)')
    expect(result).toHaveTextContent('Country names no lookup knows, left out of the entries: Atlantis')
    expect(blobPuts).toEqual([{ url: 'http://blob.test/screening-uploads/u/x?sig=1', size: csv().size }])
    const upload = api.calls.find((c) => c.path === '/screening/uploads')!
    expect(upload.body).toEqual({ fileName: 'watch.csv' })
    const staged = api.calls.find((c) => c.path === '/screening/lists/INTERNAL_WATCH/versions')!
    expect(staged.body).toEqual({ format: 'GENERIC_CSV', files: [{ part: 'list', uploadId: UPLOAD_ID, fileName: 'watch.csv' }] })

    // A reason is asked for, then a confirmation that says a second person approves it.
    fireEvent.click(within(result).getByRole('button', { name: 'Request the load' }))
    expect(await within(result).findByText(/A reason has at least/)).toBeVisible()
    fireEvent.change(within(result).getByLabelText(/Why load this version/), { target: { value: 'Monthly watch list refresh' } })
    fireEvent.click(within(result).getByRole('button', { name: 'Request the load' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Send version 2 of the Internal watch list for approval?' })
    expect(dialog).toHaveTextContent('confirm it is you')
    expect(dialog).toHaveTextContent('must approve the load in the authorizations inbox')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request the load' }))

    const sent = await screen.findByRole('group', { name: 'Load requested' })
    expect(sent).toHaveTextContent('The load of version 2 of the Internal watch list waits for a second person')
    expect(within(sent).getByRole('link', { name: 'See the request' })).toHaveAttribute(
      'href',
      `/s/admin/authorizations/details?id=${AUTHORIZATION_ID}`,
    )
    const load = api.calls.find((c) => c.path === `/screening/versions/${VERSION_ID}/load`)!
    expect(load.body).toEqual({ reason: 'Monthly watch list refresh' })
  })

  it('shows the line a malformed file is refused at, and keeps nothing', async () => {
    api = mockApi(
      ...reads,
      route('POST', '/screening/uploads', {
        status: 201,
        data: { uploadId: UPLOAD_ID, uploadUrl: 'http://blob.test/u?sig=1', expiresAt: '2026-12-01T00:00:00Z' },
      }),
      route(
        'POST',
        '/screening/lists/INTERNAL_WATCH/versions',
        apiError(400, 'VALIDATION_FAILED', 'line 3 of watch.csv: kind must be PERSON or ENTITY. Nothing was loaded.', 'file'),
      ),
    )
    renderWithClient(<ScreeningListsScreen canManage />)
    const panel = await screen.findByRole('form', { name: 'Load a new version of a list' })
    fireEvent.change(within(panel).getByLabelText(/^List/), { target: { value: 'INTERNAL_WATCH' } })
    await waitFor(() => expect(within(panel).getByLabelText(/^Format/)).toHaveValue('GENERIC_CSV'))
    fireEvent.change(within(panel).getByLabelText('List file (CSV)'), { target: { files: [csv()] } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Upload and run the dry run' }))
    const bar = await screen.findByRole('progressbar', { name: 'Uploading watch.csv' })
    await waitFor(() => expect(bar).not.toHaveAttribute('aria-valuenow', '0'))
    releaseBlobPut()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Nothing was staged: the file was refused.')
    expect(alert).toHaveTextContent('line 3 of watch.csv: kind must be PERSON or ENTITY')
    await waitFor(() => expect(alert).toHaveFocus())
    expect(screen.queryByRole('region', { name: /Dry run/ })).not.toBeInTheDocument()
  })

  it('asks the OFAC list for its three files', async () => {
    api = mockApi(
      route('GET', '/screening/lists', {
        data: {
          ...LISTS,
          lists: [
            {
              code: 'OFAC_SDN',
              name: 'OFAC SDN',
              kind: 'SANCTIONS',
              format: 'OFAC_CSV',
              entries: 0,
              current: null,
              waiting: null,
            },
          ],
        },
      }),
      ...reads.slice(1),
    )
    renderWithClient(<ScreeningListsScreen canManage />)
    const panel = await screen.findByRole('form', { name: 'Load a new version of a list' })
    fireEvent.change(within(panel).getByLabelText(/^List/), { target: { value: 'OFAC_SDN' } })
    expect(await within(panel).findByLabelText('sdn.csv (the names)')).toBeVisible()
    expect(within(panel).getByLabelText('alt.csv (the aliases)')).toBeVisible()
    expect(within(panel).getByLabelText('add.csv (the addresses)')).toBeVisible()
    expect(within(panel).queryByLabelText('List file (CSV)')).not.toBeInTheDocument()
  })

  it('proposes a threshold for approval, with the range checked and the API refusal at the field', async () => {
    let refuse = true
    api = mockApi(
      ...reads,
      route('PUT', '/screening/settings', () =>
        refuse
          ? apiError(409, 'CONFLICT', 'A change of the threshold already waits for approval', 'matchThreshold')
          : { status: 202, data: { pending: { id: AUTHORIZATION_ID } } },
      ),
    )
    renderWithClient(<ScreeningListsScreen canManage />)
    const form = await screen.findByRole('form', { name: 'Change the match threshold' })
    expect(form.parentElement).toHaveTextContent('does not apply at once')
    fireEvent.change(within(form).getByLabelText(/New threshold/), { target: { value: '0.3' } })
    fireEvent.change(within(form).getByLabelText(/Why change it/), { target: { value: 'Too many false matches' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Propose the threshold' }))
    expect(await within(form).findByText('must be at least 0.5')).toBeVisible()

    fireEvent.change(within(form).getByLabelText(/New threshold/), { target: { value: '0.9' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Propose the threshold' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Propose a threshold of 0.90?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose the threshold' }))
    expect(await within(form).findByText('A change of the threshold already waits for approval')).toBeVisible()

    refuse = false
    fireEvent.click(within(form).getByRole('button', { name: 'Propose the threshold' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Propose a threshold of 0.90?' })).getByRole('button', {
        name: 'Propose the threshold',
      }),
    )
    expect(await screen.findByText(/Sent for approval/)).toBeVisible()
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({
      matchThreshold: 0.9,
      reason: 'Too many false matches',
    })
  })

  it('sends a domestic designation by hand for approval, blank optional fields as null', async () => {
    api = mockApi(
      ...reads,
      route('POST', '/screening/lists/NG_DOMESTIC/entries', { status: 202, data: { pending: { id: AUTHORIZATION_ID } } }),
    )
    renderWithClient(<ScreeningListsScreen canManage />)
    const form = await screen.findByRole('form', { name: 'Add a designation' })
    expect(form.parentElement).toHaveTextContent('must approve it in the authorizations inbox')
    fireEvent.change(within(form).getByLabelText(/Designation reference/), { target: { value: 'NSL-014' } })
    fireEvent.change(within(form).getByLabelText(/Person or entity/), { target: { value: 'PERSON' } })
    fireEvent.change(within(form).getByLabelText(/Name as designated/), { target: { value: 'Ifeoma Quadri' } })
    fireEvent.change(within(form).getByLabelText(/Other names/), { target: { value: 'Ify Quadri\n\n I. Quadri ' } })
    fireEvent.change(within(form).getByLabelText(/Nationality/), { target: { value: 'ng' } })
    fireEvent.change(within(form).getByLabelText(/Why add it/), { target: { value: 'Designated by the NSC on Monday' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Request the designation' }))
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Designate Ifeoma Quadri on the Nigeria Sanctions List (domestic designations)?',
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request the designation' }))
    expect(await screen.findByText(/Sent for approval/)).toBeVisible()
    expect(api.calls.find((c) => c.path === '/screening/lists/NG_DOMESTIC/entries')!.body).toEqual({
      sourceId: 'NSL-014',
      subjectKind: 'PERSON',
      name: 'Ifeoma Quadri',
      aliases: ['Ify Quadri', 'I. Quadri'],
      dateOfBirth: null,
      nationality: 'NG',
      programme: null,
      listedOn: null,
      remarks: null,
      reason: 'Designated by the NSC on Monday',
    })
  })

  it('requests the load of a version already staged, repeating the call once the user confirmed it is them', async () => {
    const staged: ScreeningLists = {
      ...LISTS,
      lists: LISTS.lists.map((l) => (l.code === 'INTERNAL_WATCH' ? { ...l, waiting: { ...l.waiting!, status: 'STAGED' } } : l)),
    }
    let loads = 0
    api = mockApi(
      route('GET', '/screening/lists', { data: staged }),
      ...reads.slice(1),
      route('POST', `/screening/versions/${VERSION_ID}/load`, () =>
        ++loads === 1
          ? apiError(401, 'STEP_UP_REQUIRED', 'Confirm it is you to continue')
          : { status: 202, data: { pending: { id: AUTHORIZATION_ID } } },
      ),
    )
    const asked: string[] = []
    const removeHandler = setStepUpHandler(async (message) => {
      asked.push(message)
      return true
    })
    try {
      renderWithClient(<ScreeningListsScreen canManage />)
      const watch = await screen.findByRole('article', { name: 'Internal watch list' })
      expect(watch).toHaveTextContent('Version 1: dry run done, load not requested')
      fireEvent.click(within(watch).getByRole('button', { name: 'Request the load of version 1' }))
      fireEvent.change(within(watch).getByLabelText(/Why load this version/), { target: { value: 'Approved by the MLRO' } })
      fireEvent.click(within(watch).getByRole('button', { name: 'Request the load' }))
      const dialog = await screen.findByRole('alertdialog', { name: 'Send version 1 of the Internal watch list for approval?' })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Request the load' }))
      expect(await within(watch).findByText(/Sent for approval/)).toBeVisible()
      expect(asked).toEqual(['Confirm it is you to continue'])
      expect(loads).toBe(2)
    } finally {
      removeHandler()
    }
  })

  it('says the load was not requested when the user does not confirm it is them', async () => {
    const staged: ScreeningLists = {
      ...LISTS,
      lists: LISTS.lists.map((l) => (l.code === 'INTERNAL_WATCH' ? { ...l, waiting: { ...l.waiting!, status: 'STAGED' } } : l)),
    }
    api = mockApi(
      route('GET', '/screening/lists', { data: staged }),
      ...reads.slice(1),
      route('POST', `/screening/versions/${VERSION_ID}/load`, apiError(401, 'STEP_UP_REQUIRED', 'Confirm it is you to continue')),
    )
    const removeHandler = setStepUpHandler(async () => false)
    try {
      renderWithClient(<ScreeningListsScreen canManage />)
      const watch = await screen.findByRole('article', { name: 'Internal watch list' })
      fireEvent.click(within(watch).getByRole('button', { name: 'Request the load of version 1' }))
      fireEvent.change(within(watch).getByLabelText(/Why load this version/), { target: { value: 'Approved by the MLRO' } })
      fireEvent.click(within(watch).getByRole('button', { name: 'Request the load' }))
      const dialog = await screen.findByRole('alertdialog', { name: 'Send version 1 of the Internal watch list for approval?' })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Request the load' }))
      expect(await within(watch).findByRole('alert')).toHaveTextContent(
        'The load was not requested: it needs you to confirm it is you first.',
      )
      expect(within(watch).queryByText(/Sent for approval/)).not.toBeInTheDocument()
    } finally {
      removeHandler()
    }
  })
})
