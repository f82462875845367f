import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { firstErrorMessage } from '@/lib/http/errors'
import { PasskeyError, useStepUpWithPasskey } from '../api/passkey-calls'
import styles from './passkey.module.css'

/**
 * "Use a passkey" where the portal asks the user to confirm it is you (step-up): a challenge of this session → the
 * browser's prompt → POST /accounts/step-up. `onVerified` runs once the session is proven for the next 5 minutes.
 */
export function PasskeyStepUpButton({ onVerified }: { onVerified: (proof: { validUntil: string }) => void | Promise<void> }) {
  const stepUp = useStepUpWithPasskey()
  const [problem, setProblem] = useState<string | null>(null)

  const use = async () => {
    setProblem(null)
    try {
      await onVerified(await stepUp.mutateAsync())
    } catch (error) {
      setProblem(
        error instanceof PasskeyError ? error.message : (firstErrorMessage(error) ?? 'That did not work; please try again.'),
      )
    }
  }

  return (
    <div className={styles.stack}>
      <Button variant="secondary" loading={stepUp.isPending} loadingText="Waiting for your passkey…" onClick={() => void use()}>
        Use a passkey
      </Button>
      {problem && (
        <p role="alert" className={styles.alert}>
          {problem}
        </p>
      )}
    </div>
  )
}
