import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import dynamic from 'next/dynamic'
import { useRouter } from 'next/router'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { PendingChanges } from '@/components/ui/pending-changes'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { useLocalPaging } from '@/components/ui/use-local-paging'
import type { RiskModelVersionSummary } from '@/lib/contracts/risk'
import { formatDayTime } from '@/lib/format/day'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { authorizationReads } from '@/lib/query/shared-queries'
import { riskQueries } from '../api/risk-queries'
import { VERSION_STATUS_WORDS } from '../model/risk-words'
import { RiskModelView } from './risk-model-view'
import styles from './risk.module.css'

const RiskModelEditor = dynamic(() => import('./risk-model-editor').then((m) => m.RiskModelEditor), {
  loading: () => <Skeleton count={6} label="Loading the editor" />,
})

const column = createColumnHelper<RiskModelVersionSummary>()
const columns = [
  column.accessor('version', { header: 'Version', meta: { isRowHeader: true } }),
  column.accessor('status', {
    header: 'Status',
    cell: (c) => (
      <StatusBadge
        status={c.getValue()}
        label={VERSION_STATUS_WORDS[c.getValue()].label}
        tone={VERSION_STATUS_WORDS[c.getValue()].tone}
      />
    ),
  }),
  column.display({
    id: 'proposed',
    header: 'Proposed',
    meta: { wrap: true },
    cell: (c) => `${c.row.original.createdBy ?? 'The system'}, ${formatDayTime(c.row.original.createdAt)}`,
  }),
  column.display({
    id: 'activated',
    header: 'In force from',
    meta: { wrap: true },
    cell: (c) =>
      c.row.original.activatedAt
        ? `${formatDayTime(c.row.original.activatedAt)} (${c.row.original.activatedBy ?? 'the system'})`
        : '—',
  }),
  column.accessor('reason', { header: 'Reason', meta: { wrap: true }, cell: (c) => c.getValue() ?? '—' }),
  column.display({
    id: 'dryRun',
    header: 'Dry run',
    cell: (c) =>
      c.row.original.status === 'PROPOSED' ? (
        <Link href={paths.admin.riskModelDryRun(c.row.original.id)}>Dry run of version {c.row.original.version}</Link>
      ) : (
        '—'
      ),
  }),
]

function Versions() {
  const paging = useLocalPaging(10)
  const versions = useQuery({
    ...riskQueries.versions(paging.page.pageNumber, paging.page.pageSize),
    placeholderData: keepPreviousData,
  })
  return (
    <DataTable
      {...paging.tableProps}
      caption="Versions, newest first"
      hideCaption
      columns={columns}
      data={versions.data?.content}
      getRowId={(v) => v.id}
      totalElements={versions.data?.totalElements ?? 0}
      isLoading={versions.isPending}
      isFetching={versions.isPlaceholderData}
      error={versions.error}
      onRetry={() => void versions.refetch()}
      emptyTitle="No version yet"
      stateHeadingLevel={3}
    />
  )
}

/**
 * The risk model screen (docs/risk.md#screens): the version in force in readable form, every version, and the editor
 * that starts from the version in force and proposes a new one; a proposal opens its dry run.
 */
export function RiskModelScreen() {
  const router = useRouter()
  const ids = { active: useId(), versions: useId(), editor: useId() }
  const [editing, setEditing] = useState(false)
  // Opening the editor replaces its button: focus goes to the editor's heading, and back to the button on cancel.
  const editorHeading = useRef<HTMLHeadingElement>(null)
  const proposeButton = useRef<HTMLButtonElement>(null)
  const toggled = useRef(false)
  useEffect(() => {
    if (!toggled.current) return
    ;(editing ? editorHeading : proposeButton).current?.focus()
  }, [editing])
  const edit = (on: boolean) => {
    toggled.current = true
    setEditing(on)
  }
  // The version in force is among the latest 100 versions (newest first) unless 100 proposals followed it.
  const list = useQuery(riskQueries.versions(1, 100))
  const activeId = list.data?.content.find((v) => v.status === 'ACTIVE')?.id
  const active = useQuery({ ...riskQueries.version(activeId ?? ''), enabled: !!activeId })
  const pending = useQuery(authorizationReads.pending('risk_model'))
  const error = list.error ?? active.error
  return (
    <div className={styles.stack}>
      <PendingChanges pending={pending.data} />
      <section className={styles.panel} aria-labelledby={ids.active}>
        <h2 id={ids.active}>{active.data ? `Version ${active.data.version} in force` : 'The version in force'}</h2>
        {error ? (
          <ErrorState
            message={describeError(error, "We couldn't load the model.")}
            onRetry={() => void (list.isError ? list.refetch() : active.refetch())}
          />
        ) : !active.data ? (
          <Skeleton count={6} label="Loading the model in force" />
        ) : (
          <>
            <p className={styles.muted}>
              In force since {active.data.activatedAt ? formatDayTime(active.data.activatedAt) : '—'}
              {active.data.reason ? `: ${active.data.reason}` : ''}
            </p>
            {!editing && (
              <div className={styles.cluster}>
                <Button ref={proposeButton} onClick={() => edit(true)}>
                  Propose a new version
                </Button>
              </div>
            )}
            {!editing && <RiskModelView model={active.data.model} />}
          </>
        )}
      </section>
      {editing && active.data && (
        <section className={styles.panel} aria-labelledby={ids.editor}>
          <h2 id={ids.editor} ref={editorHeading} tabIndex={-1}>
            New version
          </h2>
          <RiskModelEditor
            from={active.data}
            onCancel={() => edit(false)}
            onProposed={(proposed) => void router.push(paths.admin.riskModelDryRun(proposed.id))}
          />
        </section>
      )}
      <section className={styles.panel} aria-labelledby={ids.versions}>
        <h2 id={ids.versions}>Versions</h2>
        <Versions />
      </section>
    </div>
  )
}
