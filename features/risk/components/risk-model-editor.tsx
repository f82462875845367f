import { useQuery } from '@tanstack/react-query'
import { useFieldArray, useForm, useFormContext } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { DateField } from '@/components/ui/date-field'
import { Form } from '@/components/ui/form'
import { FormActions } from '@/components/ui/form-actions'
import { SelectField } from '@/components/ui/select-field'
import { TextAreaField } from '@/components/ui/text-area-field'
import { TextField } from '@/components/ui/text-field'
import type { RiskModel, RiskModelVersion } from '@/lib/contracts/risk'
import { LEGAL_FORMS, ONBOARDING_CHANNEL_LABELS, ONBOARDING_CHANNELS, PRODUCT_RISK_LEVELS } from '@/lib/contracts/risk-values'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { fieldErrors } from '@/lib/http/errors'
import { referenceReads } from '@/lib/query/shared-queries'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useProposeRiskModel } from '../api/risk-calls'
import styles from './risk.module.css'

/** What the form holds: the API call's own body (`riskModelProposalSchema`: the model and the reason). */
export interface ProposalValues {
  model: RiskModel
  reason: string
}

// The one schema of the form and of POST /risk/models, loaded on first validation (zod stays out of the page's JS).
const resolver = lazyZodResolver<ProposalValues>(() =>
  import('@/lib/contracts/risk').then((m) => m.riskModelProposalSchema as never),
)

const asNumber = { valueAsNumber: true } as const

/** Points and words of one rule, at `name` (`model.legalForm.RC`). */
function RuleFields({ name, legend }: { name: string; legend: string }) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      <div className={styles.ruleRow}>
        <TextField name={`${name}.points`} label="Points" type="number" min={0} step={1} required rules={asNumber} />
        <TextField name={`${name}.words`} label="Why it raises the risk" required />
      </div>
    </fieldset>
  )
}

function Sectors({ categories }: { categories: string[] }) {
  const { control, getValues } = useFormContext<ProposalValues>()
  const { fields, append, remove } = useFieldArray({ control, name: 'model.sectors' })
  // A listed sector that is no longer a category stays choosable, so the API's refusal lands on its field.
  const listed = getValues('model.sectors').map((s) => s.category)
  const options = [...new Set([...categories, ...listed.filter(Boolean)])].map((c) => ({ value: c, label: c }))
  return (
    <fieldset className={styles.fieldset}>
      <legend>Higher-risk sectors</legend>
      {fields.length === 0 && <p className={styles.muted}>No sector adds points.</p>}
      {fields.map((field, i) => (
        <div key={field.id} className={styles.listItem} data-sector={i}>
          <SelectField
            name={`model.sectors.${i}.category`}
            label={`Sector ${i + 1}: business category`}
            placeholder="Choose a category"
            options={options}
            required
          />
          <TextField name={`model.sectors.${i}.points`} label="Points" type="number" min={0} step={1} required rules={asNumber} />
          <TextField name={`model.sectors.${i}.words`} label="Why it raises the risk" required />
          <Button type="button" variant="secondary" onClick={() => remove(i)}>
            Remove sector {i + 1}
          </Button>
        </div>
      ))}
      <div>
        <Button type="button" variant="secondary" onClick={() => append({ category: '', points: 10, words: '' })}>
          Add a sector
        </Button>
      </div>
    </fieldset>
  )
}

function Countries() {
  const { control } = useFormContext<ProposalValues>()
  const { fields, append, remove } = useFieldArray({ control, name: 'model.jurisdictions.countries' })
  return (
    <fieldset className={styles.fieldset}>
      <legend>Countries on the list</legend>
      {fields.map((field, i) => (
        <div key={field.id} className={styles.listItem} data-country={i}>
          <TextField
            name={`model.jurisdictions.countries.${i}.code`}
            label={`Country ${i + 1}: ISO code`}
            hint="Two letters: IR, KP…"
            maxLength={2}
            required
          />
          <SelectField
            name={`model.jurisdictions.countries.${i}.level`}
            label="Level"
            options={[
              { value: 'HIGH_RISK', label: 'High risk (call for action)' },
              { value: 'MONITORED', label: 'Monitored (grey list)' },
            ]}
            required
          />
          <Button type="button" variant="secondary" onClick={() => remove(i)}>
            Remove country {i + 1}
          </Button>
        </div>
      ))}
      <div>
        <Button type="button" variant="secondary" onClick={() => append({ code: '', level: 'MONITORED' })}>
          Add a country
        </Button>
      </div>
    </fieldset>
  )
}

