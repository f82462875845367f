import dynamic from 'next/dynamic'
import { notify } from '@/components/ui/toasts'
import { formatDay } from '@/lib/format/day'
import { useChangeArchiveStatus, useSetRecertificationDate } from '../api/business-calls'
import type { Business } from '../api/types'
import type { BusinessAction } from '../model/business-list-variants'

// The dialogs load when an action is chosen, not with the list.
const ReasonDialog = dynamic(() => import('./reason-dialog').then((m) => m.ReasonDialog), { ssr: false })
const RecertificationDialog = dynamic(() => import('./recertification-dialog').then((m) => m.RecertificationDialog), {
  ssr: false,
})

export type PendingAction = { kind: BusinessAction; business: Business }

/** The dialog of the action chosen on a row (archive or unarchive with a reason, or a recertification date), and its call. */
export function BusinessActionDialog({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  const archive = useChangeArchiveStatus()
  const recertify = useSetRecertificationDate()

  const closeAnd = (message: string) => {
    notify(message, { type: 'success' })
    onClose()
  }

  if (pending?.kind === 'archive' || pending?.kind === 'unarchive') {
    return (
      <ReasonDialog
        open
        title={`${pending.kind === 'archive' ? 'Archive' : 'Unarchive'} ${pending.business.name}?`}
        description={
          pending.kind === 'unarchive'
            ? 'It returns to the lists and, if its KYC is complete and it is pending, to the review queue.'
            : 'It leaves the lists and the review queue until it is unarchived. The reason is kept with it.'
        }
        confirmLabel={pending.kind === 'archive' ? 'Archive' : 'Unarchive'}
        destructive={pending.kind === 'archive'}
        busy={archive.isPending}
        onCancel={onClose}
        onConfirm={(reason) =>
          archive.mutate(
            { businessId: pending.business.id, archive: pending.kind === 'archive', reason },
            {
              onSuccess: (b) =>
                closeAnd(pending.kind === 'archive' ? `${b.name} is archived.` : `${b.name} is back in the lists.`),
            },
          )
        }
      />
    )
  }
  if (pending?.kind === 'recertify') {
    return (
      <RecertificationDialog
        open
        businessName={pending.business.name}
        current={pending.business.recertificationDate}
        busy={recertify.isPending}
        onCancel={onClose}
        onConfirm={(date) =>
          recertify.mutate(
            { businessId: pending.business.id, date },
            { onSuccess: (b) => closeAnd(`${b.name} now recertifies on ${formatDay(b.recertificationDate)}.`) },
          )
        }
      />
    )
  }
  return null
}
