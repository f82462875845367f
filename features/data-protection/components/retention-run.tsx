import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { ScrollTable } from '@/components/ui/scroll-table'
import { notify } from '@/components/ui/toasts'
import type { RetentionReport, RetentionRule } from '@/lib/contracts/retention'
import { formatDate } from '@/lib/format/date'
import { describeError } from '@/lib/http/errors'
import { useRunRetention } from '../api/data-protection-calls'
import styles from './data-protection.module.css'

const RULE_LABELS: Record<RetentionRule, string> = {
  INACTIVE_APPLICATION: 'Application inactive',
  DECLINED: 'Declined',
  ENDED_RELATIONSHIP: 'Relationship ended',
}

/** The retention purge: a dry run first lists what is past its period, then "Run purge" removes it after a confirm. */
export function RetentionRun() {
  const run = useRunRetention()
  const [report, setReport] = useState<RetentionReport | null>(null)
  const [confirming, setConfirming] = useState(false)

  const start = (dryRun: boolean) =>
    run.mutate(dryRun, {
      onSuccess: (answer) => {
        setReport(answer)
        setConfirming(false)
        if (!answer.dryRun) notify(`Purged ${answer.businesses.length} businesses and ${answer.files} files`, { type: 'success' })
      },
      onError: () => setConfirming(false),
    })

  return (
    <section className={styles.section} aria-labelledby="retention-title">
      <h2 id="retention-title">Retention</h2>
      <p className={styles.muted}>See which businesses, drafts and files are past their retention period before purging them.</p>
      <div className={styles.actions}>
        <Button variant="secondary" loading={run.isPending && run.variables} loadingText="Checking…" onClick={() => start(true)}>
          Dry run
        </Button>
        {report?.dryRun && (report.businesses.length > 0 || report.draftForms > 0) && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Run purge
          </Button>
        )}
      </div>
      {run.isError && <ErrorState message={describeError(run.error)} headingLevel={3} title="The retention run failed" />}
      {report && <RetentionReportView report={report} />}
      <ConfirmDialog
        open={confirming}
        title="Purge now?"
        description="This cannot be undone: the businesses listed, their files and the stale drafts are deleted."
        confirmLabel="Run purge"
        destructive
        busy={run.isPending}
        busyText="Purging…"
        onConfirm={() => start(false)}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}

function RetentionReportView({ report }: { report: RetentionReport }) {
  const summary = `${report.businesses.length} businesses, ${report.draftForms} draft forms, ${report.files} files (${Math.ceil(report.bytes / 1024)} KB)`
  const outside = `${report.governmentEntities} archived government entities, ${report.supportInquiries} support inquiries, ${report.crmContacts} CRM contacts, ${report.handovers} partner handovers never imported`
  return (
    <div role="status" className={styles.section}>
      <p>
        <strong>{report.dryRun ? 'Would remove' : 'Removed'}:</strong> {summary}
        {report.blobsLeftBehind.length > 0 && (
          <span className={styles.warning}> · {report.blobsLeftBehind.length} files could not be deleted (see the log)</span>
        )}
      </p>
      <p>Outside businesses: {outside}</p>
      {report.businesses.length === 0 ? (
        <EmptyState title="No business is past its period" headingLevel={3} />
      ) : (
        <ScrollTable
          caption={report.dryRun ? 'Businesses the purge would remove' : 'Businesses removed'}
          columns={['Business', 'Registration', 'Rule', 'Since', 'Files']}
        >
          <tbody>
            {report.businesses.map((b) => (
              <tr key={b.id}>
                <th scope="row">{b.name}</th>
                <td>{b.regNo}</td>
                <td>{RULE_LABELS[b.rule]}</td>
                <td>{formatDate(b.since, 'd MMM yyyy')}</td>
                <td>{b.files}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </div>
  )
}
