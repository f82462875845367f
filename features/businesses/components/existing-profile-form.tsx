import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Link } from '@/components/ui/link'
import { TextAreaField } from '@/components/ui/text-area-field'
import { TextField } from '@/components/ui/text-field'
import type { accessRequestInputSchema } from '@/lib/contracts/businesses'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { paths } from '@/lib/navigation/paths'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useRequestProfileAccess } from '../api/access-request-calls'
import { businessQueries } from '../api/business-queries'
import styles from './businesses.module.css'

type Values = z.input<typeof accessRequestInputSchema>
type Output = z.output<typeof accessRequestInputSchema>

const resolver = lazyZodResolver<Values, Output>(() =>
  import('@/lib/contracts/businesses').then((m) => m.accessRequestInputSchema),
)

interface Lookup {
  identifier: string
  maskedName: string | null
}

/**
 * Look a business up by registration number or e-mail, see its masked name (never the whole name), and ask its
 * owners for access. They decide on their manage-users page.
 */
export function ExistingProfileForm() {
  const queryClient = useQueryClient()
  const requestAccess = useRequestProfileAccess()
  const [lookup, setLookup] = useState<Lookup | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: { identifier: '', message: '' } })
  const identifier = useWatch({ control: form.control, name: 'identifier' })

  useEffect(() => void resolver.preload(), [])

  // A changed identifier needs a new lookup before anyone is asked.
  const current = lookup && lookup.identifier === (identifier ?? '').trim() ? lookup : null
  const canRequest = !!current?.maskedName

  const submit = async (values: Output) => {
    if (!canRequest) {
      try {
        const answer = await queryClient.fetchQuery(businessQueries.existingProfile(values.identifier))
        setLookup({ identifier: values.identifier, maskedName: answer.exists ? answer.maskedName : null })
      } catch (error) {
        applyApiErrors(error, form.setError, ['identifier'])
      }
      return
    }
    try {
      const sent = await requestAccess.mutateAsync({ identifier: values.identifier, message: values.message || undefined })
      setSentTo(sent.maskedName)
      setLookup(null)
      form.reset({ identifier: '', message: '' })
    } catch (error) {
      applyApiErrors(error, form.setError, ['identifier', 'message'])
    }
  }

  return (
    <>
      {sentTo && (
        <p role="status" className={styles.notice}>
          Request sent. The owners of {sentTo} will decide; we will e-mail you their answer.
        </p>
      )}
      <Form form={form} onSubmit={submit} aria-label="Find an existing business profile">
        <div className={styles.formStack}>
          <TextField
            name="identifier"
            label="Registration number or business e-mail"
            hint="e.g. RC1234567 or info@company.ng"
            autoComplete="off"
            required
          />
          <div aria-live="polite">
            {current && current.maskedName && (
              <p className={styles.notice}>
                We found <strong>{current.maskedName}</strong>. Ask its owners for access?
              </p>
            )}
            {current && !current.maskedName && (
              <p className={styles.muted}>
                No business matches “{current.identifier}”. <Link href={paths.business.create()}>Register it</Link> instead.
              </p>
            )}
          </div>
          {canRequest && <TextAreaField name="message" label="Message to the owners (optional)" rows={3} maxLength={500} />}
          <div className={styles.actions}>
            <Button
              type="submit"
              variant={canRequest ? 'primary' : 'secondary'}
              loading={form.formState.isSubmitting}
              loadingText={canRequest ? 'Sending…' : 'Searching…'}
            >
              {canRequest ? 'Ask for access' : 'Find the business'}
            </Button>
          </div>
        </div>
      </Form>
    </>
  )
}
