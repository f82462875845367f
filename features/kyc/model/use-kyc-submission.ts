import { useState } from 'react'
import { notify } from '@/components/ui/toasts'
import { describeError, getApiErrors, getHttpStatus, type ApiError } from '@/lib/http/errors'
import { clearSelectedStep, setKycIsCompleted } from '@/lib/session/storage'
import { useSubmitKyc } from '../api/kyc-calls'

/**
 * "Submit for review": the completion call. Its 409 lists what is still missing, kept in `missing` and focused (the
 * element with `missingId`); any other failure is a toast.
 */
export function useKycSubmission(businessId: string, missingId: string) {
  const submit = useSubmitKyc(businessId)
  const [missing, setMissing] = useState<ApiError[] | null>(null)

  const onSubmit = async () => {
    setMissing(null)
    try {
      await submit.mutateAsync()
      setKycIsCompleted()
      clearSelectedStep()
      notify('Your KYC is submitted for review. We will e-mail you the decision.', { type: 'success' })
    } catch (error) {
      if (getHttpStatus(error) === 409) {
        setMissing(getApiErrors(error))
        requestAnimationFrame(() => document.getElementById(missingId)?.focus())
      } else notify(describeError(error, 'The KYC could not be submitted. Try again.'), { type: 'error' })
    }
  }

  return { submit: onSubmit, isPending: submit.isPending, missing }
}
