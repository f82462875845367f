import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { DateField } from '@/components/ui/date-field'
import { fieldStyles } from '@/components/ui/field'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import {
  isMaskedIdentityNumber,
  MAX_PERSON_AGE,
  PEP_EXPLANATION,
  PEP_QUESTION,
  PEP_STATUS_CHOICES,
  PEP_STATUSES,
  todayIso,
} from '@/lib/contracts/kyc-values'
import { locationReads } from '@/lib/query/shared-queries'
import styles from './person-details.module.css'

/** The form values of a person's details: the date (`**********` while the stored one is kept) and the declaration. */
export interface PersonDetailsValues {
  dateOfBirth: string
  pep: { status: string; position: string; country: string }
}

/** A new person's details: nothing given, the country of a PEP's position Nigeria until changed. */
export const EMPTY_PERSON_DETAILS: PersonDetailsValues = { dateOfBirth: '', pep: { status: '', position: '', country: 'NG' } }

/** A saved person's details as the form edits them: the masked date kept as it is (the API keeps the stored one). */
export function personDetailsValuesOf(person: {
  dateOfBirth: string | null
  pep: { status: string; position: string | null; country: string | null } | null
}): PersonDetailsValues {
  return {
    dateOfBirth: person.dateOfBirth ?? '',
    pep: {
      status: person.pep?.status ?? '',
      position: person.pep?.position ?? '',
      country: person.pep?.country ?? 'NG',
    },
  }
}

/** What the API is sent: the declaration's position and country only for a PEP, a relative or an associate. */
export function personDetailsInput(values: PersonDetailsValues) {
  const exposed = values.pep.status !== 'NOT_PEP'
  return {
    dateOfBirth: values.dateOfBirth,
    pep: {
      status: values.pep.status,
      ...(exposed && { position: values.pep.position, country: values.pep.country || undefined }),
    },
  }
}

const oldest = () => `${Number(todayIso().slice(0, 4)) - MAX_PERSON_AGE}${todayIso().slice(4)}`

/**
 * The date of birth. A stored date comes masked (answers never carry it in clear): it shows as given, with a button
 * to enter another; the form then sends the mask back, which keeps the stored date.
 */
export function DateOfBirthField({ name = 'dateOfBirth', adult = false }: { name?: string; adult?: boolean }) {
  const { control, setValue } = useFormContext()
  const value: unknown = useWatch({ control, name })
  if (typeof value === 'string' && isMaskedIdentityNumber(value)) {
    return (
      <div className={styles.given}>
        <span className={fieldStyles.label}>Date of birth</span>
        <span>Given (hidden)</span>
        <Button size="sm" variant="secondary" onClick={() => setValue(name, '', { shouldDirty: true })}>
          Change the date of birth
        </Button>
      </div>
    )
  }
  return (
    <DateField
      name={name}
      label="Date of birth"
      hint={adult ? 'As on the ID. A director, signatory or representative must be at least 18.' : 'As on the ID.'}
      min={oldest()}
      max={todayIso()}
      required
    />
  )
}

/** Nigeria, until the reference countries are in (the country's value is its ISO alpha-2 code). */
const NIGERIA_ONLY = [{ value: 'NG', label: 'Nigeria' }]

/**
 * The PEP question in plain words, who counts, and for a "yes" the position and its country (from the reference
 * countries, `lib/query/shared-queries.ts`). `name`: the group holding `status`, `position` and `country`.
 */
export function PepDeclarationFields({ name = 'pep' }: { name?: string }) {
  const { control } = useFormContext()
  const status: unknown = useWatch({ control, name: `${name}.status` })
  const exposed = status === 'PEP' || status === 'FAMILY_MEMBER' || status === 'CLOSE_ASSOCIATE'
  // Read only once a position is asked for: most people are not PEPs.
  const countries = useQuery({ ...locationReads.countries(), enabled: exposed })
  const options = useMemo(
    () => countries.data?.filter((c) => /^[A-Z]{2}$/.test(c.id)).map((c) => ({ value: c.id, label: c.country })) ?? NIGERIA_ONLY,
    [countries.data],
  )
  return (
    <fieldset className={styles.fieldset}>
      <legend>Politically exposed person (PEP)</legend>
      <SelectField
        name={`${name}.status`}
        label={PEP_QUESTION}
        hint="Banks must know, by law; it does not stop the application."
        placeholder="Choose an answer"
        options={PEP_STATUSES.map((s) => ({ value: s, label: PEP_STATUS_CHOICES[s] }))}
        required
      />
      <details className={styles.explain}>
        <summary>Who counts as a PEP, a family member or a close associate?</summary>
        <p>{PEP_EXPLANATION}</p>
      </details>
      {exposed && (
        <div className={styles.row}>
          <TextField
            name={`${name}.position`}
            label={status === 'PEP' ? 'Public position held' : 'Public position of the PEP'}
            hint="e.g. Former Commissioner for Health, Imo State"
            autoComplete="off"
            required
          />
          <SelectField
            name={`${name}.country`}
            label="Country of the position"
            placeholder="Choose a country"
            options={options}
          />
        </div>
      )}
    </fieldset>
  )
}
