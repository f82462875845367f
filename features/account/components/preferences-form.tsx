import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { CheckboxField } from '@/components/ui/checkbox-field'
import { Form } from '@/components/ui/form'
import { Link } from '@/components/ui/link'
import { SelectField } from '@/components/ui/select-field'
import { notify } from '@/components/ui/toasts'
import type { Account, Preferences } from '@/lib/contracts/accounts'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { paths } from '@/lib/navigation/paths'
import { useUpdatePreferences } from '../api/profile-calls'
import styles from './auth-card.module.css'

/** The select works with strings; '' means "no default business". Every value comes from a control, so no schema. */
type PreferencesFormValues = Omit<Preferences, 'defaultBusinessId'> & { defaultBusinessId: string }

export function PreferencesForm({ preferences, businesses }: { preferences: Preferences; businesses: Account['businesses'] }) {
  const save = useUpdatePreferences()
  const form = useForm<PreferencesFormValues>({
    values: { ...preferences, defaultBusinessId: preferences.defaultBusinessId ?? '' },
  })
  const submit = async (values: PreferencesFormValues) => {
    try {
      await save.mutateAsync({ ...values, defaultBusinessId: values.defaultBusinessId || null })
      notify('Your preferences are saved.', { type: 'success' })
    } catch (error) {
      applyApiErrors(error, form.setError, ['defaultBusinessId', 'emailNotifications', 'marketingOptOut'])
    }
  }
  return (
    <Form form={form} onSubmit={submit} aria-label="Preferences">
      <div className={styles.stack}>
        <SelectField
          name="defaultBusinessId"
          label="Default business"
          hint={businesses.length ? 'Opened first after you sign in' : 'You do not belong to a business yet'}
          options={[
            { value: '', label: 'None' },
            ...businesses.map((b, i) => ({
              value: b.businessId,
              label: `Business ${i + 1} (${b.role.replace('BUSINESS_', '').toLowerCase()})`,
            })),
          ]}
          disabled={!businesses.length}
        />
        <CheckboxField name="emailNotifications" label="E-mail me about my applications and reviews" />
        <CheckboxField name="marketingOptOut" label="Do not send me marketing e-mails" />
        <p>
          Which notifications (mentions, assignments, decisions…) also come by e-mail, as one digest an hour at most: see{' '}
          <Link href={paths.notifications()}>Notifications</Link>.
        </p>
        <div>
          <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…" disabled={!form.formState.isDirty}>
            Save preferences
          </Button>
        </div>
      </div>
    </Form>
  )
}
