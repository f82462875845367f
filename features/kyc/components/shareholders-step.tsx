import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { kycReads } from '@/lib/query/shared-queries'
import { ShareholderDocuments } from './documents/shareholder-documents'
import { EMPTY_SHAREHOLDER, ShareholderEditor, type ShareholderEditing } from './shareholder-editor'
import { useStepDraft } from './use-step-draft'

interface ShareholderDraft extends Record<string, unknown> {
  editing: ShareholderEditing
}

export interface ShareholdersStepProps {
  businessId: string
  kycDetailsId: string
  readOnly: boolean
}

/** Step 4: the shareholder editor, with the open form autosaved as a draft, and each shareholder's documents under it. */
export function ShareholdersStep({ businessId, kycDetailsId, readOnly }: ShareholdersStepProps) {
  const shareholders = useQuery(kycReads.shareholders(kycDetailsId))
  const draft = useStepDraft<ShareholderDraft>(businessId, 'SHAREHOLDERS', !readOnly)
  const restored = draft.restored
  // The draft is read once, when the step opens; later saves of the same draft must not reopen the form.
  const [initialEditing, setInitialEditing] = useState<ShareholderEditing | null | undefined>(readOnly ? null : undefined)
  useEffect(() => {
    if (initialEditing !== undefined || restored === undefined) return
    setInitialEditing(
      restored?.editing
        ? { ...restored.editing, values: { ...EMPTY_SHAREHOLDER, ...restored.editing.values }, restored: true }
        : null,
    )
  }, [restored, initialEditing])
  if (!shareholders.data || initialEditing === undefined) return <Skeleton count={3} label="Loading shareholders" />
  return (
    <ShareholderEditor
      kycDetailsId={kycDetailsId}
      shareholders={shareholders.data}
      readOnly={readOnly}
      initialEditing={initialEditing}
      onDraft={(editing) => draft.schedule({ editing })}
      onFormClosed={() => void draft.discard()}
      draftStatus={draft.status}
      renderExtra={(h) => <ShareholderDocuments businessId={businessId} shareholderId={h.id} readOnly={readOnly} />}
    />
  )
}
