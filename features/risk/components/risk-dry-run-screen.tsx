import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { PendingChanges } from '@/components/ui/pending-changes'
import { ReasonDialog } from '@/components/ui/reason-dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import type { RiskDryRunRow, RiskModel } from '@/lib/contracts/risk'
import { RISK_TIER_LABELS, TIER_ORDER, type RiskTier } from '@/lib/contracts/risk-values'
import { formatDayTime } from '@/lib/format/day'
import { describeRiskModel } from '@/lib/format/risk-model'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { authorizationReads } from '@/lib/query/shared-queries'
import { useRequestRiskModelActivation } from '../api/risk-calls'
import { riskQueries, type TierMove } from '../api/risk-queries'
import { VERSION_STATUS_WORDS } from '../model/risk-words'
import styles from './risk.module.css'

export const DRY_RUN_PAGE_SIZE = 25

const tierWords = (tier: RiskTier | null) => (tier ? RISK_TIER_LABELS[tier] : 'Not assessed')
const plural = (n: number) => `${n} ${n === 1 ? 'business' : 'businesses'}`

/** The rules the version adds and the ones it drops, against the version in force, in words. */
function ModelChanges({ proposed, active }: { proposed: RiskModel; active: RiskModel }) {
  const before = describeRiskModel(active)
  const after = describeRiskModel(proposed)
  const added = after.filter((l) => !before.includes(l))
  const removed = before.filter((l) => !after.includes(l))
  if (!added.length && !removed.length) return <p>The same rules as the version in force.</p>
  return (
    <div className={styles.countries}>
      <div>
        <h3>Now</h3>
        {removed.length ? (
          <ul className={styles.moves}>
            {removed.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>Nothing dropped</p>
        )}
      </div>
      <div>
        <h3>With this version</h3>
        {added.length ? (
          <ul className={styles.moves}>
            {added.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>Nothing added</p>
        )}
      </div>
    </div>
  )
}

/** The moves between tiers over the whole dry run: "Medium → High: 3 businesses". */
function Moves({ id }: { id: string }) {
  const moves = useQuery(riskQueries.dryRunMoves(id))
  if (moves.isError)
    return (
      <ErrorState message={describeError(moves.error, "We couldn't count the moves.")} onRetry={() => void moves.refetch()} />
    )
  if (!moves.data) return <Skeleton count={2} label="Counting the businesses whose tier would move" />
  if (!moves.data.length) return <p data-moves="none">No business would change tier.</p>
  const sorted = [...moves.data].sort(
    (a: TierMove, b: TierMove) =>
      (a.from ? TIER_ORDER[a.from] : -1) - (b.from ? TIER_ORDER[b.from] : -1) || TIER_ORDER[a.to] - TIER_ORDER[b.to],
  )
  return (
    <ul className={styles.moves} aria-label="Businesses moving between tiers">
      {sorted.map((m) => (
        <li key={`${m.from}-${m.to}`}>
          {tierWords(m.from)} → {tierWords(m.to)}: {plural(m.count)}
        </li>
      ))}
    </ul>
  )
}

const column = createColumnHelper<RiskDryRunRow>()
const columns = [
  column.accessor('businessName', {
    header: 'Business',
    meta: { isRowHeader: true, wrap: true },
    cell: (c) => <Link href={paths.approvals.businessPreview(c.row.original.businessId)}>{c.getValue()}</Link>,
  }),
  column.display({
    id: 'from',
    header: 'Now',
    cell: (c) =>
      `${tierWords(c.row.original.fromTier)}${c.row.original.fromScore === null ? '' : ` (${c.row.original.fromScore})`}`,
  }),
  column.display({
    id: 'to',
    header: 'With this version',
    cell: (c) => `${tierWords(c.row.original.toTier)} (${c.row.original.toScore})`,
  }),
]

/** The dry run's businesses a page at a time (keyset: the cursors of the pages seen are kept for "Previous"). */
function Businesses({ id }: { id: string }) {
  const [changedOnly, setChangedOnly] = useState(true)
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  const after = cursors.at(-1) ?? null
  const page = useQuery({
    ...riskQueries.dryRun(id, { after, pageSize: DRY_RUN_PAGE_SIZE, changedOnly }),
    placeholderData: keepPreviousData,
  })
  const toggle = () => {
    setChangedOnly((v) => !v)
    setCursors([null])
  }
  const rows = page.data?.content
  return (
    <>
      <div className={styles.cluster}>
        <Button variant="secondary" onClick={toggle} aria-pressed={!changedOnly}>
          {changedOnly ? 'Show every business' : 'Show only the businesses that move'}
        </Button>
      </div>
      <DataTable
        caption={changedOnly ? 'Businesses whose tier would move' : 'Every business the model applies to'}
        columns={columns}
        data={rows}
        getRowId={(r) => r.businessId}
        totalElements={rows?.length ?? 0}
        pageNumber={cursors.length}
        pageSize={DRY_RUN_PAGE_SIZE}
        isLoading={page.isPending}
        isFetching={page.isPlaceholderData}
        error={page.error}
        onRetry={() => void page.refetch()}
        emptyTitle={changedOnly ? 'No business would change tier' : 'No business to assess'}
        emptyDescription={
          changedOnly ? 'Every current business keeps its tier under this version.' : 'No business is submitted or approved yet.'
        }
        stateHeadingLevel={3}
      />
      {(cursors.length > 1 || page.data?.next) && (
        <nav aria-label="Dry run pages" className={styles.cluster}>
          <Button variant="secondary" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous page
          </Button>
          <Button
            variant="secondary"
            disabled={!page.data?.next || page.isPlaceholderData}
            onClick={() => setCursors((c) => [...c, page.data!.next])}
          >
            Next page
          </Button>
        </nav>
      )}
    </>
  )
}

function RequestActivation({ id, version }: { id: string; version: number }) {
  const request = useRequestRiskModelActivation(id)
  const [open, setOpen] = useState(false)
  const [sent, setSent] = useState<string | null>(null)
  const [applied, setApplied] = useState(false)
  const pending = useQuery(authorizationReads.pending('risk_model'))
  // One activation request waits at a time (the API refuses a second with 409), whichever version it is for.
  const waiting = pending.data
  if (applied) return <p role="status">Version {version} is in force.</p>
  return (
    <>
      <PendingChanges pending={waiting} sentFor={sent} />
      {!waiting?.length && !sent && (
        <div className={styles.cluster}>
          <Button onClick={() => setOpen(true)}>Request activation</Button>
        </div>
      )}
      <ReasonDialog
        open={open}
        title={`Put version ${version} in force?`}
        description="A second person must approve it. Once approved, every business is assessed again under this version."
        confirmLabel="Request activation"
        onCancel={() => setOpen(false)}
        onConfirm={async (reason) => {
          const answer = await request.mutateAsync(reason)
          if (answer.pending) setSent(answer.authorization.id)
          else setApplied(true)
          setOpen(false)
        }}
      />
    </>
  )
}

/**
 * A version's dry run (docs/risk.md#screens): what changes against the version in force in words, the moves between
 * tiers, the businesses that would move (or every one), and for a proposal its activation request (four-eyes).
 */
export function RiskDryRunScreen({ id, canManage }: { id: string; canManage: boolean }) {
  const ids = { head: useId(), moves: useId(), table: useId() }
  const version = useQuery(riskQueries.version(id))
  const list = useQuery(riskQueries.versions(1, 100))
  const activeId = list.data?.content.find((v) => v.status === 'ACTIVE')?.id
  const active = useQuery({ ...riskQueries.version(activeId ?? ''), enabled: !!activeId })
  if (version.isError)
    return (
      <ErrorState
        message={describeError(version.error, "We couldn't load the version.")}
        onRetry={() => void version.refetch()}
      />
    )
  if (!version.data) return <Skeleton count={5} label="Loading the version" />
  const v = version.data
  return (
    <div className={styles.stack}>
      <p>
        <Link href={paths.admin.riskModel()}>Back to the risk model</Link>
      </p>
      <section className={styles.panel} aria-labelledby={ids.head}>
        <h2 id={ids.head}>Version {v.version}</h2>
        <div className={styles.cluster}>
          <StatusBadge
            status={v.status}
            label={VERSION_STATUS_WORDS[v.status].label}
            tone={VERSION_STATUS_WORDS[v.status].tone}
          />
        </div>
        <dl className={styles.facts}>
          <dt>Proposed</dt>
          <dd>
            {v.createdBy ?? 'The system'}, {formatDayTime(v.createdAt)}
          </dd>
          <dt>Reason</dt>
          <dd>{v.reason ?? '—'}</dd>
        </dl>
        <h3>What changes against the version in force</h3>
        {active.data ? (
          active.data.id === v.id ? (
            <p>This is the version in force.</p>
          ) : (
            <ModelChanges proposed={v.model} active={active.data.model} />
          )
        ) : (
          <Skeleton count={2} label="Loading the version in force" />
        )}
        {canManage && v.status === 'PROPOSED' && <RequestActivation id={v.id} version={v.version} />}
      </section>
      <section className={styles.panel} aria-labelledby={ids.moves}>
        <h2 id={ids.moves}>Moves between tiers</h2>
        <Moves id={v.id} />
      </section>
      <section className={styles.panel} aria-labelledby={ids.table}>
        <h2 id={ids.table}>Businesses</h2>
        <Businesses id={v.id} />
      </section>
    </div>
  )
}
