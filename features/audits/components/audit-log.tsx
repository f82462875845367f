import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Fragment, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Pagination } from '@/components/ui/pagination'
import { ScrollTable } from '@/components/ui/scroll-table'
import { Skeleton } from '@/components/ui/skeleton'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import type { AuditExportQuery, AuditFilters, AuditRecord } from '@/lib/contracts/audits'
import { formatDayTime } from '@/lib/format/day'
import { describeError } from '@/lib/http/errors'
import { downloadAuditExport, useVerifyAuditChain } from '../api/audit-calls'
import { auditQueries, type AuditSearch } from '../api/audit-queries'
import styles from './audits.module.css'

const PAGE_SIZE = 20
/** The API's sort fields of the audit log; newest first when the URL names none. */
const AUDIT_SORTABLE = ['createdAt', 'resource', 'action']
const AUDIT_FILTER_KEYS = ['resource', 'actorId', 'action', 'from', 'to'] as const
const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2))

/** Before and after of one audit row, side by side (stacked on a phone). */
function Changes({ audit }: { audit: AuditRecord }) {
  const id = useId()
  // Each side scrolls on its own: a named, focusable region, so a keyboard can scroll it too.
  return (
    <div className={styles.changes}>
      {(['Before', 'After'] as const).map((side) => (
        <div key={side}>
          <h3 id={`${id}-${side}`} className={styles.side}>
            {side}
          </h3>
          <pre role="region" tabIndex={0} aria-labelledby={`${id}-${side}`}>
            {shown(side === 'Before' ? audit.before : audit.after)}
          </pre>
        </div>
      ))}
    </div>
  )
}

function VerifyChain() {
  const verify = useVerifyAuditChain()
  return (
    <div className={styles.verify}>
      <Button size="sm" variant="secondary" loading={verify.isPending} onClick={() => verify.mutate()}>
        Verify chain
      </Button>
      <p role="status" className={styles.verifyResult}>
        {verify.isError
          ? describeError(verify.error, 'The check could not run. Try again.')
          : verify.data
            ? verify.data.ok
              ? `Chain intact: ${verify.data.checked.toLocaleString('en-NG')} rows checked.`
              : `Chain broken at row ${verify.data.firstBrokenId} (${verify.data.checked.toLocaleString('en-NG')} rows checked).`
            : ''}
      </p>
    </div>
  )
}

