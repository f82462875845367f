import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import {
  DateOfBirthField,
  EMPTY_PERSON_DETAILS,
  PepDeclarationFields,
  personDetailsInput,
  personDetailsValuesOf,
  type PersonDetailsValues,
} from '@/components/person/person-details-fields'
import { PersonDetails } from '@/components/review/person-details'
import { Button } from '@/components/ui/button'
import { CheckboxField } from '@/components/ui/checkbox-field'
import { SelectField } from '@/components/ui/select-field'
import { StatusBadge } from '@/components/ui/status-badge'
import { TextAreaField } from '@/components/ui/text-area-field'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import { SHAREHOLDER_ROLE_LABELS, TRUST_ROLES, type ShareholderRole, type ShareholderType } from '@/lib/contracts/kyc-values'
import { formatPercentage, remainingPercentage, subtreeIds, type OwnershipNode } from '@/lib/kyc/effective-ownership'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useDeleteShareholder, useSaveShareholder } from '../api/kyc-calls'
import type { ShareholderFormValues, ShareholderRecord } from '../api/types'
import { holderName } from '../model/step-checks'
import type { DraftStatus } from '../model/use-step-draft'
import styles from './kyc.module.css'
import * as Records from './record-editing'

/** The form's values: every kind's fields, the kind deciding which count (the schema is a union on `type`). */
export interface ShareholderValues extends PersonDetailsValues {
  type: ShareholderType
  /** A person under a trust or a nominee (docs/ownership.md); null for a holding. */
  role?: ShareholderRole | null
  firstName: string
  lastName: string
  nationality: string
  bvn: string
  companyName: string
  registrationNumber: string
  percentage: number
  /** Empty: the votes follow the shares. */
  votingPercentage?: number | null
  appointsMajority?: boolean
  significantInfluence?: boolean
  influenceDescription?: string
}

const resolver = lazyZodResolver<ShareholderValues, ShareholderFormValues>(
  () => import('@/lib/contracts/kyc').then((m) => m.shareholderFormSchema) as never,
)
const FIELDS = [
  'type',
  'firstName',
  'lastName',
  'nationality',
  'bvn',
  'dateOfBirth',
  'pep.status',
  'pep.position',
  'pep.country',
  'companyName',
  'registrationNumber',
  'percentage',
  'role',
  'votingPercentage',
  'appointsMajority',
  'significantInfluence',
  'influenceDescription',
] as const

export const EMPTY_SHAREHOLDER: ShareholderValues = {
  type: 'INDIVIDUAL',
  firstName: '',
  lastName: '',
  nationality: 'Nigerian',
  bvn: '',
  ...EMPTY_PERSON_DETAILS,
  companyName: '',
  registrationNumber: '',
  percentage: '' as unknown as number,
  role: null,
  votingPercentage: null,
  appointsMajority: false,
  significantInfluence: false,
  influenceDescription: '',
}

/** A new person under a trust (a trustee unless changed) or a nominee (its principal): no shares of their own. */
export function emptyUnder(parent: Pick<ShareholderRecord, 'type'> | null): ShareholderValues {
  if (parent?.type === 'TRUST' || parent?.type === 'NOMINEE')
    return {
      ...EMPTY_SHAREHOLDER,
      role: parent.type === 'TRUST' ? 'TRUSTEE' : 'PRINCIPAL',
      percentage: undefined as unknown as number,
    }
  return EMPTY_SHAREHOLDER
}

export function shareholderValuesOf(h: ShareholderRecord): ShareholderValues {
  return {
    type: h.type,
    firstName: h.firstName ?? '',
    lastName: h.lastName ?? '',
    nationality: h.nationality ?? '',
    bvn: h.bvn ?? '',
    ...personDetailsValuesOf(h),
    companyName: h.companyName ?? '',
    registrationNumber: h.registrationNumber ?? '',
    percentage: h.role ? (undefined as unknown as number) : h.percentage,
    role: h.role,
    votingPercentage: h.votesFollowShares ? null : h.votingPercentage,
    appointsMajority: h.appointsMajority,
    significantInfluence: h.significantInfluence,
    influenceDescription: h.influenceDescription ?? '',
  }
}

