import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import {
  DateOfBirthField,
  PepDeclarationFields,
  personDetailsInput,
  personDetailsValuesOf,
  type PersonDetailsValues,
} from '@/components/person/person-details-fields'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { notify } from '@/components/ui/toasts'
import type { representativePersonDetailsFormSchema } from '@/lib/contracts/government'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useUpdateRepresentativeDetails } from '../api/government-calls'
import type { Representative } from '../api/types'
import styles from './government.module.css'

type Output = z.output<typeof representativePersonDetailsFormSchema>

const resolver = lazyZodResolver<PersonDetailsValues, Output>(
  () => import('@/lib/contracts/government').then((m) => m.representativePersonDetailsFormSchema) as never,
)

const FIELDS = ['dateOfBirth', 'pep.status', 'pep.position', 'pep.country']

/**
 * Fills in the date of birth and PEP declaration of a representative captured before they were asked
 * (docs/domain.md#dates-of-birth-and-pep-declarations): `PUT /government/rep/{id}` with just those.
 */
export function RepresentativeDetailsForm({ representative, onDone }: { representative: Representative; onDone: () => void }) {
  const update = useUpdateRepresentativeDetails()
  const form = useForm<PersonDetailsValues, unknown, Output>({
    resolver,
    defaultValues: personDetailsValuesOf(representative),
    mode: 'onTouched',
  })
  useEffect(() => void resolver.preload(), [])
  const name = `${representative.firstName} ${representative.lastName}`

  const submit = async () => {
    try {
      const input = personDetailsInput(form.getValues())
      await update.mutateAsync({ id: representative.id, ...input })
      notify(`The details of ${name} are saved.`, { type: 'success' })
      onDone()
    } catch (error) {
      applyApiErrors(error, form.setError, FIELDS)
    }
  }

  return (
    <Form form={form} onSubmit={submit} aria-label={`Date of birth and PEP declaration of ${name}`}>
      <div className={styles.stack}>
        <DateOfBirthField adult />
        <PepDeclarationFields />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" size="sm" loading={form.formState.isSubmitting}>
            Save
          </Button>
          <Button type="button" variant="secondary" size="sm" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
    </Form>
  )
}
