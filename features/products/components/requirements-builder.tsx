import { useState } from 'react'
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { CheckboxField } from '@/components/ui/checkbox-field'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { MAX_REQUIREMENTS, REQUIREMENT_TYPES, type RequirementType } from '@/lib/contracts/product-values'
import styles from '@/styles/product-screens.module.css'

export interface RequirementRow {
  /** Empty for a new row: the API derives one from the label. */
  key: string
  label: string
  type: RequirementType
  required: boolean
  help: string
}

export const emptyRequirement = (): RequirementRow => ({ key: '', label: '', type: 'Text Input', required: true, help: '' })

const TYPE_OPTIONS = REQUIREMENT_TYPES.map((t) => ({ value: t, label: t === 'Text Input' ? 'Text input' : 'Document upload' }))

/**
 * The ordered requirement list of a product: add, remove, move up and down (buttons, so the keyboard does it too),
 * type, required and help. A saved requirement keeps its key and type: answers already given refer to them.
 */
export function RequirementsBuilder({ disabled = false }: { disabled?: boolean }) {
  const { control } = useFormContext<{ requirements: RequirementRow[] }>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'requirements' })
  const rows = useWatch({ control, name: 'requirements' }) ?? []
  const [announcement, setAnnouncement] = useState('')
  const nameOf = (i: number) => rows[i]?.label?.trim() || `requirement ${i + 1}`
  // Its heading already numbers it: "1. New requirement", not "1. requirement 1".
  const titleOf = (i: number) => rows[i]?.label?.trim() || 'New requirement'

  const moveRow = (from: number, to: number) => {
    move(from, to)
    setAnnouncement(`${nameOf(from)} moved to position ${to + 1} of ${fields.length}`)
  }

  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend>Requirements</legend>
      <p className={styles.muted}>
        What a business answers when it applies, in this order. Changing the list makes a new version; applications already
        submitted keep theirs.
      </p>
      {fields.length === 0 && (
        <p className={styles.muted}>No requirements yet. A product needs at least one before it can go live.</p>
      )}
      <ol className={styles.requirements}>
        {fields.map((field, i) => {
          const saved = !!rows[i]?.key
          return (
            <li key={field.id} className={styles.requirement}>
              <div className={styles.requirementHead}>
                <h3>
                  {i + 1}. {titleOf(i)}
                  {saved && <span className={styles.key}> ({rows[i]!.key})</span>}
                </h3>
                <span className={styles.actions}>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={i === 0}
                    aria-label={`Move ${nameOf(i)} up`}
                    onClick={() => moveRow(i, i - 1)}
                  >
                    Move up
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={i === fields.length - 1}
                    aria-label={`Move ${nameOf(i)} down`}
                    onClick={() => moveRow(i, i + 1)}
                  >
                    Move down
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={`Remove ${nameOf(i)}`}
                    onClick={() => {
                      setAnnouncement(`${nameOf(i)} removed`)
                      remove(i)
                    }}
                  >
                    Remove
                  </Button>
                </span>
              </div>
              <div className={styles.row}>
                <TextField name={`requirements.${i}.label`} label="Label" placeholder="e.g. Expected monthly volume" required />
                {saved ? (
                  <div className={styles.stackTight}>
                    <span className={styles.small}>Type</span>
                    <span>{TYPE_OPTIONS.find((o) => o.value === rows[i]!.type)?.label}</span>
                    <span className={`${styles.muted} ${styles.small}`}>
                      A saved requirement keeps its type; add a new one instead.
                    </span>
                  </div>
                ) : (
                  <SelectField name={`requirements.${i}.type`} label="Type" options={TYPE_OPTIONS} required />
                )}
              </div>
              <TextField
                name={`requirements.${i}.help`}
                label="Help text (optional)"
                hint="Shown under the field, e.g. what to upload"
              />
              <CheckboxField name={`requirements.${i}.required`} label="Required" hint="A business cannot submit without it" />
            </li>
          )
        })}
      </ol>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={fields.length >= MAX_REQUIREMENTS}
          onClick={() => {
            append(emptyRequirement())
            setAnnouncement(`Requirement ${fields.length + 1} added`)
          }}
        >
          Add a requirement
        </Button>
      </div>
      <p className={styles.muted} role="status" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  )
}