function Bands({ kind }: { kind: 'turnover' | 'employees' }) {
  const { control } = useFormContext<ProposalValues>()
  const turnover = useFieldArray({ control, name: 'model.turnover' })
  const employees = useFieldArray({ control, name: 'model.employees' })
  const { fields, remove } = kind === 'turnover' ? turnover : employees
  const limit = kind === 'turnover' ? 'atLeastNaira' : 'atMost'
  return (
    <fieldset className={styles.fieldset}>
      <legend>
        {kind === 'turnover'
          ? 'Annual turnover bands (the highest reached counts)'
          : 'Employee bands (the smallest the business fits counts)'}
      </legend>
      {fields.map((field, i) => (
        <div key={field.id} className={styles.listItem}>
          <TextField
            name={`model.${kind}.${i}.${limit}`}
            label={kind === 'turnover' ? `Band ${i + 1}: from (₦)` : `Band ${i + 1}: at most (employees)`}
            type="number"
            min={0}
            step={1}
            required
            rules={asNumber}
          />
          <TextField name={`model.${kind}.${i}.points`} label="Points" type="number" min={0} step={1} required rules={asNumber} />
          <TextField name={`model.${kind}.${i}.words`} label="Why it raises the risk" required />
          <Button type="button" variant="secondary" onClick={() => remove(i)}>
            Remove band {i + 1}
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            kind === 'turnover'
              ? turnover.append({ atLeastNaira: 0, points: 0, words: '' })
              : employees.append({ atMost: 0, points: 0, words: '' })
          }
        >
          Add a band
        </Button>
      </div>
    </fieldset>
  )
}

/**
 * The model editor (docs/risk.md#screens): starts from the version in force, edits any of it, and proposes a new
 * version with a reason (`POST /risk/models`). The API's field errors land on their fields.
 */
export function RiskModelEditor({
  from,
  onProposed,
  onCancel,
}: {
  from: RiskModelVersion
  onProposed: (proposed: RiskModelVersion) => void
  onCancel: () => void
}) {
  const propose = useProposeRiskModel()
  const categories = useQuery(referenceReads.businessCategories())
  const form = useForm<ProposalValues>({ resolver, defaultValues: { model: structuredClone(from.model), reason: '' } })
  const submit = async (values: ProposalValues) => {
    try {
      onProposed(await propose.mutateAsync(values))
    } catch (error) {
      const fields = Object.keys(fieldErrors(error))
      if (!applyApiErrors(error, form.setError, fields))
        form.setError('root.server', { message: 'The version was not proposed.' })
    }
  }
  return (
    <Form form={form} onSubmit={submit} aria-label="New version of the risk model" className={styles.stack}>
      <p className={styles.muted}>
        Starting from version {from.version}. Nothing changes for any business until the new version is activated by a second
        person.
      </p>
      <fieldset className={styles.fieldset}>
        <legend>Tiers</legend>
        <div className={styles.fieldRow}>
          <TextField
            name="model.thresholds.medium"
            label="Medium from (points)"
            type="number"
            min={0}
            step={1}
            required
            rules={asNumber}
          />
          <TextField
            name="model.thresholds.high"
            label="High from (points)"
            type="number"
            min={0}
            step={1}
            required
            rules={asNumber}
          />
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Years to the next recertification</legend>
        <div className={styles.fieldRow}>
          {(['LOW', 'MEDIUM', 'HIGH'] as const).map((tier) => (
            <TextField
              key={tier}
              name={`model.recertificationYears.${tier}`}
              label={`${tier.charAt(0)}${tier.slice(1).toLowerCase()} risk (years)`}
              type="number"
              min={1}
              max={10}
              step={1}
              required
              rules={asNumber}
            />
          ))}
        </div>
      </fieldset>
      <h3>Legal form</h3>
      {LEGAL_FORMS.map((f) => (
        <RuleFields key={f} name={`model.legalForm.${f}`} legend={`Legal form ${f}`} />
      ))}
      <h3>Sectors</h3>
      <Sectors categories={categories.data?.map((c) => c.name) ?? []} />
      <h3>Jurisdictions</h3>
      <DateField name="model.jurisdictions.updatedOn" label="List last updated on" required />
      <RuleFields name="model.jurisdictions.highRisk" legend="Linked to a high-risk country" />
      <RuleFields name="model.jurisdictions.monitored" legend="Linked to a monitored country" />
      <Countries />
      <h3>Ownership, PEP and screening</h3>
      <RuleFields name="model.ownership.perExtraLayer" legend="Each corporate layer beyond the first" />
      <RuleFields name="model.ownership.foreignCorporate" legend="A foreign corporate shareholder" />
      <RuleFields name="model.ownership.severalPaths" legend="A person holding through several paths" />
      <RuleFields name="model.pep.declared" legend="PEP declared" />
      <RuleFields name="model.pep.confirmed" legend="PEP confirmed by a list match" />
      <RuleFields name="model.screening.openCandidates" legend="Screening candidates not yet adjudicated" />
      <h3>Products and channel</h3>
      {PRODUCT_RISK_LEVELS.map((l) => (
        <RuleFields key={l} name={`model.products.${l}`} legend={`Riskiest product: ${l.toLowerCase()} risk`} />
      ))}
      {ONBOARDING_CHANNELS.map((c) => (
        <RuleFields key={c} name={`model.channel.${c}`} legend={ONBOARDING_CHANNEL_LABELS[c]} />
      ))}
      <h3>Turnover and employees</h3>
      <Bands kind="turnover" />
      <Bands kind="employees" />
      <TextAreaField name="reason" label="Why this new version" hint="The second person reads it before deciding." required />
      <FormActions submitLabel="Propose this version" submitting={form.formState.isSubmitting} onCancel={onCancel} />
    </Form>
  )
}
