import { type ReactNode, useEffect, useId, useRef } from 'react'
import { type FieldError, type UseControllerProps, useController, useFormContext, useWatch } from 'react-hook-form'
import { NIGERIA_ID } from '@/lib/contracts/location-ids'
import { useCountries, useCountryStates } from '../api/use-locations'
import styles from './location-fields.module.css'

export interface LocationFieldNames {
  country: string
  state: string
  lga: string
}

export interface LocationFieldsProps {
  /** Form field names; default `address.country`, `address.state`, `address.lga`. */
  names?: Partial<LocationFieldNames>
  /**
   * Which fields must be filled; all three by default. A state (or region) is required only once a country is
   * chosen, and an LGA only where the chosen state has LGAs (Nigeria).
   */
  required?: Partial<Record<keyof LocationFieldNames, boolean>>
  disabled?: boolean
}

export const DEFAULT_LOCATION_FIELD_NAMES: LocationFieldNames = {
  country: 'address.country',
  state: 'address.state',
  lga: 'address.lga',
}

const MESSAGES = {
  country: 'Select a country',
  state: 'Select a state',
  region: 'Enter a region',
  lga: 'Select a local government area',
}

const REGION_MAX_LENGTH = 100

/**
 * Country → state → local government area (Nigeria) for a react-hook-form form (uses `useFormContext()`).
 * Values are names, as the API stores them (`country: "Nigeria"`). A country without states gets a free-text
 * "Region" in the state field. Changing the country clears state and LGA; changing the state clears the LGA.
 * Validation runs through the fields' rules; with a resolver, the form's schema decides instead.
 */
