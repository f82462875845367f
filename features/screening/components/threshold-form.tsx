import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Form } from '@/components/ui/form'
import { SentForApproval } from '@/components/ui/sent-for-approval'
import { TextAreaField } from '@/components/ui/text-area-field'
import { TextField } from '@/components/ui/text-field'
import { AUTHORIZATION_DECIDER_PERMISSION } from '@/lib/contracts/authorization-values'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError } from '@/lib/http/errors'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useChangeMatchThreshold } from '../api/list-calls'
import type { ScreeningSettings } from '../api/screening-queries'
import { formatScore } from '../model/list-formats'
import styles from './screening-lists.module.css'

interface Values {
  matchThreshold: string
  reason: string
}
interface Output {
  matchThreshold: number
  reason: string
}

const resolver = lazyZodResolver<Values, Output>(() =>
  import('../model/screening-forms').then((m) => m.thresholdFormSchema as never),
)

/**
 * The match threshold (`GET /screening/settings`) and, for list managers, a new one (`PUT /screening/settings`): never
 * applied at once under four-eyes, a second person approves it first.
 */
export function ThresholdSection({ settings, canManage }: { settings: ScreeningSettings; canManage: boolean }) {
  const headingId = useId()
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: { matchThreshold: '', reason: '' } })
  const [confirming, setConfirming] = useState<Output | null>(null)
  const [sent, setSent] = useState<{ authorizationId: string | null; matchThreshold: number } | null>(null)
  const change = useChangeMatchThreshold()

  useEffect(() => {
    if (canManage) void resolver.preload()
  }, [canManage])

  const confirm = () => {
    if (!confirming) return
    change.mutate(confirming, {
      onSuccess: (answer) => {
        setSent({ authorizationId: answer.pending ? answer.authorizationId : null, matchThreshold: confirming.matchThreshold })
        setConfirming(null)
        form.reset({ matchThreshold: '', reason: '' })
      },
      onError: (error) => {
        setConfirming(null)
        if (!applyApiErrors(error, form.setError, ['matchThreshold', 'reason']))
          form.setError('root.server', { message: describeError(error, 'The threshold was not changed.') })
      },
    })
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>Match threshold</h2>
      <p>
        A candidate alerts at a score of <strong>{formatScore(settings.matchThreshold)}</strong> or more (0 to 1; the
        product&apos;s default is {formatScore(settings.defaultThreshold)}).
      </p>
      {canManage && (
        <>
          <p className={styles.muted}>
            A new threshold does not apply at once: another staff member with {AUTHORIZATION_DECIDER_PERMISSION} approves it in
            the authorizations inbox first. It applies to screenings made after that.
          </p>
          <Form form={form} onSubmit={setConfirming} aria-label="Change the match threshold">
            <div className={styles.fieldRow}>
              <TextField
                name="matchThreshold"
                type="number"
                label="New threshold"
                hint="From 0.50 to 0.99"
                min={0.5}
                max={0.99}
                step={0.01}
                required
              />
              <TextAreaField name="reason" label="Why change it?" rows={2} required />
            </div>
            <p>
              <Button type="submit" variant="secondary">
                Propose the threshold
              </Button>
            </p>
          </Form>
          {sent &&
            (sent.authorizationId ? (
              <SentForApproval authorizationId={sent.authorizationId} />
            ) : (
              <p role="status" className={styles.notice}>
                The threshold is now {formatScore(sent.matchThreshold)}.
              </p>
            ))}
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={`Propose a threshold of ${formatScore(confirming?.matchThreshold ?? 0)}?`}
        description={`A lower threshold alerts on more candidates, a higher one on fewer. The change waits for another staff member with ${AUTHORIZATION_DECIDER_PERMISSION} to approve it.`}
        confirmLabel="Propose the threshold"
        busy={change.isPending}
        busyText="Sending…"
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </section>
  )
}
