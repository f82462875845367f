import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { kycReads } from '@/lib/query/shared-queries'
import { formValuesEqual } from '@/lib/validation/form-dirty'
import type { ShareholderRecord } from '../api/types'
import { useStepDraft } from '../model/use-step-draft'
import { ShareholderDocuments } from './documents/shareholder-documents'
import styles from './kyc.module.css'
import { PscExplanation } from './psc-explanation'
import { EMPTY_SHAREHOLDER, ShareholderEditor, shareholderValuesOf, type ShareholderEditing } from './shareholder-editor'

interface ShareholderDraft extends Record<string, unknown> {
  editing: ShareholderEditing
}

export interface ShareholdersStepProps {
  businessId: string
  kycDetailsId: string
  readOnly: boolean
  /** Opens the means of ID step on a beneficial owner who lacks one. */
  onAddMeansOfId?: (shareholder: ShareholderRecord) => void
}

/**
 * Step 4: who counts as a person with significant control and who does here (and what they still need), then the
 * shareholder editor, with the open form autosaved as a draft, and each shareholder's documents under it.
 */
export function ShareholdersStep({ businessId, kycDetailsId, readOnly, onAddMeansOfId }: ShareholdersStepProps) {
  const shareholders = useQuery(kycReads.shareholders(kycDetailsId))
  const draft = useStepDraft<ShareholderDraft>(businessId, 'SHAREHOLDERS', !readOnly)
  const restored = draft.restored
  // The draft is read once, when the step opens; later saves of the same draft must not reopen the form.
  const [initialEditing, setInitialEditing] = useState<ShareholderEditing | null | undefined>(readOnly ? null : undefined)
  useEffect(() => {
    if (initialEditing !== undefined || restored === undefined || !shareholders.data) return
    const editing = restored?.editing
    const values = editing && { ...EMPTY_SHAREHOLDER, ...editing.values }
    const record = editing?.id ? shareholders.data.find((h) => h.id === editing.id) : undefined
    // A draft equal to the saved shareholder is a leftover: nothing to restore.
    if (editing && values && record && formValuesEqual(values, shareholderValuesOf(record))) {
      void draft.discard()
      setInitialEditing(null)
      return
    }
    setInitialEditing(editing && values ? { ...editing, values, restored: true } : null)
  }, [restored, initialEditing, shareholders.data])
  if (!shareholders.data || initialEditing === undefined) return <Skeleton count={3} label="Loading shareholders" />
  return (
    <div className={styles.stack}>
      <PscExplanation businessId={businessId} shareholders={shareholders.data} />
      <ShareholderEditor
        kycDetailsId={kycDetailsId}
        shareholders={shareholders.data}
        readOnly={readOnly}
        initialEditing={initialEditing}
        onDraft={(editing) => draft.schedule({ editing })}
        onFormClosed={() => void draft.discard()}
        draftStatus={draft.status}
        onAddMeansOfId={onAddMeansOfId}
        renderExtra={(h) => <ShareholderDocuments businessId={businessId} shareholderId={h.id} readOnly={readOnly} />}
      />
    </div>
  )
}
