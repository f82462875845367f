import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { PendingChanges } from '@/components/ui/pending-changes'
import { ScrollTable } from '@/components/ui/scroll-table'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toasts'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { KYC_SERVICE_LABELS, KYC_SERVICE_TYPES, type KycServiceType } from '@/lib/contracts/fee-values'
import type { FeeCharge, FeeRecord, FeeReportFilter } from '@/lib/contracts/fees'
import { formatDayTime } from '@/lib/format/day'
import { formatCurrency } from '@/lib/format/money'
import { SENT_FOR_APPROVAL } from '@/lib/http/config-answer'
import { describeError } from '@/lib/http/errors'
import { authorizationReads } from '@/lib/query/shared-queries'
import { downloadFeeReport } from '../api/fee-calls'
import { feeQueries } from '../api/report-queries'
import { FeeEditor } from './fee-editor'
import styles from './reports.module.css'

const PAGE_SIZE = 10
/** The tab shows two lists, each with its page in the URL under a key of its own; 10 rows a page, no other size. */
const FEE_LIST = { pageNumberKey: 'feePage', defaultPageSize: PAGE_SIZE, pageSizeOptions: [PAGE_SIZE] } as const
const CHARGE_LIST = { pageNumberKey: 'chargesPage', defaultPageSize: PAGE_SIZE, pageSizeOptions: [PAGE_SIZE] } as const
const FEE_FILTER_KEYS = ['feeClient', 'feeService', 'feeActive'] as const
const CHARGE_FILTER_KEYS = ['from', 'to', 'client', 'service'] as const

const feeColumn = createColumnHelper<FeeRecord>()
const chargeColumn = createColumnHelper<FeeCharge>()
const serviceOf = (row: { serviceType: KycServiceType; providerCode: string }) =>
  `${KYC_SERVICE_LABELS[row.serviceType]} · ${row.providerCode}`

const CHARGE_COLUMNS = [
  chargeColumn.accessor('chargedAt', { header: 'When', cell: (c) => formatDayTime(c.getValue()) }),
  chargeColumn.accessor('businessName', { header: 'Business' }),
  chargeColumn.accessor((c) => c.divisionName ?? '(no division)', { id: 'client', header: 'Client' }),
  chargeColumn.accessor(serviceOf, { id: 'service', header: 'Service' }),
  chargeColumn.accessor((c) => (c.noFee ? 'No fee in force' : formatCurrency(c.amount)), {
    id: 'amount',
    header: 'Amount',
    meta: { align: 'end' },
  }),
]

