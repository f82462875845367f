import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { cx } from '@/components/ui/cx'
import { ErrorState } from '@/components/ui/error-state'
import { PendingChanges } from '@/components/ui/pending-changes'
import { ScrollTable } from '@/components/ui/scroll-table'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toasts'
import type { DeferrableMappingAnswer, DeferrableMappingInput } from '@/lib/contracts/deferral-review'
import type { DocumentType } from '@/lib/contracts/kyc-documents'
import { SENT_FOR_APPROVAL } from '@/lib/http/config-answer'
import { describeError, getApiErrors } from '@/lib/http/errors'
import { authorizationReads, referenceReads } from '@/lib/query/shared-queries'
import {
  REGISTRATION_CLASS_LABELS,
  REGISTRATION_CLASSES,
  type RegistrationClass,
} from '@/lib/validation/registration-number-rules'
import sharedStyles from '@/styles/staff-screens.module.css'
import { useSaveMapping } from '../api/deferral-settings-calls'
import { staffDocumentQueries } from '../api/staff-document-queries'
import own from './deferral-settings.module.css'
import ownStyles from './staff-documents.module.css'

const styles = { ...sharedStyles, ...ownStyles }

interface Row {
  id: string
  name: string
  isCac: boolean
  isActive: boolean
}

type Cell = `${RegistrationClass}:${string}`
const cellOf = (registrationClass: RegistrationClass, documentTypeId: string): Cell => `${registrationClass}:${documentTypeId}`
const parseCell = (cell: Cell) => {
  const at = cell.indexOf(':')
  return { registrationClass: cell.slice(0, at) as RegistrationClass, documentTypeId: cell.slice(at + 1) }
}

/** Every document type, and any type the mapping names that the list lacks (its row must not be lost on save). */
export function mappingRows(types: readonly DocumentType[], mapping: DeferrableMappingAnswer): Row[] {
  const rows = new Map<string, Row>(types.map((t) => [t.id, { id: t.id, name: t.name, isCac: t.isCac, isActive: t.isActive }]))
  for (const item of mapping.items) {
    if (!rows.has(item.documentTypeId))
      rows.set(item.documentTypeId, {
        id: item.documentTypeId,
        name: item.documentType.name,
        isCac: item.documentType.isCac,
        isActive: item.documentType.isActive,
      })
  }
  return [...rows.values()].sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name))
}

/** The PUT body of the ticked cells, in matrix order (class by class, rows in order). */
export function mappingInput(rows: readonly Row[], ticked: ReadonlySet<Cell>): DeferrableMappingInput {
  return {
    items: REGISTRATION_CLASSES.flatMap((registrationClass) =>
      rows.filter((r) => ticked.has(cellOf(registrationClass, r.id))).map((r) => ({ registrationClass, documentTypeId: r.id })),
    ),
  }
}

const changeText = (cells: readonly Cell[], names: ReadonlyMap<string, string>) =>
  cells.map((cell) => {
    const { registrationClass, documentTypeId } = parseCell(cell)
    return `${names.get(documentTypeId) ?? 'A document'} for ${REGISTRATION_CLASS_LABELS[registrationClass]} (${registrationClass})`
  })

