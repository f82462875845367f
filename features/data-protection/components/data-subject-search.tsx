import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Form } from '@/components/ui/form'
import { ReasonField } from '@/components/ui/reason-field'
import { ScrollTable } from '@/components/ui/scroll-table'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import type { DataSubject, DataSubjectSearchQuery } from '@/lib/contracts/data-subjects'
import { describeError } from '@/lib/http/errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useEraseDataSubject, useExportDataSubject } from '../api/data-protection-calls'
import { dataProtectionQueries } from '../api/data-protection-queries'
import type { DataSubjectSearchValues } from '../model/search-form'
import styles from './data-protection.module.css'

const KIND_LABELS: Record<DataSubject['kind'], string> = {
  USER: 'User account',
  MEANS_OF_ID: 'Means of ID',
  SHAREHOLDER: 'Shareholder',
  GOVERNMENT_REPRESENTATIVE: 'Government representative',
  CRM_CONTACT: 'CRM contact',
  SUPPORT_INQUIRY: 'Support inquiry',
}
const MATCH_LABELS: Record<string, string> = { email: 'E-mail', name: 'Name', bvn: 'BVN', idNumber: 'ID number' }
const ERASE_REASON_MIN = 10

const resolver = lazyZodResolver<DataSubjectSearchValues, DataSubjectSearchQuery>(() =>
  import('../model/search-form').then((m) => m.dataSubjectSearchFormSchema as never),
)

/** Find a person by e-mail, name or identity number; export what the portal holds about them, or erase it. */
export function DataSubjectSearch() {
  const [search, setSearch] = useState<DataSubjectSearchQuery | null>(null)
  const [erasing, setErasing] = useState<DataSubject | null>(null)
  const subjects = useQuery({ ...dataProtectionQueries.subjects(search ?? {}), enabled: search !== null })
  const exportSubject = useExportDataSubject()
  const form = useForm<DataSubjectSearchValues, unknown, DataSubjectSearchQuery>({
    resolver,
    defaultValues: { email: '', name: '', identityNumber: '' },
  })
  const formError = form.formState.errors.root?.message

  useEffect(() => void resolver.preload(), [])

  return (
    <section className={styles.section} aria-labelledby="find-person-title">
      <h2 id="find-person-title">Find a person</h2>
      {/* A search that asks the API (and checks what it sends), not a list filter: a form. */}
      <Form
        form={form}
        onSubmit={setSearch}
        className={styles.search}
        role="search"
        aria-label="Find a person"
        showRootErrors={false}
      >
        <TextField<DataSubjectSearchValues>
          name="email"
          type="email"
          label="E-mail"
          autoComplete="off"
          className={styles.field}
        />
        <TextField<DataSubjectSearchValues> name="name" label="Name" autoComplete="off" className={styles.field} />
        <TextField<DataSubjectSearchValues>
          name="identityNumber"
          label="BVN, NIN or ID number"
          autoComplete="off"
          inputMode="text"
          className={styles.field}
        />
        <div>
          <Button type="submit" loading={subjects.isFetching} loadingText="Searching…">
            Search
          </Button>
        </div>
      </Form>
      {formError && (
        <p role="alert" className={styles.error}>
          {formError}
        </p>
      )}
      {search === null ? null : subjects.isPending ? (
        <p role="status" className={styles.muted}>
          Searching…
        </p>
      ) : subjects.isError ? (
        <ErrorState
          message={describeError(subjects.error)}
          onRetry={() => void subjects.refetch()}
          retrying={subjects.isFetching}
          headingLevel={3}
        />
      ) : subjects.data.length === 0 ? (
        <EmptyState title="Nobody found" description="No user, means of ID or shareholder matches." headingLevel={3} />
      ) : (
        <ScrollTable caption="People found" columns={['Name', 'Kind', 'Business', 'Matched by', 'Erasure', 'Actions']}>
          <tbody>
            {subjects.data.map((subject) => (
              <tr key={`${subject.kind}-${subject.id}`}>
                <th scope="row">
                  {subject.name}
                  {subject.email && <div className={styles.muted}>{subject.email}</div>}
                </th>
                <td>{KIND_LABELS[subject.kind]}</td>
                <td>{subject.businesses.map((b) => b.name).join(', ') || '—'}</td>
                <td>{subject.matchedBy.map((m) => MATCH_LABELS[m] ?? m).join(', ')}</td>
                <td>{subject.retentionDuty ? `Blocked: ${subject.retentionDuty}` : 'Allowed'}</td>
                <td>
                  <div className={styles.actions}>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Export the data of ${subject.name}`}
                      loading={exportSubject.isPending && exportSubject.variables?.id === subject.id}
                      onClick={() =>
                        exportSubject.mutate(subject, {
                          onSuccess: (fileName) => notify(`The export is downloading as ${fileName}`, { type: 'success' }),
                          onError: (error) => notify(describeError(error), { type: 'error' }),
                        })
                      }
                    >
                      Export
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={`Erase ${subject.name}`}
                      disabled={!!subject.retentionDuty}
                      title={subject.retentionDuty ?? undefined}
                      onClick={() => setErasing(subject)}
                    >
                      Erase
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <EraseDialog subject={erasing} onClose={() => setErasing(null)} />
    </section>
  )
}

function EraseDialog({ subject, onClose }: { subject: DataSubject | null; onClose: () => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const erase = useEraseDataSubject()
  const close = () => {
    setReason('')
    setError(null)
    onClose()
  }
  const confirm = () => {
    if (!subject) return
    const text = reason.trim()
    if (text.length < ERASE_REASON_MIN) {
      setError(`Say who asked and why, in at least ${ERASE_REASON_MIN} characters.`)
      return
    }
    erase.mutate(
      { kind: subject.kind, id: subject.id, reason: text },
      {
        onSuccess: () => {
          notify(`${subject.name}'s personal data was erased`, { type: 'success' })
          close()
        },
        onError: (caught) => setError(describeError(caught)),
      },
    )
  }
  return (
    <ConfirmDialog
      open={subject !== null}
      title={subject ? `Erase ${subject.name}?` : 'Erase'}
      description="This cannot be undone: the person's details and files are removed or pseudonymised, and their encryption keys destroyed."
      confirmLabel="Erase"
      destructive
      busy={erase.isPending}
      busyText="Erasing…"
      onConfirm={confirm}
      onCancel={close}
    >
      <ReasonField
        label="Reason (who asked and why)"
        value={reason}
        maxLength={1000}
        error={error}
        className={styles.field}
        errorClassName={styles.error}
        onChange={(value) => {
          setReason(value)
          setError(null)
        }}
      />
    </ConfirmDialog>
  )
}
