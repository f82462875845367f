import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { CheckboxField } from '@/components/ui/checkbox-field'
import { FieldErrorMessage, fieldStyles, RequiredMark } from '@/components/ui/field'
import { Form } from '@/components/ui/form'
import { FormActions } from '@/components/ui/form-actions'
import { TextField } from '@/components/ui/text-field'
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@/lib/contracts/webhook-values'
import {
  webhookEndpointInputSchema,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointValues,
} from '@/lib/contracts/webhooks'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import type { ConfigAnswer } from '@/lib/http/config-answer'
import { useSaveWebhookEndpoint } from '../api/webhook-calls'
import styles from './webhooks.module.css'

const FIELDS = ['url', 'description', 'eventTypes', 'active'] as const

/** Registers an endpoint or changes `endpoint`, validated by the API's own schema. */
export function EndpointForm(props: {
  endpoint: WebhookEndpoint | null
  onDone: (saved: ConfigAnswer<WebhookEndpoint | CreatedWebhookEndpoint> | null) => void
}) {
  const { endpoint } = props
  const save = useSaveWebhookEndpoint()
  const form = useForm<WebhookEndpointInput, unknown, WebhookEndpointValues>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: endpoint
      ? { url: endpoint.url, description: endpoint.description, eventTypes: endpoint.eventTypes, active: endpoint.active }
      : { url: '', description: '', eventTypes: [], active: true },
  })
  const eventsId = useId()
  const eventsErrorId = `${eventsId}-error`
  const eventsError = form.formState.errors.eventTypes?.message
  const submit = async (values: WebhookEndpointValues) => {
    try {
      props.onDone(await save.mutateAsync({ id: endpoint?.id, values }))
    } catch (error) {
      if (!applyApiErrors(error, form.setError, FIELDS)) form.setError('root.server', { message: 'The endpoint was not saved.' })
    }
  }
  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-label={endpoint ? 'Change the endpoint' : 'Register an endpoint'}
      className={styles.section}
    >
      <TextField<WebhookEndpointInput>
        name="url"
        label="URL"
        hint="https:// on port 443 or 8443, to a public address"
        type="url"
        inputMode="url"
        required
      />
      <TextField<WebhookEndpointInput> name="description" label="Description" hint="Who receives it, e.g. Core banking" />
      {/* One group, one error: the checkboxes share the name `eventTypes` (an array of the checked values). */}
      <fieldset
        className={styles.fieldset}
        aria-describedby={eventsError ? eventsErrorId : undefined}
        aria-invalid={eventsError ? true : undefined}
      >
        <legend>
          Events
          <RequiredMark />
        </legend>
        <FieldErrorMessage id={eventsErrorId} message={eventsError} />
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <div key={type} className={fieldStyles.checkRow}>
            <input
              {...form.register('eventTypes')}
              type="checkbox"
              value={type}
              id={`${eventsId}-${type}`}
              className={fieldStyles.checkbox}
            />
            <label htmlFor={`${eventsId}-${type}`} className={fieldStyles.checkLabel}>
              {WEBHOOK_EVENT_LABELS[type]} <span className={styles.muted}>({type})</span>
            </label>
          </div>
        ))}
      </fieldset>
      <CheckboxField<WebhookEndpointInput> name="active" label="Active (deliveries are sent)" />
      <FormActions
        submitLabel={endpoint ? 'Save the endpoint' : 'Register the endpoint'}
        submitting={form.formState.isSubmitting}
        onCancel={() => props.onDone(null)}
      />
    </Form>
  )
}