/** Downloads the filtered log with its chain proof (CAN_EXPORT_AUDIT); the file says whether the chain held. */
function ExportLog({ filters }: { filters: AuditFilters }) {
  const [busy, setBusy] = useState<AuditExportQuery['format'] | null>(null)
  const [message, setMessage] = useState('')
  const exportAs = async (format: AuditExportQuery['format']) => {
    setBusy(format)
    setMessage('')
    try {
      setMessage(
        `Saved ${await downloadAuditExport(filters, format)}: the rows shown by the filters, with the chain proof first.`,
      )
    } catch (error) {
      setMessage(describeError(error, 'The export failed. Try again.'))
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className={styles.verify}>
      <Button size="sm" variant="secondary" loading={busy === 'csv'} disabled={!!busy} onClick={() => void exportAs('csv')}>
        Export CSV
      </Button>
      <Button size="sm" variant="secondary" loading={busy === 'ndjson'} disabled={!!busy} onClick={() => void exportAs('ndjson')}>
        Export NDJSON
      </Button>
      <p role="status" className={styles.verifyResult}>
        {message}
      </p>
    </div>
  )
}

/**
 * The audit log (CAN_AUDIT_SYSTEM): filters resource, actor, action, from, to in the URL; each row's changes; the
 * export of what the filters show for holders of CAN_EXPORT_AUDIT.
 */
export function AuditLog({ canExport = false }: { canExport?: boolean }) {
  // The page (`pageNumber`), sort and filters in the URL; 20 rows a page, no other size offered.
  const table = useTableUrlState({
    filterKeys: AUDIT_FILTER_KEYS,
    sortableIds: AUDIT_SORTABLE,
    defaultPageSize: PAGE_SIZE,
    pageSizeOptions: [PAGE_SIZE],
  })
  const { filters, sort } = table
  const headingId = useId()
  const [open, setOpen] = useState<string | null>(null)
  const resources = useQuery(auditQueries.resources())
  const actors = useQuery(auditQueries.actors())
  const search: AuditSearch = {
    ...(filters.resource ? { resource: filters.resource } : {}),
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(table.query.sort ? { sort: table.query.sort } : {}),
    pageNumber: table.pageNumber,
    pageSize: table.pageSize,
  }
  const audits = useQuery({ ...auditQueries.list(search), enabled: table.isReady, placeholderData: keepPreviousData })
  const set = (patch: Partial<Record<(typeof AUDIT_FILTER_KEYS)[number], string>>) => table.setFilters(patch)
  const { sort: _sort, pageNumber: _page, pageSize: _size, ...exportFilters } = search

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId}>Audit log</h2>
        <VerifyChain />
        {canExport && <ExportLog filters={exportFilters} />}
      </div>
      <form role="search" aria-label="Filter the audit log" className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          Resource
          <select value={filters.resource ?? ''} onChange={(e) => set({ resource: e.target.value })}>
            <option value="">All resources</option>
            {resources.data?.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label>
          Who
          <select value={filters.actorId ?? ''} onChange={(e) => set({ actorId: e.target.value })}>
            <option value="">Anyone</option>
            {actors.data?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name ? `${a.name} (${a.email ?? 'no e-mail'})` : (a.email ?? a.id)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Action
          <input
            type="search"
            defaultValue={filters.action ?? ''}
            placeholder="e.g. APPROVE"
            onBlur={(e) => set({ action: e.target.value.trim().toUpperCase() })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') set({ action: e.currentTarget.value.trim().toUpperCase() })
            }}
          />
        </label>
        <label>
          From
          <input type="date" value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label>
          To
          <input type="date" value={filters.to ?? ''} onChange={(e) => set({ to: e.target.value })} />
        </label>
      </form>
      {audits.isError ? (
        <ErrorState
          message={describeError(audits.error, "We couldn't load the audit log.")}
          onRetry={() => void audits.refetch()}
        />
      ) : !audits.data ? (
        <Skeleton count={4} label="Loading the audit log" />
      ) : audits.data.content.length === 0 ? (
        <EmptyState title="No audit row matches" headingLevel={3} description="Change the filters." />
      ) : (
        <>
          <ScrollTable
            caption={sort ? 'Audit rows' : 'Audit rows, newest first'}
            className={styles.table}
            columns={[
              { label: 'When', sortId: 'createdAt' },
              'Who',
              { label: 'Resource', sortId: 'resource' },
              { label: 'Action', sortId: 'action' },
              'Changes',
            ]}
            sort={sort}
            onSortChange={table.setSort}
          >
            <tbody>
              {audits.data.content.map((a) => (
                <Fragment key={a.id}>
                  <tr>
                    <td>{formatDayTime(a.createdAt)}</td>
                    <td>{a.actorEmail ?? 'system'}</td>
                    <td>
                      {a.resource}
                      {a.resourceId && <span className={styles.id}>{a.resourceId}</span>}
                    </td>
                    <td>{a.action}</td>
                    <td>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-expanded={open === a.id}
                        aria-label={`${open === a.id ? 'Hide' : 'Show'} the changes of ${a.action} on ${a.resource}`}
                        onClick={() => setOpen(open === a.id ? null : a.id)}
                      >
                        {open === a.id ? 'Hide' : 'Show'}
                      </Button>
                    </td>
                  </tr>
                  {open === a.id && (
                    <tr>
                      <td colSpan={5}>
                        <Changes audit={a} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </ScrollTable>
          {/* A ScrollTable, not a DataTable: a row opens its changes in a row of its own below it. */}
          <Pagination
            pageNumber={table.pageNumber}
            pageSize={table.pageSize}
            totalElements={audits.data.totalElements}
            onPageChange={table.setPageNumber}
            label="Audit log pages"
          />
        </>
      )}
    </section>
  )
}
