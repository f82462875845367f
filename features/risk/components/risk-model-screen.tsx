import { useQuery } from '@tanstack/react-query'
import dynamic from 'next/dynamic'
import { useRouter } from 'next/router'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Pagination } from '@/components/ui/pagination'
import { PendingChanges } from '@/components/ui/pending-changes'
import { ScrollTable } from '@/components/ui/scroll-table'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
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

const VERSIONS_PAGE = 10

function Versions({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const versions = useQuery(riskQueries.versions(page, VERSIONS_PAGE))
  if (versions.isError)
    return (
      <ErrorState
        message={describeError(versions.error, "We couldn't load the versions.")}
        onRetry={() => void versions.refetch()}
      />
    )
  if (!versions.data) return <Skeleton count={3} label="Loading the versions" />
  return (
    <>
      <ScrollTable
        caption="Versions, newest first"
        className={styles.table}
        columns={['Version', 'Status', 'Proposed', 'In force from', 'Reason', 'Dry run']}
      >
        <tbody>
          {versions.data.content.map((v: RiskModelVersionSummary) => (
            <tr key={v.id} data-version={v.version}>
              <th scope="row">{v.version}</th>
              <td>
                <StatusBadge
                  status={v.status}
                  label={VERSION_STATUS_WORDS[v.status].label}
                  tone={VERSION_STATUS_WORDS[v.status].tone}
                />
              </td>
              <td>
                {v.createdBy ?? 'The system'}, {formatDayTime(v.createdAt)}
              </td>
              <td>{v.activatedAt ? `${formatDayTime(v.activatedAt)} (${v.activatedBy ?? 'the system'})` : '—'}</td>
              <td>{v.reason ?? '—'}</td>
              <td>
                {v.status === 'PROPOSED' ? (
                  <Link href={paths.admin.riskModelDryRun(v.id)}>Dry run of version {v.version}</Link>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {versions.data.totalElements > VERSIONS_PAGE && (
        <Pagination
          label="Versions"
          pageNumber={page}
          pageSize={VERSIONS_PAGE}
          totalElements={versions.data.totalElements}
          onPageChange={onPage}
        />
      )}
    </>
  )
}

/**
 * The risk model screen (docs/risk.md#screens): the version in force in readable form, every version, and the editor
 * that starts from the version in force and proposes a new one; a proposal opens its dry run.
 */
export function RiskModelScreen() {
  const router = useRouter()
  const ids = { active: useId(), versions: useId(), editor: useId() }
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState(false)
  // The version in force: the list is newest first, and the active one is among the latest as a rule; look further when not.
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
                <Button onClick={() => setEditing(true)}>Propose a new version</Button>
              </div>
            )}
            {!editing && <RiskModelView model={active.data.model} />}
          </>
        )}
      </section>
      {editing && active.data && (
        <section className={styles.panel} aria-labelledby={ids.editor}>
          <h2 id={ids.editor}>New version</h2>
          <RiskModelEditor
            from={active.data}
            onCancel={() => setEditing(false)}
            onProposed={(proposed) => void router.push(paths.admin.riskModelDryRun(proposed.id))}
          />
        </section>
      )}
      <section className={styles.panel} aria-labelledby={ids.versions}>
        <h2 id={ids.versions}>Versions</h2>
        <Versions page={page} onPage={setPage} />
      </section>
    </div>
  )
}
