import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { SelectField } from '@/components/ui/select-field'
import { notify } from '@/components/ui/toasts'
import type { governmentProductInputSchema } from '@/lib/contracts/government'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { productReads } from '@/lib/query/shared-queries'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useCreateGovernmentProduct } from '../api/government-calls'
import { governmentQueries } from '../api/government-queries'
import styles from './government.module.css'

type Values = z.input<typeof governmentProductInputSchema>
type Output = z.output<typeof governmentProductInputSchema>

const resolver = lazyZodResolver<Values, Output>(() =>
  import('@/lib/contracts/government').then((m) => m.governmentProductInputSchema),
)
const FIELDS = ['entityId', 'productId', 'paymentChannelIds', 'consultantId'] as const

/** Onboards the entity to an offered product (POST /government-product) with its payment channels and consultant. */
export function GovernmentProductForm({ entityId, takenProductIds }: { entityId: string; takenProductIds: string[] }) {
  const create = useCreateGovernmentProduct()
  const products = useQuery(productReads.catalogue({ pageNumber: 1, pageSize: 100 }))
  const channels = useQuery(governmentQueries.paymentChannels())
  const consultants = useQuery(governmentQueries.consultants())
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: { entityId, productId: '', paymentChannelIds: [], consultantId: '' },
    mode: 'onTouched',
  })
  useEffect(() => void resolver.preload(), [])
  useEffect(() => form.reset({ entityId, productId: '', paymentChannelIds: [], consultantId: '' }), [entityId, form])

  const submit = async (values: Output) => {
    try {
      const gp = await create.mutateAsync(values)
      notify(`${gp.entityName} is onboarded to ${gp.product.name}.`, { type: 'success' })
      form.reset({ entityId, productId: '', paymentChannelIds: [], consultantId: '' })
    } catch (error) {
      applyApiErrors(error, form.setError, FIELDS)
    }
  }

  const channelError = form.formState.errors.paymentChannelIds
  return (
    <Form form={form} onSubmit={submit} aria-label="Add a product to the entity">
      <div className={styles.stack}>
        <div className={styles.row}>
          <SelectField
            name="productId"
            label="Product"
            required
            placeholder={products.isPending ? 'Loading products…' : 'Select a product'}
            disabled={!products.isSuccess}
            options={(products.data?.content ?? [])
              .filter((p) => !takenProductIds.includes(p.id))
              .map((p) => ({ value: p.id, label: p.name }))}
          />
          <SelectField
            name="consultantId"
            label="Consultant"
            hint="Who brought the entity, if anyone"
            placeholder="No consultant"
            disabled={!consultants.isSuccess}
            options={(consultants.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </div>
        <fieldset className={styles.checkboxes}>
          <legend>
            Payment channels <span aria-hidden="true">*</span>
          </legend>
          {(channels.data ?? []).map((c) => (
            <label key={c.id} className={styles.checkbox}>
              <input
                type="checkbox"
                value={c.id}
                aria-describedby={channelError ? 'payment-channel-error' : undefined}
                {...form.register('paymentChannelIds')}
              />
              <span>
                {c.name}
                {c.description && <span className={styles.muted}> ({c.description})</span>}
              </span>
            </label>
          ))}
        </fieldset>
        {channelError && (
          <p id="payment-channel-error" role="alert" className={styles.error}>
            {channelError.message ?? (channelError as { root?: { message?: string } }).root?.message}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={form.formState.isSubmitting}>
            Add product
          </Button>
        </div>
      </div>
    </Form>
  )
}
