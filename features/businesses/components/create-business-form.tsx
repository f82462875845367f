import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useEffect, useRef, type ReactNode } from 'react'
import { useForm, useFormState, useWatch, type UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { Button, buttonClassName } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Link } from '@/components/ui/link'
import { SelectField, type SelectOption } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import type { createBusinessSchema } from '@/lib/contracts/businesses'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { paths } from '@/lib/navigation/paths'
import { referenceReads } from '@/lib/query/shared-queries'
import { getSourceProduct, setBusinessId } from '@/lib/session/storage'
import { fieldPathsOf } from '@/lib/validation/field-paths'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useCreateBusiness } from '../api/business-calls'
import type { Business, ReferenceItem } from '../api/types'
import { readRegistrationNumber, REGISTRATION_CLASS_HINTS, registrationClassLabel } from '../model/registration-number'
import { availabilityQuery, checkableValue, takenMessage, useAvailability } from '../model/use-availability'
import styles from './businesses.module.css'

type Values = z.input<typeof createBusinessSchema>
type Output = z.output<typeof createBusinessSchema>

const resolver = lazyZodResolver<Values, Output>(() => import('@/lib/contracts/businesses').then((m) => m.createBusinessSchema))

const DEFAULTS: Values = {
  name: '',
  regNo: '',
  typeId: '',
  categoryId: '',
  email: '',
  phone: '',
  website: '',
  address: { line1: '', line2: '', city: '', country: 'Nigeria', state: '', lga: '' },
}

/** Fields the API may name in its errors (staff also name the owner). */
const FIELDS = [...fieldPathsOf(DEFAULTS), 'ownerEmail']

const REG_NO_HINT = `Start with the class, then the digits: ${REGISTRATION_CLASS_HINTS.map((c) => `${c.code} (${c.label})`).join(', ')}. For example RC1234567.`

const toOptions = (items: ReferenceItem[] | undefined): SelectOption[] =>
  items?.map((i) => ({ value: i.id, label: i.name })) ?? []

/**
 * What another source (a CRM account) knows of the business: it fills the form, which stays editable. The type and
 * category come as names and are matched to the lists ignoring case; an unknown one is left to choose.
 */
export interface BusinessPrefill {
  name?: string | null
  regNo?: string | null
  typeName?: string | null
  categoryName?: string | null
  email?: string | null
  phone?: string | null
  address?: { line1?: string | null; city?: string | null; state?: string | null; country?: string | null }
}

const idByName = (items: ReferenceItem[] | undefined, name: string | null | undefined) =>
  (name && items?.find((i) => i.name.trim().toLowerCase() === name.trim().toLowerCase())?.id) || ''

export interface CreateBusinessFormProps {
  /** Fills the form (react-hook-form reset) whenever it changes; null after a prefill empties the form again. */
  prefill?: BusinessPrefill | null
  /**
   * Country, state and local government area fields for `address.country`, `address.state` and `address.lga`,
   * rendered inside the form (the page composes the locations feature's fields).
   */
  locationFields: ReactNode
  /** Staff register on a business's behalf and must name its owner, who is invited by e-mail. */
  isStaff?: boolean
  /**
   * Called with the new business instead of choosing it and opening its dashboard (staff registering a business for
   * a customer go back to their own screens).
   */
  onCreated?: (business: Business) => void | Promise<unknown>
  /** Where Cancel leads; the user's businesses by default. */
  cancelHref?: string
}

/**
 * Registers a business (POST /businesses). The registration number and the name are checked while the user types
 * and a taken one is refused before sending; on success the business becomes the chosen one and its dashboard opens.
 */
