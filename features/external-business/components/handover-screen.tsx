import { useQuery } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useEffect, useState } from 'react'
import { Button, buttonClassName } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { describeError, firstErrorMessage } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { getAuthData, isLoggedIn, setBusinessId, setExternalBusinessUrl } from '@/lib/session/storage'
import { useImportExternalBusiness } from '../api/external-business-calls'
import { externalBusinessQueries } from '../api/external-business-queries'
import styles from './handover.module.css'

/**
 * `/external/handover?reference=`: a partner hands a user over. The reference is verified (and its business shown);
 * its return URL is kept in `externalBusinessUrl`; a visitor signs in (or signs up, then follows the partner's link
 * again) and comes back here; a signed-in business user imports the business and goes on to its KYC.
 */
export function HandoverScreen({ reference }: { reference: string }) {
  const router = useRouter()
  const retrieve = useQuery({ ...externalBusinessQueries.retrieve(reference), enabled: reference !== '' })
  const importBusiness = useImportExternalBusiness()
  const [signedIn, setSignedIn] = useState<boolean | null>(null)
  const [isStaff, setIsStaff] = useState(false)

  useEffect(() => {
    setSignedIn(isLoggedIn())
    setIsStaff(Boolean(getAuthData()?.user?.isStaff))
  }, [])
  useEffect(() => {
    if (retrieve.data?.returnUrl) setExternalBusinessUrl(retrieve.data.returnUrl)
  }, [retrieve.data])

  if (!reference) return <p role="alert">This link has no partner reference. Go back to the partner and start again.</p>
  if (retrieve.isPending) return <p role="status">Checking the partner&apos;s link…</p>
  if (retrieve.isError)
    return (
      <div role="alert" className={styles.alert}>
        <p>{firstErrorMessage(retrieve.error) ?? describeError(retrieve.error, 'The partner link could not be checked.')}</p>
      </div>
    )

  const business = retrieve.data
  const here = paths.external.handover(reference)
  const productCode = business.productCode

  const onImport = () => {
    if (!productCode) return
    importBusiness.mutate(
      { externalBusinessId: business.externalBusinessId, productCode },
      {
        onSuccess: async (result) => {
          setBusinessId(result.businessId)
          await router.push(paths.business.kyc(result.businessId))
        },
      },
    )
  }

  return (
    <div className={styles.stack}>
      <p>
        <strong>{business.partner}</strong> sent you here to open an account for this business:
      </p>
      <dl className={styles.facts}>
        <dt>Business</dt>
        <dd>{business.name}</dd>
        <dt>Registration number</dt>
        <dd>{business.regNo}</dd>
        <dt>Type</dt>
        <dd>{business.type}</dd>
        <dt>E-mail</dt>
        <dd>{business.email}</dd>
        {productCode && (
          <>
            <dt>Product</dt>
            <dd>{productCode}</dd>
          </>
        )}
      </dl>
      {signedIn === false && (
        <div className={styles.actions}>
          <p>Sign in to continue. New here? Create an account, activate it, then follow the partner&apos;s link again.</p>
          <Link href={paths.auth.login(here)} className={buttonClassName({})}>
            Sign in to continue
          </Link>
          <Link href={paths.auth.signup()} className={buttonClassName({ variant: 'secondary' })}>
            Create an account
          </Link>
        </div>
      )}
      {signedIn && isStaff && <p role="alert">Staff cannot take over a partner business: sign in as the business user.</p>}
      {signedIn && !isStaff && (
        <div className={styles.actions}>
          {productCode ? (
            <Button onClick={onImport} loading={importBusiness.isPending} loadingText="Setting up…">
              Continue with {business.name}
            </Button>
          ) : (
            <p role="alert">
              The partner did not say which product you are applying for. Go back to the partner and start again.
            </p>
          )}
          {importBusiness.isError && (
            <p role="alert">{describeError(importBusiness.error, 'The business could not be set up.')}</p>
          )}
        </div>
      )}
    </div>
  )
}