/** What a holding gives besides its shares; nothing for a person with a role. */
function controlInput(values: ShareholderValues) {
  if (values.role) return {}
  const votes = values.votingPercentage
  return {
    votingPercentage: votes === null || votes === undefined || Number.isNaN(votes) ? null : votes,
    appointsMajority: !!values.appointsMajority,
    significantInfluence: !!values.significantInfluence,
    influenceDescription: values.significantInfluence ? values.influenceDescription || null : null,
  }
}

/** Only the fields of the chosen kind go to the API. */
function toInput(values: ShareholderValues): ShareholderFormValues {
  if (values.type === 'INDIVIDUAL')
    return {
      type: 'INDIVIDUAL',
      ...(values.role ? { role: values.role } : { percentage: values.percentage }),
      firstName: values.firstName,
      lastName: values.lastName,
      nationality: values.nationality,
      bvn: values.bvn || undefined,
      ...personDetailsInput(values),
      ...controlInput(values),
    } as ShareholderFormValues
  return {
    type: values.type,
    companyName: values.companyName,
    registrationNumber: values.type === 'CORPORATE' ? values.registrationNumber : values.registrationNumber || null,
    percentage: values.percentage,
    ...controlInput(values),
  } as ShareholderFormValues
}

const KIND_WORDS: Readonly<Record<ShareholderType, string>> = {
  INDIVIDUAL: 'individual',
  CORPORATE: 'company',
  TRUST: 'trust',
  NOMINEE: 'nominee',
}
const REASON_WORDS = {
  SHARES: 'shares',
  VOTES: 'votes',
  APPOINTMENT: 'appoints the board',
  INFLUENCE: 'influence',
  TRUST: 'trust',
} as const

export interface ShareholderEditing {
  /** The shareholder being changed, or null for a new one. */
  id: string | null
  /** Where a new one goes: a corporate shareholder's id, or null for the business itself. */
  parentId: string | null
  values: ShareholderValues
  restored?: boolean
}

export interface ShareholderEditorProps {
  kycDetailsId: string
  shareholders: readonly ShareholderRecord[]
  readOnly: boolean
  /** Restored from a draft after a reload. */
  initialEditing?: ShareholderEditing | null
  /** Every change of the open form (autosave). */
  onDraft?: (editing: ShareholderEditing) => void
  /** The open form was saved or closed: the draft can go. */
  onFormClosed?: () => void
  draftStatus?: DraftStatus
  /** What shows under each shareholder besides its details (its documents, in the stepper). */
  renderExtra?: (shareholder: ShareholderRecord) => ReactNode
  /** Adds or links the means of ID a beneficial owner lacks (the stepper opens the means of ID step for them). */
  onAddMeansOfId?: (shareholder: ShareholderRecord) => void
}

const nodesOf = (list: readonly ShareholderRecord[]): OwnershipNode[] =>
  list.map((h) => ({
    id: h.id,
    parentId: h.parentShareholderId,
    kind: h.type === 'INDIVIDUAL' ? 'INDIVIDUAL' : 'CORPORATE',
    percentage: h.role ? 0 : h.percentage,
  }))

/**
 * Step 4: the shareholding tree. Direct shareholders of the business, and inside each corporate shareholder its own
 * shareholders, to any depth; each individual shows their effective ownership (through every layer) and whether
 * they are a beneficial owner. A level cannot go over 100%: the form says what is left and refuses more.
 */
