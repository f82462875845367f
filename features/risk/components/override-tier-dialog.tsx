import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Modal } from '@/components/ui/modal'
import { SelectField } from '@/components/ui/select-field'
import { TextAreaField } from '@/components/ui/text-area-field'
import type { BusinessRisk } from '@/lib/contracts/risk'
import { RISK_TIER_LABELS, SCORED_RISK_TIERS, type ScoredRiskTier } from '@/lib/contracts/risk-values'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError } from '@/lib/http/errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useRequestRiskOverride } from '../api/risk-calls'

interface OverrideValues {
  tier: ScoredRiskTier | ''
  reason: string
}
interface OverrideOutput {
  tier: ScoredRiskTier
  reason: string
}

// The API call's own schema (`riskOverrideInputSchema`), loaded on first validation.
const resolver = lazyZodResolver<OverrideValues, OverrideOutput>(() =>
  import('@/lib/contracts/risk').then((m) => m.riskOverrideInputSchema as never),
)

/** Why a business's tier cannot be overridden, or null when it can (docs/risk.md#overrides). */
export function overrideRefusal(risk: BusinessRisk | null): string | null {
  if (!risk) return 'The tier cannot be overridden yet: the business is assessed when its KYC is submitted.'
  if (risk.computedTier === 'PROHIBITED')
    return 'The tier cannot be overridden: a true sanctions match makes the business prohibited whatever anyone decides.'
  return null
}

/**
 * "Override tier": a tier over the computed one with a reason (`POST /businesses/{id}/risk/override`); a second person
 * approves it in the authorizations queue. `onSent` gets the authorization's id (null when applied at once).
 */
export function OverrideTierDialog({
  businessId,
  risk,
  open,
  onClose,
  onSent,
}: {
  businessId: string
  risk: BusinessRisk
  open: boolean
  onClose: () => void
  onSent: (authorizationId: string | null) => void
}) {
  const formId = useId()
  const request = useRequestRiskOverride(businessId)
  const form = useForm<OverrideValues, unknown, OverrideOutput>({ resolver, defaultValues: { tier: '', reason: '' } })
  const close = () => {
    form.reset()
    onClose()
  }
  const submit = async (values: OverrideOutput) => {
    try {
      const answer = await request.mutateAsync(values)
      form.reset()
      onSent(answer.pending ? answer.authorization.id : null)
    } catch (error) {
      if (!applyApiErrors(error, form.setError, ['tier', 'reason']))
        form.setError('root.server', { message: describeError(error, 'The override was not requested.') })
    }
  }
  const options = SCORED_RISK_TIERS.filter((t) => t !== risk.tier).map((t) => ({ value: t, label: RISK_TIER_LABELS[t] }))
  return (
    <Modal
      open={open}
      onClose={close}
      title="Override the risk tier"
      description={`Computed: ${RISK_TIER_LABELS[risk.computedTier]} (${risk.score} points); in force: ${RISK_TIER_LABELS[risk.tier]}. Another person must approve the override before it applies.`}
      dismissible={!form.formState.isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={form.formState.isSubmitting} loadingText="Sending…">
            Request the override
          </Button>
        </>
      }
    >
      <Form form={form} onSubmit={submit} id={formId} aria-label="Override the risk tier">
        <SelectField<OverrideValues> name="tier" label="New tier" placeholder="Choose a tier" options={options} required />
        <TextAreaField<OverrideValues>
          name="reason"
          label="Reason"
          hint="What the score does not capture; the second person reads it before deciding."
          required
        />
      </Form>
    </Modal>
  )
}
