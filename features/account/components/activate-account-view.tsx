import { useRouter } from 'next/router'
import { useEffect, useRef } from 'react'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { firstErrorMessage } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { useActivateAccount } from '../api/public-account-calls'
import styles from './auth-card.module.css'

/** Reads the token from the link once and shows the outcome, with a way forward either way. */
export function ActivateAccountView() {
  const router = useRouter()
  const activate = useActivateAccount()
  const started = useRef(false)
  const token = typeof router.query.token === 'string' ? router.query.token : undefined

  useEffect(() => {
    if (!router.isReady || started.current || !token) return
    started.current = true
    activate.mutate(token)
  }, [router.isReady, token, activate])

  if (router.isReady && !token) {
    return (
      <Outcome
        ok={false}
        message="This page needs the activation link from your e-mail. Request a new link if you cannot find it."
      />
    )
  }
  if (activate.isSuccess) return <Outcome ok message={activate.data.message} />
  if (activate.isError) {
    return (
      <Outcome
        ok={false}
        message={
          firstErrorMessage(activate.error) ?? 'We could not activate your account. Check your connection and reload this page.'
        }
      />
    )
  }
  return <Skeleton count={2} label="Activating your account" />
}

function Outcome({ ok, message }: { ok: boolean; message: string }) {
  return (
    <div className={styles.stack}>
      <p role={ok ? 'status' : 'alert'} className={styles.notice}>
        {message}
      </p>
      {ok ? (
        <Link href={paths.auth.login()}>Sign in</Link>
      ) : (
        <Link href={paths.auth.resendActivation()}>Send me a new activation link</Link>
      )}
    </div>
  )
}