export function ShareholderEditor({
  kycDetailsId,
  shareholders,
  readOnly,
  initialEditing = null,
  onDraft,
  onFormClosed,
  draftStatus = 'idle',
  renderExtra,
  onAddMeansOfId,
}: ShareholderEditorProps) {
  const [editing, setEditing] = useState<ShareholderEditing | null>(initialEditing)
  const [deleting, setDeleting] = useState<ShareholderRecord | null>(null)
  const remove = useDeleteShareholder(kycDetailsId)
  const nodes = useMemo(() => nodesOf(shareholders), [shareholders])
  const byParent = useMemo(() => {
    const map = new Map<string | null, ShareholderRecord[]>()
    for (const h of shareholders) map.set(h.parentShareholderId, [...(map.get(h.parentShareholderId) ?? []), h])
    return map
  }, [shareholders])

  useEffect(() => {
    if (initialEditing) setEditing(initialEditing)
  }, [initialEditing])

  const directTotal = 100 - remainingPercentage(nodes, null)
  // A save answers after the list has refetched, so the owner may already have opened another form (add a shareholder
  // to the company just added): closing is for the form that asks, never the one open now.
  const openForm = useRef(editing)
  useEffect(() => {
    openForm.current = editing
  }, [editing])
  const close = (closing: ShareholderEditing) => {
    if (openForm.current !== closing) return
    setEditing(null)
    onFormClosed?.()
  }

  const renderLevel = (parentId: string | null) => {
    const level = byParent.get(parentId) ?? []
    if (level.length === 0) return null
    return (
      <ul
        className={styles.tree}
        aria-label={
          parentId
            ? `Shareholders of ${holderName(shareholders.find((h) => h.id === parentId)!)}`
            : 'Shareholders of the business'
        }
      >
        {level.map((h) => (
          <li key={h.id} data-shareholder={h.id}>
            <div className={styles.holder}>
              <div className={styles.holderHead}>
                <div>
                  <p>
                    <strong>{holderName(h)}</strong>{' '}
                    <span className={styles.muted}>
                      (
                      {h.role
                        ? SHAREHOLDER_ROLE_LABELS[h.role].toLowerCase()
                        : `${KIND_WORDS[h.type]}${h.type !== 'INDIVIDUAL' && h.registrationNumber ? ` ${h.registrationNumber}` : ''}`}
                      )
                    </span>
                  </p>
                  {!h.role && (
                    <p className={styles.small}>
                      Holds {formatPercentage(h.percentage)}
                      {h.votesFollowShares ? '' : ` (${formatPercentage(h.votingPercentage)} of the votes)`}{' '}
                      {h.parentShareholderId
                        ? `of ${holderName(shareholders.find((p) => p.id === h.parentShareholderId)!)}`
                        : 'of the business'}
                      {h.parentShareholderId ? ` · ${formatPercentage(h.effectiveStake)} of the business through it` : ''}
                    </p>
                  )}
                  {h.controlReasons.length > 0 && (
                    <p className={styles.small}>
                      Significant control through {h.controlReasons.map((r) => REASON_WORDS[r]).join(', ')}
                    </p>
                  )}
                  {(h.appointsMajority || h.significantInfluence) && (
                    <p className={styles.small}>
                      {[
                        h.appointsMajority ? 'May appoint or remove a majority of the directors' : null,
                        h.significantInfluence ? `Significant influence: ${h.influenceDescription ?? ''}` : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  )}
                  {h.type === 'INDIVIDUAL' && !h.role && (
                    <p className={styles.small}>
                      Effective ownership: <strong>{formatPercentage(h.effectiveOwnership ?? 0)}</strong>
                    </p>
                  )}
                  {h.type === 'INDIVIDUAL' && (
                    <p className={styles.small}>
                      <PersonDetails
                        person={h}
                        name={holderName(h)}
                        fill={
                          !readOnly && (
                            <Button
                              variant="link"
                              size="sm"
                              onClick={() =>
                                setEditing({ id: h.id, parentId: h.parentShareholderId, values: shareholderValuesOf(h) })
                              }
                            >
                              Add what is missing
                            </Button>
                          )
                        }
                      />
                    </p>
                  )}
                  {h.type === 'CORPORATE' && (
                    <p className={styles.small}>
                      Its shareholders listed: {formatPercentage(h.childrenTotalPercentage ?? 0)} of 100%
                    </p>
                  )}
                </div>
                <div className={styles.badges}>
                  {h.isBeneficialOwner && <StatusBadge status="APPROVED" tone="info" label="Beneficial owner" />}
                  {h.needsMeansOfId && <StatusBadge status="PENDING" tone="warning" label="Needs a means of ID" />}
                </div>
              </div>
              {h.needsMeansOfId && !readOnly && onAddMeansOfId && (
                <div className={styles.actions}>
                  <Button size="sm" onClick={() => onAddMeansOfId(h)}>
                    Add the means of ID of {holderName(h)}
                  </Button>
                </div>
              )}
              {renderExtra?.(h)}
              {!readOnly && (
                <div className={styles.actions}>
                  <Records.RecordButtons
                    what={holderName(h)}
                    onEdit={() => setEditing({ id: h.id, parentId: h.parentShareholderId, values: shareholderValuesOf(h) })}
                    onDelete={() => setDeleting(h)}
                  >
                    {h.type === 'CORPORATE' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setEditing({ id: null, parentId: h.id, values: EMPTY_SHAREHOLDER })}
                      >
                        Add a shareholder to {holderName(h)}
                      </Button>
                    )}
                    {h.type === 'TRUST' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setEditing({ id: null, parentId: h.id, values: emptyUnder(h) })}
                      >
                        Add a settlor, trustee or beneficiary to {holderName(h)}
                      </Button>
                    )}
                    {h.type === 'NOMINEE' && !(byParent.get(h.id) ?? []).length && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setEditing({ id: null, parentId: h.id, values: emptyUnder(h) })}
                      >
                        Add the person {holderName(h)} acts for
                      </Button>
                    )}
                  </Records.RecordButtons>
                </div>
              )}
              {editing && editing.parentId === h.id && !editing.id && (
                <ShareholderForm
                  kycDetailsId={kycDetailsId}
                  editing={editing}
                  nodes={nodes}
                  parent={h}
                  onDraft={onDraft}
                  draftStatus={draftStatus}
                  onClose={close}
                />
              )}
              {editing && editing.id === h.id && (
                <ShareholderForm
                  kycDetailsId={kycDetailsId}
                  editing={editing}
                  nodes={nodes}
                  parent={shareholders.find((p) => p.id === h.parentShareholderId) ?? null}
                  onDraft={onDraft}
                  draftStatus={draftStatus}
                  onClose={close}
                />
              )}
            </div>
            {renderLevel(h.id)}
          </li>
        ))}
      </ul>
    )
  }

  const deletingCount = deleting ? subtreeIds(nodes, deleting.id).length : 0

  return (
    <div className={styles.stack}>
      <p className={styles.small} aria-live="polite">
        Held directly in the business: <strong>{formatPercentage(directTotal)}</strong> of 100%. A person has significant control,
        and needs a means of ID, with 5% or more of the shares or of the votes (directly or through companies, trusts and
        nominees), the right to appoint or remove most directors, or significant influence; so do the trustees, settlor and
        beneficiaries of a trust that has it.
      </p>
      {shareholders.length === 0 ? <p className={styles.muted}>No shareholders yet.</p> : renderLevel(null)}

      {editing && editing.parentId === null && !editing.id ? (
        <ShareholderForm
          kycDetailsId={kycDetailsId}
          editing={editing}
          nodes={nodes}
          parent={null}
          onDraft={onDraft}
          draftStatus={draftStatus}
          onClose={close}
        />
      ) : (
        !readOnly && (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setEditing({ id: null, parentId: null, values: EMPTY_SHAREHOLDER })}>
              Add a shareholder
            </Button>
          </div>
        )
      )}

      <Records.DeleteRecordDialog
        record={deleting}
        title={deleting ? `Delete ${holderName(deleting)}?` : 'Delete?'}
        description={
          deleting && deletingCount > 1
            ? `${holderName(deleting)} and the ${deletingCount - 1} shareholder${deletingCount - 1 === 1 ? '' : 's'} listed under it will be deleted, with their uploaded documents.`
            : 'This shareholder will be deleted, with any documents uploaded for it.'
        }
        confirmLabel={deletingCount > 1 ? `Delete ${deletingCount} shareholders` : 'Delete shareholder'}
        remove={remove}
        deletedMessage={(result) => (result.deleted > 1 ? `${result.deleted} shareholders deleted.` : 'Shareholder deleted.')}
        onClose={() => setDeleting(null)}
      />
    </div>
  )
}

