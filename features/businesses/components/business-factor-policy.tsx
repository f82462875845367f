import { useState } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { notify } from '@/components/ui/toasts'
import { useSetFactorPolicy } from '../api/business-user-calls'

/**
 * The owner's rule that every user of the business must use a second factor (docs/security.md#second-factors):
 * from their next sign-in, a user without one may only set one up.
 */
export function BusinessFactorPolicy({ businessId, requireFactor }: { businessId: string; requireFactor: boolean }) {
  const [asking, setAsking] = useState<boolean | null>(null)
  const save = useSetFactorPolicy(businessId)
  return (
    <section aria-labelledby="factor-policy-title">
      <h2 id="factor-policy-title">Second factor</h2>
      <label>
        <input type="checkbox" checked={requireFactor} disabled={save.isPending} onChange={(e) => setAsking(e.target.checked)} />{' '}
        Every user of this business must sign in with a second factor (a code from an authenticator app)
      </label>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? 'Require a second factor?' : 'Stop requiring a second factor?'}
        description={
          asking
            ? 'From their next sign-in, users without a second factor can do nothing until they set one up.'
            : 'Users may then sign in with their password alone (those who set up a factor keep using it).'
        }
        confirmLabel={asking ? 'Require it' : 'Stop requiring it'}
        busy={save.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          asking !== null &&
          save.mutate(asking, {
            onSuccess: (answer) => {
              notify(answer.requireFactor ? 'A second factor is now required' : 'A second factor is no longer required', {
                type: 'success',
              })
              setAsking(null)
            },
            onError: () => setAsking(null),
          })
        }
      />
    </section>
  )
}
