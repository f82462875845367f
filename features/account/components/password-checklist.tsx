import { useWatch } from 'react-hook-form'
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