interface ShareholderFormProps {
  kycDetailsId: string
  editing: ShareholderEditing
  nodes: OwnershipNode[]
  parent: ShareholderRecord | null
  onDraft?: (editing: ShareholderEditing) => void
  draftStatus: DraftStatus
  /** Called with the form's own `editing`, once saved or cancelled. */
  onClose: (closing: ShareholderEditing) => void
}

function ShareholderForm({ kycDetailsId, editing, nodes, parent, onDraft, draftStatus, onClose }: ShareholderFormProps) {
  const save = useSaveShareholder(kycDetailsId)
  const { form, watched } = Records.useRecordForm({
    resolver,
    editing,
    onDraft: (values) => onDraft?.({ id: editing.id, parentId: editing.parentId, values }),
  })
  const type = (watched.type ?? 'INDIVIDUAL') as ShareholderType
  const underArrangement = parent?.type === 'TRUST' || parent?.type === 'NOMINEE'
  const left = remainingPercentage(nodes, parent?.id ?? null, editing.id ?? undefined)
  const where = parent ? `of ${holderName(parent)}` : 'of the business'

  const submit = async (output: ShareholderFormValues) => {
    const values = form.getValues()
    if (!underArrangement && Number(output.percentage) > left + 1e-9) {
      form.setError(
        'percentage',
        { type: 'total', message: `Shares ${where} would go over 100%: at most ${formatPercentage(left)} is left` },
        { shouldFocus: true },
      )
      return
    }
    try {
      await save.mutateAsync({ id: editing.id, parentShareholderId: editing.parentId, values: toInput(values) })
      notify(editing.id ? 'Shareholder updated.' : 'Shareholder added.', { type: 'success' })
      onClose(editing)
    } catch (error) {
      Records.showServerErrors(form, error, FIELDS)
    }
  }

  const title = editing.id
    ? 'Edit shareholder'
    : parent
      ? `New shareholder of ${holderName(parent)}`
      : 'New shareholder of the business'
  return (
    <Records.RecordForm
      form={form}
      onSubmit={submit}
      title={title}
      restoredNotice={editing.restored ? 'We restored a shareholder you had not saved yet.' : null}
      draftStatus={draftStatus}
      onCancel={() => onClose(editing)}
      submitLabel={editing.id ? 'Save shareholder' : 'Add shareholder'}
    >
      {parent?.type === 'TRUST' ? (
        <SelectField
          name="role"
          label={`Role in ${holderName(parent)}`}
          options={TRUST_ROLES.map((r) => ({ value: r, label: SHAREHOLDER_ROLE_LABELS[r] }))}
          disabled={!!editing.id}
          required
        />
      ) : parent?.type === 'NOMINEE' ? (
        <p className={styles.small}>The person {holderName(parent)} holds its shares for.</p>
      ) : (
        <SelectField
          name="type"
          label="Kind of shareholder"
          options={[
            { value: 'INDIVIDUAL', label: 'Individual' },
            { value: 'CORPORATE', label: 'Company (corporate shareholder)' },
            { value: 'TRUST', label: 'Trust (add its settlor, trustees and beneficiaries next)' },
            { value: 'NOMINEE', label: 'Nominee (holding for a named person)' },
          ]}
          disabled={!!editing.id}
          required
        />
      )}
      {type === 'INDIVIDUAL' ? (
        <>
          <div className={styles.row}>
            <TextField name="firstName" label="First name" autoComplete="off" required />
            <TextField name="lastName" label="Last name" autoComplete="off" required />
          </div>
          <div className={styles.row}>
            <TextField name="nationality" label="Nationality" required />
            <TextField name="bvn" label="BVN" hint="11 digits; required for Nigerians." inputMode="numeric" autoComplete="off" />
          </div>
          <DateOfBirthField />
          <PepDeclarationFields />
        </>
      ) : (
        <div className={styles.row}>
          <TextField
            name="companyName"
            label={type === 'TRUST' ? 'Trust name' : type === 'NOMINEE' ? 'Nominee name' : 'Company name'}
            autoComplete="off"
            required
          />
          <TextField
            name="registrationNumber"
            label="Registration number"
            hint={type === 'CORPORATE' ? 'Class and digits, e.g. RC1234567.' : 'If registered: class and digits, e.g. IT1234567.'}
            autoComplete="off"
            spellCheck={false}
            required={type === 'CORPORATE'}
          />
        </div>
      )}
      {!underArrangement && (
        <>
          <TextField
            name="percentage"
            label={`Percentage held ${where}`}
            hint={`At most ${formatPercentage(left)} is left ${where}.`}
            type="number"
            min={0.01}
            max={100}
            step="0.01"
            suffix="%"
            rules={{ valueAsNumber: true }}
            required
          />
          <TextField
            name="votingPercentage"
            label={`Voting rights held ${where}`}
            hint="Leave empty when the votes follow the shares."
            type="number"
            min={0}
            max={100}
            step="0.01"
            suffix="%"
            rules={{ setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) }}
          />
          <CheckboxField name="appointsMajority" label={`Can appoint or remove a majority of the directors ${where}`} />
          <CheckboxField
            name="significantInfluence"
            label={`Has significant influence or control ${where} in another way`}
            hint="For example a veto in a shareholders' agreement."
          />
          {watched.significantInfluence && (
            <TextAreaField name="influenceDescription" label="Describe the influence or control" required />
          )}
        </>
      )}
    </Records.RecordForm>
  )
}
