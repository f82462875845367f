import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toasts'
import type { Factor } from '@/lib/contracts/factors'
import { formatDayTime } from '@/lib/format/day'
import { useFactors, useNewRecoveryCodes, useRemoveFactor } from '../api/factor-calls'
import styles from './auth-card.module.css'
import { PasskeyEnrolButton } from './passkey-enrol-button'
import { RecoveryCodesList } from './recovery-codes-list'
import { TotpEnrolment } from './totp-enrolment'

const REQUIRED_BECAUSE = {
  STAFF_POLICY: 'Staff must keep at least one second factor.',
  BUSINESS_POLICY: 'Your business requires a second factor of its users.',
  RESET: 'An administrator reset your factors: set one up again.',
} as const

/** "Second factors" on the profile: the user's authenticator apps with last use, adding, removing, recovery codes. */
export function FactorsSection() {
  const factors = useFactors()
  const remove = useRemoveFactor()
  const newCodes = useNewRecoveryCodes()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<Factor | null>(null)
  const [askNewCodes, setAskNewCodes] = useState(false)
  const [shownCodes, setShownCodes] = useState<string[] | null>(null)

  let body
  if (factors.isPending) body = <Skeleton count={2} label="Loading your second factors" />
  else if (factors.isError)
    body = (
      <ErrorState
        message="We could not load your second factors."
        retrying={factors.isFetching}
        onRetry={() => void factors.refetch()}
      />
    )
  else {
    const { factors: list, recoveryCodesLeft, requiredBecause } = factors.data
    body = (
      <>
        {requiredBecause && <p>{REQUIRED_BECAUSE[requiredBecause]}</p>}
        {list.length === 0 ? (
          <p>You have no second factor yet. With one, a stolen password alone cannot open your account.</p>
        ) : (
          <ul aria-label="Your second factors">
            {list.map((factor) => (
              <li key={factor.id}>
                <strong>{factor.name}</strong> · {factor.kind === 'WEBAUTHN' ? 'passkey' : 'authenticator app'} · added{' '}
                {formatDayTime(factor.createdAt)} ·{' '}
                {factor.lastUsedAt ? `last used ${formatDayTime(factor.lastUsedAt)}` : 'not used yet'}{' '}
                <Button type="button" variant="link" onClick={() => setRemoving(factor)} aria-label={`Remove ${factor.name}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {list.length > 0 && (
          <p>
            {recoveryCodesLeft} of 10 recovery codes left.{' '}
            <Button type="button" variant="link" onClick={() => setAskNewCodes(true)}>
              Make new recovery codes
            </Button>
          </p>
        )}
        {shownCodes && <RecoveryCodesList codes={shownCodes} />}
        <PasskeyEnrolButton onDone={() => notify('Your passkey is added', { type: 'success' })} />
        {adding ? (
          <TotpEnrolment
            onDone={() => {
              setAdding(false)
              notify('Your authenticator app is set up', { type: 'success' })
            }}
          />
        ) : (
          <div>
            <Button type="button" variant="secondary" onClick={() => setAdding(true)}>
              Add an authenticator app
            </Button>
          </div>
        )}
      </>
    )
  }

  return (
    <section className={styles.stack} aria-labelledby="factors-title">
      <h2 id="factors-title">Second factors</h2>
      {body}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? 'this factor'}?`}
        description="Codes from it will no longer sign you in. You may be asked to confirm it is you first."
        confirmLabel="Remove factor"
        destructive
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notify(`${removing.name} was removed`, { type: 'success' })
              setRemoving(null)
            },
            onError: () => setRemoving(null),
          })
        }
      />
      <ConfirmDialog
        open={askNewCodes}
        title="Make new recovery codes?"
        description="Your current recovery codes stop working at once. You may be asked to confirm it is you first."
        confirmLabel="Make new codes"
        busy={newCodes.isPending}
        onCancel={() => setAskNewCodes(false)}
        onConfirm={() =>
          newCodes.mutate(undefined, {
            onSuccess: (answer) => {
              setShownCodes(answer.recoveryCodes)
              setAskNewCodes(false)
            },
            onError: () => setAskNewCodes(false),
          })
        }
      />
    </section>
  )
}
