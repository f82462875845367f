import { useState } from 'react'
import { Button } from '@/components/ui/button'
import type { SignInAnswer } from '@/lib/contracts/factors'
import { firstErrorMessage } from '@/lib/http/errors'
import { PasskeyError, useSignInWithPasskey } from '../api/passkey-calls'
import styles from './passkey.module.css'

/**
 * "Use a passkey" at the sign-in's second step: the password step's `challenge` → the browser's prompt → POST
 * /accounts/login/factor. `onSignedIn` gets the sign-in answer (the login form starts the portal session with it).
 * The browser's refusals (cancelled, no passkey on this device) and the API's are said here.
 */
export function PasskeySignInButton({
  challenge,
  onSignedIn,
}: {
  challenge: string
  onSignedIn: (answer: SignInAnswer) => void | Promise<void>
}) {
  const signIn = useSignInWithPasskey()
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const use = async () => {
    setProblem(null)
    setBusy(true)
    try {
      await onSignedIn(await signIn.mutateAsync(challenge))
    } catch (error) {
      setProblem(
        error instanceof PasskeyError ? error.message : (firstErrorMessage(error) ?? 'That did not work; please try again.'),
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={styles.stack}>
      <Button variant="secondary" fullWidth loading={busy} loadingText="Waiting for your passkey…" onClick={() => void use()}>
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
