import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { notify } from '@/components/ui/toasts'
import type { VerificationResult } from '@/lib/contracts/verification'
import { formatDayTime } from '@/lib/format/day'
import { describeError, getApiErrors, getHttpStatus } from '@/lib/http/errors'
import sharedStyles from '@/styles/staff-screens.module.css'
import { refreshReviewScreen } from '../api/approval-queries'
import type { KycAddress } from '../api/types'
import { useVerifyAddress } from '../api/verification-calls'
import ownStyles from './approvals.module.css'
import { VerificationDialog, type VerificationOutcomeTexts } from './verification-dialog'

const styles = { ...sharedStyles, ...ownStyles }

export interface AddressVerificationProps {
  address: KycAddress
  /** The address in words, lower case, for "the …" ("registered office", "director's residence (Ada Obi)"). */
  name: string
  /** The viewer may record address checks: staff holding CAN_VERIFY_ADDRESS. */
  canVerify: boolean
  /** The viewer registered the business or belongs to it: the server refuses their results (four-eyes). */
  isOwnRecord?: boolean
}

const ADDRESS_CHECK_TEXTS: VerificationOutcomeTexts = {
  failed: {
    description: 'The address is recorded as failed and the business is e-mailed your reason.',
    confirmLabel: 'Address failed',
    commentLabel: 'Why the address could not be verified',
  },
  verified: { description: 'The address is recorded as verified by you.', confirmLabel: 'Verify address' },
}

/**
 * An address's verification: when and with what comment it was checked, and, while it is PENDING, "Verify address" /
 * "Address failed" for staff who verify addresses (a reason needed to fail it; confirmed first). The review's queries
 * refresh after a result.
 */
export function AddressVerification({ address, name, canVerify, isOwnRecord = false }: AddressVerificationProps) {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<VerificationResult | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const refresh = () => refreshReviewScreen(queryClient)

  const mutation = useVerifyAddress({
    onSuccess: async (updated) => {
      setStatus(null)
      notify(
        updated.verificationStatus === 'VERIFIED'
          ? `The ${name} is verified.`
          : `The ${name} failed verification; the business has the reason.`,
        {
          type: 'success',
        },
      )
      await refresh()
    },
    onError: (error) => {
      const field = getApiErrors(error).find((e) => e.field === 'comment')
      setServerError(field?.message ?? describeError(error, "We couldn't record the result."))
      if (getHttpStatus(error) === 409) void refresh()
    },
  })

  const open = (next: VerificationResult) => {
    setServerError(null)
    setStatus(next)
  }
  const failing = status === 'FAILED'
  const pending = address.verificationStatus === 'PENDING'

  return (
    <>
      {!pending && address.verifiedAt && (
        <p className={styles.small}>
          {address.verificationStatus === 'VERIFIED' ? 'Verified' : 'Failed'} on {formatDayTime(address.verifiedAt)}
        </p>
      )}
      {address.verificationComment && <p className={styles.small}>Verification comment: {address.verificationComment}</p>}
      {canVerify && pending && !isOwnRecord && (
        <div className={styles.actions}>
          <Button size="sm" variant="secondary" onClick={() => open('VERIFIED')} aria-label={`Verify the ${name}`}>
            Verify address
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => open('FAILED')}
            aria-label={`Record that the ${name} failed verification`}
          >
            Address failed
          </Button>
        </div>
      )}
      <VerificationDialog
        open={status !== null}
        title={failing ? `Record that the ${name} failed?` : `Verify the ${name}?`}
        failing={failing}
        texts={ADDRESS_CHECK_TEXTS}
        busy={mutation.isPending}
        serverError={serverError}
        onConfirm={(comment) => status && mutation.mutate({ addressId: address.id, status, comment })}
        onCancel={() => setStatus(null)}
      />
    </>
  )
}