export function CreateBusinessForm({
  locationFields,
  isStaff = false,
  onCreated,
  cancelHref = paths.business.list(),
  prefill = null,
}: CreateBusinessFormProps) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const create = useCreateBusiness()
  const types = useQuery(referenceReads.businessTypes())
  const categories = useQuery(referenceReads.businessCategories())
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: isStaff ? { ...DEFAULTS, ownerEmail: '' } : DEFAULTS,
    mode: 'onTouched',
  })

  useEffect(() => void resolver.preload(), [])

  // A prefill resets the form once; the type and category lists may arrive later, and then fill only those two
  // fields (if still empty), so nothing the user typed meanwhile is lost.
  const prefilled = useRef(false)
  useEffect(() => {
    const base: Values = isStaff ? { ...DEFAULTS, ownerEmail: '' } : DEFAULTS
    if (!prefill) {
      if (prefilled.current) form.reset(base)
      prefilled.current = false
      return
    }
    prefilled.current = true
    form.reset({
      ...base,
      name: prefill.name ?? '',
      regNo: prefill.regNo ?? '',
      email: prefill.email ?? '',
      phone: prefill.phone ?? '',
      address: {
        ...base.address,
        line1: prefill.address?.line1 ?? '',
        city: prefill.address?.city ?? '',
        state: prefill.address?.state ?? '',
        country: prefill.address?.country || base.address.country,
      },
    })
  }, [prefill, form, isStaff])
  // A prefill's type and category, once their lists are in.
  const prefillTypeId = idByName(types.data, prefill?.typeName)
  const prefillCategoryId = idByName(categories.data, prefill?.categoryName)
  useEffect(() => {
    if (prefillTypeId && !form.getValues('typeId'))
      form.setValue('typeId', prefillTypeId, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
  }, [prefill, prefillTypeId, form])
  useEffect(() => {
    if (prefillCategoryId && !form.getValues('categoryId'))
      form.setValue('categoryId', prefillCategoryId, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
  }, [prefill, prefillCategoryId, form])

  // The form waits for the type and category lists, and for a prefill's type and category to be filled in from them
  // (an effect after the lists' render): a click before would be refused as if nothing were chosen.
  const [typeId, categoryId] = useWatch({ control: form.control, name: ['typeId', 'categoryId'] })
  const listsPending =
    types.isPending || categories.isPending || (!typeId && !!prefillTypeId) || (!categoryId && !!prefillCategoryId)

  /** Asks (or reuses the live answer) whether the name or number is taken; marks the field when it is. */
  const refuseTaken = async (values: Output): Promise<boolean> => {
    let refused = false
    for (const kind of ['regNo', 'name'] as const) {
      const value = checkableValue(kind, values[kind])
      if (!value) continue
      try {
        if (await queryClient.fetchQuery(availabilityQuery(kind, value))) {
          form.setError(kind, { type: 'taken', message: takenMessage(kind, value) }, { shouldFocus: !refused })
          refused = true
        }
      } catch {
        // The check failed: let the API decide (it refuses a duplicate with 409 naming the field).
      }
    }
    return refused
  }

  const submit = async (values: Output) => {
    if (await refuseTaken(values)) return
    try {
      const business = await create.mutateAsync(values)
      if (onCreated) {
        await onCreated(business)
        return
      }
      setBusinessId(business.id)
      // A visitor who came for a product (`sourceProduct`) goes on to apply for it with the new business.
      const sourceProduct = getSourceProduct()
      notify(`${business.name} is registered. ${sourceProduct ? 'Apply for your product next.' : 'Complete its KYC next.'}`, {
        type: 'success',
      })
      await router.push(
        sourceProduct ? paths.business.productApplication(sourceProduct, business.id) : paths.business.dashboard(business.id),
      )
    } catch (error) {
      applyApiErrors(error, form.setError, FIELDS)
    }
  }

  return (
    <Form form={form} onSubmit={submit} aria-label="Register a business">
      <div className={styles.stack}>
        <fieldset className={styles.fieldset}>
          <legend>The business</legend>
          <div>
            <TextField
              name="name"
              label="Business name"
              hint="As registered with the Corporate Affairs Commission."
              autoComplete="organization"
              required
            />
            <AvailabilityLine form={form} kind="name" />
          </div>
          <div>
            <TextField
              name="regNo"
              label="Registration number"
              hint={REG_NO_HINT}
              autoComplete="off"
              spellCheck={false}
              required
            />
            <AvailabilityLine form={form} kind="regNo" />
          </div>
          <div className={styles.row}>
            <SelectField
              name="typeId"
              label="Business type"
              placeholder={types.isPending ? 'Loading types…' : 'Select a type'}
              options={toOptions(types.data)}
              disabled={!types.data}
              required
            />
            <SelectField
              name="categoryId"
              label="Category"
              placeholder={categories.isPending ? 'Loading categories…' : 'Select a category'}
              options={toOptions(categories.data)}
              disabled={!categories.data}
              required
            />
          </div>
          {(types.isError || categories.isError) && (
            <p role="alert" className={styles.alert}>
              The business types or categories could not be loaded.{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => void Promise.all([types.refetch(), categories.refetch()])}
              >
                Try again
              </button>
            </p>
          )}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend>Contact</legend>
          <div className={styles.row}>
            <TextField name="email" type="email" label="Business e-mail" required />
            <TextField name="phone" type="tel" label="Business phone" hint="e.g. 0803 123 4567 or +234 803 123 4567" required />
          </div>
          <TextField name="website" type="url" label="Website (optional)" hint="A full address, e.g. https://example.ng" />
          {isStaff && (
            <TextField
              name="ownerEmail"
              type="email"
              label="Owner's e-mail"
              hint="We invite the business's owner to set a password and take over."
              required
            />
          )}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend>Registered address</legend>
          <TextField name="address.line1" label="Address" autoComplete="address-line1" required />
          <div className={styles.row}>
            <TextField name="address.line2" label="Address line 2 (optional)" autoComplete="address-line2" />
            <TextField name="address.city" label="City or town (optional)" autoComplete="address-level2" />
          </div>
          {locationFields}
        </fieldset>

        <div className={styles.actions}>
          <Button type="submit" loading={form.formState.isSubmitting} loadingText="Registering…" disabled={listsPending}>
            Register business
          </Button>
          <Link href={cancelHref} className={buttonClassName({ variant: 'secondary' })}>
            Cancel
          </Link>
        </div>
      </div>
    </Form>
  )
}

/** The live answer under the name or registration-number field (a polite live region). */
function AvailabilityLine({ form, kind }: { form: UseFormReturn<Values, unknown, Output>; kind: 'regNo' | 'name' }) {
  const raw = useWatch({ control: form.control, name: kind }) ?? ''
  const { errors } = useFormState({ control: form.control, name: kind })
  const availability = useAvailability(kind, raw)
  const registration = kind === 'regNo' ? readRegistrationNumber(raw) : null
  // The same sentence already shows as the field's error after a refused submit.
  const repeated = availability.state === 'taken' && errors[kind]?.message === availability.message
  const classLabel = registration
    ? `${registrationClassLabel(registration.registrationClass)} (${registration.registrationClass})`
    : null
  const message = repeated ? null : availability.message
  return (
    <p
      className={`${styles.availability} ${availability.state === 'taken' ? styles.taken : availability.state === 'available' ? styles.available : styles.muted}`}
      aria-live="polite"
      data-availability={availability.state}
    >
      {classLabel && message ? `${classLabel}: ${message}` : (message ?? classLabel ?? '')}
    </p>
  )
}
