import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { CheckboxField } from '@/components/ui/checkbox-field'
import { ErrorState } from '@/components/ui/error-state'
import { Form } from '@/components/ui/form'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toasts'
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationSettings } from '@/lib/contracts/notifications'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { accountQueries } from '../api/account-queries'
import { useUpdateNotificationSettings } from '../api/notification-calls'
import styles from './notifications.module.css'

/** Which kinds also come by e-mail, as one digest at most every hour (docs/notifications.md#e-mail-digest). */
export function NotificationSettingsForm() {
  const settings = useQuery(accountQueries.notificationSettings())
  const save = useUpdateNotificationSettings()
  const form = useForm<NotificationSettings>({ values: settings.data ?? { emailKinds: [] } })
  const submit = async (values: NotificationSettings) => {
    try {
      await save.mutateAsync({ emailKinds: values.emailKinds || [] })
      notify('Your e-mail choices are saved.', { type: 'success' })
    } catch (error) {
      applyApiErrors(error, form.setError, ['emailKinds'])
    }
  }
  if (settings.isError)
    return <ErrorState message="We could not load your e-mail choices." onRetry={() => void settings.refetch()} />
  if (!settings.data) return <Skeleton count={3} label="Loading your e-mail choices" />
  return (
    <Form form={form} onSubmit={submit} aria-label="Notifications by e-mail">
      <fieldset className={styles.centre}>
        <legend className={styles.panelHeading}>Also by e-mail</legend>
        <p className={styles.itemMeta}>
          The kinds you tick also come by e-mail: one message at most every hour, listing what is new and unread.
        </p>
        {NOTIFICATION_KINDS.map((kind) => (
          <CheckboxField<NotificationSettings> key={kind} name="emailKinds" value={kind} label={NOTIFICATION_KIND_LABELS[kind]} />
        ))}
        <div>
          <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…" disabled={!form.formState.isDirty}>
            Save e-mail choices
          </Button>
        </div>
      </fieldset>
    </Form>
  )
}
