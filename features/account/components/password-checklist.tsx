import { useId } from 'react'
import { useWatch } from 'react-hook-form'
import { TextField } from '@/components/ui/text-field'
import { PASSWORD_RULES } from '@/lib/validation/password-rules'
import styles from './auth-card.module.css'

/** The password rules as a live checklist under the password field (spec section 5). */
export function PasswordChecklist({ name, id }: { name: string; id?: string }) {
  const value = (useWatch({ name }) as string | undefined) ?? ''
  return (
    <ul className={styles.checklist} id={id} aria-label="Password rules">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(value)
        return (
          <li key={rule.id} className={met ? styles.met : styles.unmet}>
            <span aria-hidden="true">{met ? '✓' : '○'}</span> {rule.label}
            <span className="visually-hidden">{met ? ' (met)' : ' (not met yet)'}</span>
          </li>
        )
      })}
    </ul>
  )
}

/** A new password's field with the live checklist under it, which describes the field. */
export function NewPasswordField({ name, label }: { name: string; label: string }) {
  const rulesId = useId()
  return (
    <>
      <TextField name={name} type="password" label={label} autoComplete="new-password" required aria-describedby={rulesId} />
      <PasswordChecklist name={name} id={rulesId} />
    </>
  )
}
