import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Pagination } from '@/components/ui/pagination'
import { PendingChanges } from '@/components/ui/pending-changes'
import { ScrollTable } from '@/components/ui/scroll-table'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toasts'
import { useUrlState } from '@/components/ui/use-url-state'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { KYC_SERVICE_LABELS, KYC_SERVICE_TYPES, type KycServiceType } from '@/lib/contracts/fee-values'
import type { FeeRecord, FeeReportFilter } from '@/lib/contracts/fees'
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
const pageOf = (value: string | undefined) => Math.max(1, Number(value) || 1)

/** Fee configuration: the fees by client, service and active flag (filters in the URL), and the editor. */
function FeeConfiguration({ canEdit }: { canEdit: boolean }) {
  const { query, setQuery, isReady } = useUrlState()
  const headingId = useId()
  const [editing, setEditing] = useState<FeeRecord | 'new' | null>(null)
  const [sentFor, setSentFor] = useState<string | null>(null)
  const clients = useQuery(feeQueries.clients())
  const services = useQuery(feeQueries.services())
  const search = {
    divisionId: query.feeClient || undefined,
    serviceDetailId: query.feeService || undefined,
    active: query.feeActive === 'true' || query.feeActive === 'false' ? query.feeActive : undefined,
    pageNumber: pageOf(query.feePage),
    pageSize: PAGE_SIZE,
  } as const
  const fees = useQuery({ ...feeQueries.search(search), enabled: isReady, placeholderData: keepPreviousData })
  // Fee requests waiting for a checker: listed here, and a fee with one is not offered for another change.
  const waiting = useQuery({ ...authorizationReads.pending('fee'), enabled: canEdit }).data ?? []

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
          <select value={query.feeClient ?? ''} onChange={(e) => void setQuery({ feeClient: e.target.value, feePage: null })}>
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
          <select value={query.feeService ?? ''} onChange={(e) => void setQuery({ feeService: e.target.value, feePage: null })}>
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
          <select value={query.feeActive ?? ''} onChange={(e) => void setQuery({ feeActive: e.target.value, feePage: null })}>
            <option value="">Active and inactive</option>
            <option value="true">Active</option>
            <option value="false">Inactive</option>
          </select>
        </label>
      </form>
      {fees.isError ? (
        <ErrorState message={describeError(fees.error, "We couldn't load the fees.")} onRetry={() => void fees.refetch()} />
      ) : !fees.data ? (
        <Skeleton count={3} label="Loading the fees" />
      ) : fees.data.content.length === 0 ? (
        <EmptyState title="No fee matches" headingLevel={3} description="Add a fee, or change the filters." />
      ) : (
        <>
          <ScrollTable caption="Fees" className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Service</th>
                <th scope="col" className={styles.number}>
                  Amount
                </th>
                <th scope="col">In force from</th>
                <th scope="col">Status</th>
                {canEdit && <th scope="col">Change</th>}
              </tr>
            </thead>
            <tbody>
              {fees.data.content.map((fee) => (
                <tr key={fee.id}>
                  <td>{fee.divisionName}</td>
                  <td>
                    {KYC_SERVICE_LABELS[fee.serviceType]} · {fee.providerCode}
                  </td>
                  <td className={styles.number}>{formatCurrency(fee.amount)}</td>
                  <td>{fee.effectiveFrom}</td>
                  <td>{fee.active ? 'Active' : 'Inactive'}</td>
                  {canEdit && (
                    <td>
                      {waiting.some((p) => p.resourceId === fee.id) ? (
                        <span className={styles.muted}>Change pending</span>
                      ) : (
                        <Button size="sm" variant="secondary" onClick={() => setEditing(fee)}>
                          Edit
                          <VisuallyHidden>
                            {' '}
                            the fee of {fee.divisionName}, {KYC_SERVICE_LABELS[fee.serviceType]}
                          </VisuallyHidden>
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          <Pagination
            pageNumber={fees.data.pageNumber}
            pageSize={PAGE_SIZE}
            totalElements={fees.data.totalElements}
            onPageChange={(page) => void setQuery({ feePage: page })}
            label="Fee pages"
          />
        </>
      )}
    </section>
  )
}

/** The fee report: charges with the filters in the URL, totals by client and by service, and the XLSX download. */
function FeeReport() {
  const { query, setQuery, isReady } = useUrlState()
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
  const page = pageOf(query.chargesPage)
  const charges = useQuery({
    ...feeQueries.charges({ ...filter, pageNumber: page, pageSize: PAGE_SIZE }),
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
          <input
            type="date"
            value={query.from ?? ''}
            onChange={(e) => void setQuery({ from: e.target.value, chargesPage: null })}
          />
        </label>
        <label>
          To
          <input type="date" value={query.to ?? ''} onChange={(e) => void setQuery({ to: e.target.value, chargesPage: null })} />
        </label>
        <label>
          Client
          <select value={query.client ?? ''} onChange={(e) => void setQuery({ client: e.target.value, chargesPage: null })}>
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
          <select value={service ?? ''} onChange={(e) => void setQuery({ service: e.target.value, chargesPage: null })}>
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
      {charges.isError ? (
        <ErrorState
          message={describeError(charges.error, "We couldn't load the charges.")}
          onRetry={() => void charges.refetch()}
        />
      ) : !charges.data ? (
        <Skeleton count={3} label="Loading the charges" />
      ) : charges.data.content.length === 0 ? (
        <EmptyState title="No charge in this selection" headingLevel={3} />
      ) : (
        <>
          <ScrollTable caption="Charges" className={styles.table}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Business</th>
                <th scope="col">Client</th>
                <th scope="col">Service</th>
                <th scope="col" className={styles.number}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {charges.data.content.map((c) => (
                <tr key={c.id}>
                  <td>{formatDayTime(c.chargedAt)}</td>
                  <td>{c.businessName}</td>
                  <td>{c.divisionName ?? '(no division)'}</td>
                  <td>
                    {KYC_SERVICE_LABELS[c.serviceType]} · {c.providerCode}
                  </td>
                  <td className={styles.number}>{c.noFee ? 'No fee in force' : formatCurrency(c.amount)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          <Pagination
            pageNumber={charges.data.pageNumber}
            pageSize={PAGE_SIZE}
            totalElements={charges.data.totalElements}
            onPageChange={(p) => void setQuery({ chargesPage: p })}
            label="Charge pages"
          />
        </>
      )}
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
