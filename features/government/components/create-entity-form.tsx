import { useQuery } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useEffect, useMemo, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { Button, buttonClassName } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Link } from '@/components/ui/link'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import type { governmentEntityInputSchema } from '@/lib/contracts/government'
import { GOVERNMENT_COUNTRY, GOVERNMENT_TIER_LABELS, GOVERNMENT_TIERS } from '@/lib/contracts/government-values'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { paths } from '@/lib/navigation/paths'
import { fieldPathsOf } from '@/lib/validation/field-paths'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useCreateEntity } from '../api/government-calls'
import { governmentQueries } from '../api/government-queries'
import styles from './government.module.css'

type Values = z.input<typeof governmentEntityInputSchema>
type Output = z.output<typeof governmentEntityInputSchema>

const resolver = lazyZodResolver<Values, Output>(() =>
  import('@/lib/contracts/government').then((m) => m.governmentEntityInputSchema),
)

const DEFAULTS: Values = {
  name: '',
  parastatalId: '',
  tier: '' as Values['tier'],
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  address: { line1: '', city: '', country: GOVERNMENT_COUNTRY, state: '', lga: '' },
}

const FIELDS = fieldPathsOf(DEFAULTS)

export interface CreateEntityFormProps {
  /** Country, state and LGA fields for `address.*`, rendered inside the form (the page composes LocationFields). */
  locationFields: ReactNode
}

/**
 * `/s/government/createEntity`: a government entity (POST /government) under a parastatal of its tier, with a
 * contact and an address whose state and LGA come from the locations dataset. On success the entity's KYC opens.
 */
export function CreateEntityForm({ locationFields }: CreateEntityFormProps) {
  const router = useRouter()
  const create = useCreateEntity()
  const parastatals = useQuery(governmentQueries.parastatals())
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: DEFAULTS, mode: 'onTouched' })
  useEffect(() => void resolver.preload(), [])
  const tier = useWatch({ control: form.control, name: 'tier' })
  const options = useMemo(
    () => (parastatals.data ?? []).filter((p) => !tier || p.tier === tier).map((p) => ({ value: p.id, label: p.name })),
    [parastatals.data, tier],
  )

  const submit = async (values: Output) => {
    try {
      const entity = await create.mutateAsync(values)
      notify(`${entity.name} is created. Add its representatives and documents next.`, { type: 'success' })
      await router.push(paths.government.kyc(entity.id))
    } catch (error) {
      applyApiErrors(error, form.setError, FIELDS)
    }
  }

  return (
    <Form form={form} onSubmit={submit} aria-label="Create a government entity">
      <div className={styles.stack}>
        <fieldset className={styles.fieldset}>
          <legend>The entity</legend>
          <TextField
            name="name"
            label="Name"
            hint="e.g. Lagos State Internal Revenue Service"
            autoComplete="organization"
            required
          />
          <div className={styles.row}>
            <SelectField
              name="tier"
              label="Tier"
              required
              placeholder="Select a tier"
              options={GOVERNMENT_TIERS.map((t) => ({ value: t, label: GOVERNMENT_TIER_LABELS[t] }))}
              onChange={() => form.setValue('parastatalId', '')}
            />
            <SelectField
              name="parastatalId"
              label="Parastatal"
              hint="The ministry, department or agency it belongs to"
              required
              placeholder={parastatals.isPending ? 'Loading…' : 'Select a parastatal'}
              disabled={!parastatals.isSuccess}
              options={options}
            />
          </div>
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>Contact</legend>
          <div className={styles.row}>
            <TextField name="contactName" label="Contact name" autoComplete="name" required />
            <TextField name="contactEmail" label="Contact e-mail" type="email" autoComplete="email" required />
            <TextField
              name="contactPhone"
              label="Contact phone"
              type="tel"
              hint="+234 or 0 followed by 10 digits"
              autoComplete="tel"
              required
            />
          </div>
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>Address</legend>
          <TextField name="address.line1" label="Street address" autoComplete="address-line1" required />
          <TextField name="address.city" label="City or town" autoComplete="address-level2" />
          {locationFields}
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={form.formState.isSubmitting}>
            Create entity
          </Button>
          <Link href={paths.government.entities()} className={buttonClassName({ variant: 'secondary' })}>
            Cancel
          </Link>
        </div>
      </div>
    </Form>
  )
}