/** Fee configuration: the fees by client, service and active flag (filters in the URL), and the editor. */
function FeeConfiguration({ canEdit }: { canEdit: boolean }) {
  const table = useTableUrlState({ ...FEE_LIST, filterKeys: FEE_FILTER_KEYS })
  const query = table.filters
  const headingId = useId()
  const [editing, setEditing] = useState<FeeRecord | 'new' | null>(null)
  const [sentFor, setSentFor] = useState<string | null>(null)
  const clients = useQuery(feeQueries.clients())
  const services = useQuery(feeQueries.services())
  const search = {
    divisionId: query.feeClient || undefined,
    serviceDetailId: query.feeService || undefined,
    active: query.feeActive === 'true' || query.feeActive === 'false' ? query.feeActive : undefined,
    pageNumber: table.pageNumber,
    pageSize: table.pageSize,
  } as const
  const fees = useQuery({ ...feeQueries.search(search), enabled: table.isReady, placeholderData: keepPreviousData })
  // Fee requests waiting for a checker: listed here, and a fee with one is not offered for another change.
  const waiting = useQuery({ ...authorizationReads.pending('fee'), enabled: canEdit }).data ?? []
  const columns = [
    feeColumn.accessor('divisionName', { header: 'Client' }),
    feeColumn.accessor(serviceOf, { id: 'service', header: 'Service' }),
    feeColumn.accessor('amount', { header: 'Amount', cell: (c) => formatCurrency(c.getValue()), meta: { align: 'end' } }),
    feeColumn.accessor('effectiveFrom', { header: 'In force from' }),
    feeColumn.accessor((fee) => (fee.active ? 'Active' : 'Inactive'), { id: 'status', header: 'Status' }),
    ...(canEdit
      ? [
          feeColumn.display({
            id: 'change',
            header: 'Change',
            cell: ({ row: { original: fee } }) =>
              waiting.some((p) => p.resourceId === fee.id) ? (
                <span className={styles.muted}>Change pending</span>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => setEditing(fee)}>
                  Edit
                  <VisuallyHidden>
                    {' '}
                    the fee of {fee.divisionName}, {KYC_SERVICE_LABELS[fee.serviceType]}
                  </VisuallyHidden>
                </Button>
              ),
          }),
        ]
      : []),
  ]

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId}>Fee configuration</h2>
        {canEdit && editing === null && (
          <Button
            size="sm"
            onClick={() => {
              setSentFor(null)
              setEditing('new')
            }}
            disabled={!clients.data || !services.data}
          >
            New fee
          </Button>
        )}
      </div>
      {editing !== null && clients.data && services.data && (
        <FeeEditor
          fee={editing === 'new' ? null : editing}
          clients={clients.data}
          services={services.data}
          onDone={(answer) => {
            setEditing(null)
            if (answer?.pending) {
              setSentFor(answer.authorization.id)
              notify(SENT_FOR_APPROVAL, { type: 'success' })
            }
          }}
        />
      )}
      <PendingChanges pending={waiting} sentFor={sentFor} />
      <form role="search" aria-label="Filter fees" className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          Client
          <select value={query.feeClient ?? ''} onChange={(e) => table.setFilter('feeClient', e.target.value)}>
            <option value="">All clients</option>
            {clients.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Service
          <select value={query.feeService ?? ''} onChange={(e) => table.setFilter('feeService', e.target.value)}>
            <option value="">All services</option>
            {services.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {KYC_SERVICE_LABELS[s.serviceType]} · {s.provider.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select value={query.feeActive ?? ''} onChange={(e) => table.setFilter('feeActive', e.target.value)}>
            <option value="">Active and inactive</option>
            <option value="true">Active</option>
            <option value="false">Inactive</option>
          </select>
        </label>
      </form>
      <DataTable
        {...table.tableProps}
        caption="Fees"
        columns={columns}
        data={fees.data?.content}
        getRowId={(fee) => fee.id}
        totalElements={fees.data?.totalElements ?? 0}
        isLoading={fees.isPending}
        isFetching={fees.isPlaceholderData}
        error={fees.error}
        errorMessage={describeError(fees.error, "We couldn't load the fees.")}
        onRetry={() => void fees.refetch()}
        emptyTitle="No fee matches"
        emptyDescription="Add a fee, or change the filters."
        stateHeadingLevel={3}
      />
    </section>
  )
}

/** The fee report: charges with the filters in the URL, totals by client and by service, and the XLSX download. */
function FeeReport() {
  const table = useTableUrlState({ ...CHARGE_LIST, filterKeys: CHARGE_FILTER_KEYS })
  const query = table.filters
  const isReady = table.isReady
  const headingId = useId()
  const [downloading, setDownloading] = useState(false)
  const [downloadError, setDownloadError] = useState<string | null>(null)
  const clients = useQuery(feeQueries.clients())
  const service = KYC_SERVICE_TYPES.find((t) => t === query.service)
  const filter: FeeReportFilter = {
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    ...(query.client ? { divisionId: query.client } : {}),
    ...(service ? { serviceType: service } : {}),
  }
  const charges = useQuery({
    ...feeQueries.charges({ ...filter, pageNumber: table.pageNumber, pageSize: table.pageSize }),
    enabled: isReady,
    placeholderData: keepPreviousData,
  })
  const byClient = useQuery({ ...feeQueries.totalsByClient(filter), enabled: isReady })
  const byService = useQuery({ ...feeQueries.totalsByService(filter), enabled: isReady })

  const download = async () => {
    setDownloading(true)
    setDownloadError(null)
    try {
      await downloadFeeReport(filter)
    } catch (error) {
      setDownloadError(describeError(error, 'The download failed. Try again.'))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId}>Fee report</h2>
        <Button size="sm" variant="secondary" loading={downloading} onClick={() => void download()}>
          Download XLSX
        </Button>
      </div>
      {downloadError && <p role="alert">{downloadError}</p>}
      <form role="search" aria-label="Filter charges" className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          From
          <input type="date" value={query.from ?? ''} onChange={(e) => table.setFilter('from', e.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={query.to ?? ''} onChange={(e) => table.setFilter('to', e.target.value)} />
        </label>
        <label>
          Client
          <select value={query.client ?? ''} onChange={(e) => table.setFilter('client', e.target.value)}>
            <option value="">All clients</option>
            {clients.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Service
          <select value={service ?? ''} onChange={(e) => table.setFilter('service', e.target.value)}>
            <option value="">All services</option>
            {KYC_SERVICE_TYPES.map((t: KycServiceType) => (
              <option key={t} value={t}>
                {KYC_SERVICE_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
      </form>
      <div className={styles.grid}>
        {byClient.data ? (
          <ScrollTable caption="Totals by client" className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col" className={styles.number}>
                  Charges
                </th>
                <th scope="col" className={styles.number}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {byClient.data.rows.map((r) => (
                <tr key={r.divisionId ?? 'none'}>
                  <th scope="row">{r.divisionName ?? '(no division)'}</th>
                  <td className={styles.number}>{r.charges.toLocaleString('en-NG')}</td>
                  <td className={styles.number}>{formatCurrency(r.amount)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">Total</th>
                <td className={styles.number}>{byClient.data.total.charges.toLocaleString('en-NG')}</td>
                <td className={styles.number}>{formatCurrency(byClient.data.total.amount)}</td>
              </tr>
            </tbody>
          </ScrollTable>
        ) : (
          <Skeleton count={2} label="Loading the totals by client" />
        )}
        {byService.data ? (
          <ScrollTable caption="Totals by service" className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col" className={styles.number}>
                  Charges
                </th>
                <th scope="col" className={styles.number}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {byService.data.rows.map((r) => (
                <tr key={`${r.serviceType}-${r.providerCode}`}>
                  <th scope="row">
                    {KYC_SERVICE_LABELS[r.serviceType]} · {r.providerCode}
                  </th>
                  <td className={styles.number}>{r.charges.toLocaleString('en-NG')}</td>
                  <td className={styles.number}>{formatCurrency(r.amount)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">Total</th>
                <td className={styles.number}>{byService.data.total.charges.toLocaleString('en-NG')}</td>
                <td className={styles.number}>{formatCurrency(byService.data.total.amount)}</td>
              </tr>
            </tbody>
          </ScrollTable>
        ) : (
          <Skeleton count={2} label="Loading the totals by service" />
        )}
      </div>
      <DataTable
        {...table.tableProps}
        caption="Charges"
        columns={CHARGE_COLUMNS}
        data={charges.data?.content}
        getRowId={(c) => c.id}
        totalElements={charges.data?.totalElements ?? 0}
        isLoading={charges.isPending}
        isFetching={charges.isPlaceholderData}
        error={charges.error}
        errorMessage={describeError(charges.error, "We couldn't load the charges.")}
        onRetry={() => void charges.refetch()}
        emptyTitle="No charge in this selection"
        stateHeadingLevel={3}
      />
    </section>
  )
}

/** The Fees tab: configuration (editable with CAN_UPDATE_PRODUCT) and the report. */
export function FeesTab({ canEdit }: { canEdit: boolean }) {
  return (
    <div className={styles.stack}>
      <FeeReport />
      <FeeConfiguration canEdit={canEdit} />
    </div>
  )
}
