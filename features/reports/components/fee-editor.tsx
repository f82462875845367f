import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { CheckboxField } from '@/components/ui/checkbox-field'
import { DateField } from '@/components/ui/date-field'
import { Form } from '@/components/ui/form'
import { FormActions } from '@/components/ui/form-actions'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { KYC_SERVICE_LABELS } from '@/lib/contracts/fee-values'
import {
  feeInputSchema,
  type FeeClient,
  type FeeInput,
  type FeeRecord,
  type FeeValues,
  type KycServiceDetail,
} from '@/lib/contracts/fees'
import { isoDay } from '@/lib/format/iso-day'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import type { ConfigAnswer } from '@/lib/http/config-answer'
import { useSaveFee } from '../api/fee-calls'
import styles from './reports.module.css'

const FIELDS = ['divisionId', 'serviceDetailId', 'amount', 'effectiveFrom', 'active'] as const

/** Creates a fee or changes `fee`: the API's own schema validates the form (amount in naira, two decimals at most). */
export function FeeEditor(props: {
  fee: FeeRecord | null
  clients: readonly FeeClient[]
  services: readonly KycServiceDetail[]
  /** The saved fee, or the authorization it waits for (FOUR_EYES_CONFIG); null when cancelled. */
  onDone: (saved: ConfigAnswer<FeeRecord> | null) => void
}) {
  const { fee } = props
  const save = useSaveFee()
  const form = useForm<FeeInput, unknown, FeeValues>({
    resolver: zodResolver(feeInputSchema),
    defaultValues: fee
      ? {
          divisionId: fee.divisionId,
          serviceDetailId: fee.serviceDetailId,
          amount: fee.amount,
          effectiveFrom: fee.effectiveFrom,
          active: fee.active,
        }
      : { divisionId: '', serviceDetailId: '', effectiveFrom: isoDay(new Date()), active: true },
  })
  const submit = async (values: FeeValues) => {
    try {
      props.onDone(await save.mutateAsync({ id: fee?.id, values }))
    } catch (error) {
      if (!applyApiErrors(error, form.setError, FIELDS)) form.setError('root.server', { message: 'The fee was not saved.' })
    }
  }
  return (
    <Form form={form} onSubmit={submit} aria-label={fee ? 'Change the fee' : 'New fee'} className={styles.stack}>
      <div className={styles.editor}>
        <SelectField<FeeInput>
          name="divisionId"
          label="Client (business division)"
          required
          placeholder="Choose a client"
          options={props.clients.map((c) => ({ value: c.id, label: c.name }))}
        />
        <SelectField<FeeInput>
          name="serviceDetailId"
          label="KYC service"
          required
          placeholder="Choose a service"
          options={props.services.map((s) => ({
            value: s.id,
            label: `${KYC_SERVICE_LABELS[s.serviceType]} · ${s.provider.name}`,
          }))}
        />
        <TextField<FeeInput>
          name="amount"
          label="Amount (₦)"
          hint="Naira, up to two decimals"
          type="number"
          step="0.01"
          min="0"
          required
          rules={{ setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)) }}
        />
        <DateField<FeeInput> name="effectiveFrom" label="In force from" required />
        <CheckboxField<FeeInput> name="active" label="Active" />
      </div>
      <FormActions
        submitLabel={fee ? 'Save the fee' : 'Add the fee'}
        submitting={form.formState.isSubmitting}
        onCancel={() => props.onDone(null)}
      />
    </Form>
  )
}