export function LocationFields({ names, required, disabled = false }: LocationFieldsProps) {
  const fieldNames = { ...DEFAULT_LOCATION_FIELD_NAMES, ...names }
  const isRequired = { country: true, state: true, lga: true, ...required }
  const { control, setValue, clearErrors } = useFormContext()
  const id = useId()

  const countries = useCountries()
  const countryValue = asText(useWatch({ control, name: fieldNames.country }))
  const stateValue = asText(useWatch({ control, name: fieldNames.state }))
  const country = countries.data?.find((c) => c.country === countryValue)
  const countryHasStates = !!country && country.states.length > 0
  const states = useCountryStates(countryHasStates ? country.id : undefined)

  // A country the list does not know (or one without states) takes a free-text region.
  const freeTextRegion = !!countryValue && countries.isSuccess && !countryHasStates
  const hasLgas = states.data ? states.data.some((s) => s.lgas.length > 0) : country?.id === NIGERIA_ID
  const stateEntry = states.data?.find((s) => s.state === stateValue)

  const clear = (fields: string[]) => {
    for (const name of fields) setValue(name, '', { shouldDirty: true })
    clearErrors(fields)
  }

  return (
    <div className={styles.fields}>
      <ControlledSelect
        id={`${id}-country`}
        name={fieldNames.country}
        label="Country"
        required={isRequired.country}
        requiredMessage={MESSAGES.country}
        disabled={disabled || !countries.isSuccess}
        placeholder={countries.isPending ? 'Loading countries…' : 'Select a country'}
        options={countries.data?.map((c) => c.country) ?? []}
        autoComplete="country-name"
        onUserChange={() => clear([fieldNames.state, fieldNames.lga])}
        status={countries.isError ? <LoadError what="the countries" onRetry={() => void countries.refetch()} /> : null}
      />

      {freeTextRegion ? (
        <RegionInput
          id={`${id}-region`}
          name={fieldNames.state}
          required={isRequired.state}
          disabled={disabled}
          countryField={fieldNames.country}
        />
      ) : (
        <ControlledSelect
          id={`${id}-state`}
          name={fieldNames.state}
          label="State"
          required={isRequired.state}
          requiredMessage={MESSAGES.state}
          when={fieldNames.country}
          disabled={disabled || !states.isSuccess}
          placeholder={!countryValue ? 'Select a country first' : states.isPending ? 'Loading states…' : 'Select a state'}
          options={states.data?.map((s) => s.state) ?? []}
          autoComplete="address-level1"
          onUserChange={() => clear([fieldNames.lga])}
          status={states.isError ? <LoadError what="the states" onRetry={() => void states.refetch()} /> : null}
        />
      )}

      {hasLgas && !freeTextRegion ? (
        <ControlledSelect
          id={`${id}-lga`}
          name={fieldNames.lga}
          label="Local government area"
          required={isRequired.lga}
          requiredMessage={MESSAGES.lga}
          when={fieldNames.state}
          disabled={disabled || !stateEntry}
          placeholder={stateEntry ? 'Select a local government area' : 'Select a state first'}
          options={stateEntry?.lgas ?? []}
          autoComplete="address-level2"
        />
      ) : null}
    </div>
  )
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The latest value, for validation rules (react-hook-form keeps the rules a field had when it mounted). */
function useLatest<T>(value: T) {
  const ref = useRef(value)
  useEffect(() => {
    ref.current = value
  })
  return ref
}

/**
 * A required field's rule: it must be filled when `required` holds and, if `when` names another field, once
 * that field is filled (a state once there is a country; an LGA once there is a state).
 */
function useRequiredRule(required: boolean, message: string, when?: string): UseControllerProps['rules'] {
  const { getValues } = useFormContext()
  const latest = useLatest({ required, message, when })
  return {
    validate: (value: unknown) => {
      const { required: mustFill, message: text, when: parent } = latest.current
      if (!mustFill || (parent && !asText(getValues(parent)))) return true
      return asText(value).trim() !== '' || text
    },
  }
}

interface ControlledSelectProps {
  id: string
  name: string
  label: string
  required: boolean
  requiredMessage: string
  when?: string
  disabled: boolean
  placeholder: string
  options: string[]
  autoComplete: string
  onUserChange?: () => void
  status?: ReactNode
}

function ControlledSelect(props: ControlledSelectProps) {
  const { id, name, label, required, requiredMessage, when, disabled, placeholder, options, autoComplete, onUserChange, status } =
    props
  const { control } = useFormContext()
  const rules = useRequiredRule(required, requiredMessage, when)
  const { field, fieldState } = useController({ name, control, rules })
  const value = asText(field.value)
  // A saved value the list no longer has stays visible (and is kept) rather than silently replaced.
  const choices = value && !options.includes(value) && options.length > 0 ? [...options, value] : options

  return (
    <Field id={id} label={label} required={required} error={fieldState.error} status={status}>
      {(describedBy) => (
        <select
          id={id}
          name={field.name}
          ref={field.ref}
          value={value}
          onChange={(event) => {
            field.onChange(event.target.value)
            onUserChange?.()
          }}
          onBlur={field.onBlur}
          disabled={disabled}
          autoComplete={autoComplete}
          aria-required={required || undefined}
          aria-invalid={fieldState.invalid || undefined}
          aria-describedby={describedBy}
          className={styles.control}
        >
          <option value="">{placeholder}</option>
          {choices.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

function RegionInput({
  id,
  name,
  required,
  disabled,
  countryField,
}: {
  id: string
  name: string
  required: boolean
  disabled: boolean
  countryField: string
}) {
  const { control } = useFormContext()
  const rules = useRequiredRule(required, MESSAGES.region, countryField)
  const { field, fieldState } = useController({ name, control, rules })
  return (
    <Field id={id} label="Region" required={required} error={fieldState.error}>
      {(describedBy) => (
        <input
          id={id}
          type="text"
          name={field.name}
          ref={field.ref}
          value={asText(field.value)}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          disabled={disabled}
          maxLength={REGION_MAX_LENGTH}
          autoComplete="address-level1"
          aria-required={required || undefined}
          aria-invalid={fieldState.invalid || undefined}
          aria-describedby={describedBy}
          className={styles.control}
        />
      )}
    </Field>
  )
}

interface FieldProps {
  id: string
  label: string
  required: boolean
  error: FieldError | undefined
  status?: ReactNode
  children: (describedBy: string | undefined) => ReactNode
}

function Field({ id, label, required, error, status, children }: FieldProps) {
  const errorId = `${id}-error`
  const statusId = `${id}-status`
  const describedBy = [error?.message ? errorId : null, status ? statusId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.requiredMark} aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {children(describedBy)}
      {status ? (
        <div id={statusId} className={styles.status}>
          {status}
        </div>
      ) : null}
      {error?.message ? (
        <p id={errorId} className={styles.error}>
          {error.message}
        </p>
      ) : null}
    </div>
  )
}

function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <span role="alert">
      Could not load {what}.{' '}
      <button type="button" className={styles.retry} onClick={onRetry}>
        Try again
      </button>
    </span>
  )
}
