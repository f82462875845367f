import { useId, useState } from 'react'
import { useFormContext } from 'react-hook-form'
import type { PermissionList } from '@/lib/contracts/authorizations'
import styles from './authorizations.module.css'

export interface PermissionPickerProps {
  permissions: PermissionList
  /** A business role may hold only business-scope permissions. */
  scope: 'staff' | 'business'
}

/**
 * The role editor's permissions: one fieldset per area, with a search that hides (never unmounts) what does not match,
 * so the checked boxes stay in the form.
 */
export function PermissionPicker({ permissions, scope }: PermissionPickerProps) {
  const searchId = useId()
  const [search, setSearch] = useState('')
  const { register, formState, watch } = useFormContext<{ permissions: string[] }>()
  const chosen = watch('permissions') ?? []
  const needle = search.trim().toLowerCase()
  const matches = (p: { name: string; description: string }) =>
    !needle || p.name.toLowerCase().includes(needle) || p.description.toLowerCase().includes(needle)
  const error = formState.errors.permissions?.message ?? formState.errors.permissions?.root?.message

  return (
    <div className={styles.formStack}>
      <div className={styles.field}>
        <label htmlFor={searchId}>Find a permission</label>
        <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      </div>
      <p className={styles.muted} aria-live="polite">
        {chosen.length} chosen
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.areas}>
        {permissions.areas.map((area) => {
          const allowed = area.permissions.filter((p) => scope === 'staff' || p.scope === 'business')
          const visible = allowed.filter(matches)
          if (!allowed.length) return null
          return (
            <fieldset key={area.area} className={styles.area} hidden={!visible.length}>
              <legend>{area.area}</legend>
              <ul className={styles.checks}>
                {allowed.map((p) => (
                  <li key={p.name} hidden={!matches(p)}>
                    <label className={styles.check}>
                      <input type="checkbox" value={p.name} {...register('permissions')} />
                      <span>
                        {p.description}
                        <br />
                        <span className={`${styles.muted} ${styles.small}`}>{p.name}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )
        })}
      </div>
    </div>
  )
}
