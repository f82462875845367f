import { Button } from '@/components/ui/button'
import type { FactorCodeProof, SignInAnswer } from '@/lib/contracts/factors'
import styles from './auth-card.module.css'
import { FactorCodeForm } from './factor-code-form'
import { PasskeySignInButton } from './passkey-sign-in-button'

/**
 * The sign-in's second step (loaded only when the password step asks for it): a passkey when the user has one, a
 * code from the authenticator app, or a recovery code.
 */
export function LoginSecondStep({
  challenge,
  offerPasskey,
  onCode,
  onPasskey,
  onStartAgain,
}: {
  challenge: string
  offerPasskey: boolean
  onCode: (proof: FactorCodeProof) => Promise<unknown>
  onPasskey: (answer: SignInAnswer) => void | Promise<void>
  onStartAgain: () => void
}) {
  return (
    <div className={styles.stack}>
      <p className={styles.intro}>
        Your password is right. Now confirm it is you with your second factor: use your passkey, or open your authenticator app
        and enter the code it shows for the KYC Portal.
      </p>
      {offerPasskey && <PasskeySignInButton challenge={challenge} onSignedIn={onPasskey} />}
      <FactorCodeForm
        submitLabel="Verify and sign in"
        busyLabel="Verifying…"
        onSubmit={onCode}
        extraActions={
          <Button type="button" variant="secondary" onClick={onStartAgain}>
            Start again
          </Button>
        }
      />
    </div>
  )
}