function MappingForm({ rows, saved, canEdit }: { rows: Row[]; saved: ReadonlySet<Cell>; canEdit: boolean }) {
  const waiting = useQuery(authorizationReads.pending('deferrable_mapping')).data
  const [ticked, setTicked] = useState<Set<Cell>>(() => new Set(saved))
  const [confirming, setConfirming] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  const [sentFor, setSentFor] = useState<string | null>(null)
  const save = useSaveMapping()
  const names = useMemo(() => new Map(rows.map((r) => [r.id, r.name])), [rows])

  const added = [...ticked].filter((c) => !saved.has(c))
  const removed = [...saved].filter((c) => !ticked.has(c))
  const changes = added.length + removed.length

  const toggle = (cell: Cell) => {
    setErrors([])
    setTicked((current) => {
      const next = new Set(current)
      if (next.has(cell)) next.delete(cell)
      else next.add(cell)
      return next
    })
  }

  const confirm = () => {
    const input = mappingInput(rows, ticked)
    setSentFor(null)
    save.mutate(input, {
      onSuccess: (answer) => {
        setConfirming(false)
        if (answer.pending) {
          // Nothing changed yet (FOUR_EYES_CONFIG): the matrix shows the mapping in force.
          setTicked(new Set(saved))
          setSentFor(answer.authorization.id)
          notify(SENT_FOR_APPROVAL, { type: 'success' })
          return
        }
        setTicked(new Set(answer.record.items.map((i) => cellOf(i.registrationClass, i.documentTypeId))))
        notify('The deferrable documents are saved.', { type: 'success' })
      },
      onError: (failure) => {
        setConfirming(false)
        const found = getApiErrors(failure).map((e) => {
          // `items.3.documentTypeId`: say which cell the server means.
          const index = /^items\.(\d+)/.exec(e.field ?? '')?.[1]
          const item = index === undefined ? undefined : input.items[Number(index)]
          return item
            ? `${names.get(item.documentTypeId) ?? 'A document'} for ${item.registrationClass}: ${e.message}`
            : e.message
        })
        setErrors(found.length ? found : [describeError(failure, "We couldn't save the deferrable documents.")])
      },
    })
  }

  return (
    <div className={styles.stackTight}>
      <PendingChanges pending={waiting} sentFor={sentFor} />
      <ScrollTable
        className={cx(styles.table, own.matrix)}
        captionClassName={cx(styles.muted, styles.small, own.caption)}
        caption="Documents each registration class may defer: a business of that class may ask to provide a ticked document later."
      >
        <thead>
          <tr>
            <th scope="col" className={own.rowHead}>
              Document type
            </th>
            {REGISTRATION_CLASSES.map((c) => (
              <th key={c} scope="col">
                <abbr title={REGISTRATION_CLASS_LABELS[c]}>{c}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                {row.name}
                {row.isCac && (
                  <>
                    {' '}
                    <span className={styles.muted}>(CAC)</span>
                  </>
                )}
                {!row.isActive && (
                  <>
                    {' '}
                    <span className={styles.muted}>(inactive)</span>
                  </>
                )}
              </th>
              {REGISTRATION_CLASSES.map((c) => {
                const cell = cellOf(c, row.id)
                return (
                  <td key={c}>
                    <input
                      type="checkbox"
                      className={styles.checkbox}
                      aria-label={`${row.name}: deferrable for ${REGISTRATION_CLASS_LABELS[c]} (${c})`}
                      checked={ticked.has(cell)}
                      disabled={!canEdit || save.isPending}
                      onChange={() => toggle(cell)}
                    />
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {errors.length > 0 && (
        <div role="alert" className={styles.alert}>
          <p className={styles.small}>The mapping was not saved:</p>
          <ul className={own.errors}>
            {errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      {canEdit && (
        <div className={own.toolbar}>
          <p role="status" className={cx(styles.muted, styles.small)}>
            {changes === 0 ? 'No unsaved changes.' : `${changes} unsaved change${changes === 1 ? '' : 's'}.`}
          </p>
          <Button
            variant="secondary"
            disabled={changes === 0 || save.isPending}
            onClick={() => {
              setErrors([])
              setTicked(new Set(saved))
            }}
          >
            Undo changes
          </Button>
          <Button
            disabled={changes === 0 || (waiting?.length ?? 0) > 0}
            loading={save.isPending}
            loadingText="Saving…"
            onClick={() => setConfirming(true)}
          >
            Save deferrable documents
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Save the deferrable documents?"
        description="Businesses may then ask to defer only the ticked documents. Deferrals already requested or approved are not changed."
        confirmLabel="Save"
        busy={save.isPending}
        busyText="Saving…"
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <ChangeList title="Added" items={changeText(added, names)} />
        <ChangeList title="Removed" items={changeText(removed, names)} />
      </ConfirmDialog>
    </div>
  )
}

function ChangeList({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null
  const shown = items.slice(0, 8)
  return (
    <div>
      <p className={styles.small}>
        <strong>{title}:</strong>
      </p>
      <ul className={cx(own.errors, styles.small)}>
        {shown.map((text) => (
          <li key={text}>{text}</li>
        ))}
        {items.length > shown.length && <li>and {items.length - shown.length} more</li>}
      </ul>
    </div>
  )
}

/**
 * The deferrable mapping (`GET`/`PUT /deferrals/deferrable-mapping`): a matrix of document types × registration
 * classes. Holders of CAN_UPDATE_DEFERRABLE tick cells and save the whole mapping after confirming; others read it.
 */
export function DeferrableMapping({ canEdit }: { canEdit: boolean }) {
  const mapping = useQuery(staffDocumentQueries.deferralMapping())
  const types = useQuery(referenceReads.documentTypes({ includeInactive: true }))
  const failed = mapping.isError ? mapping : types.isError ? types : null
  if (failed) {
    return (
      <ErrorState
        headingLevel={3}
        message={describeError(failed.error, "We couldn't load the deferrable documents.")}
        onRetry={() => void Promise.all([mapping.isError && mapping.refetch(), types.isError && types.refetch()])}
        retrying={mapping.isFetching || types.isFetching}
      />
    )
  }
  if (!mapping.data || !types.data) return <Skeleton count={3} label="Loading the deferrable documents" />
  const rows = mappingRows(types.data, mapping.data)
  const saved = new Set(mapping.data.items.map((i) => cellOf(i.registrationClass, i.documentTypeId)))
  if (!rows.length) return <p className={styles.muted}>No document types yet.</p>
  return <MappingForm rows={rows} saved={saved} canEdit={canEdit} />
}
