import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { DRAFT_DATA_MAX_BYTES, type KycDetailType } from '@/lib/contracts/kyc-values'
import { getHttpStatus } from '@/lib/http/errors'
import { deleteDraft, saveDraft } from '../api/draft-calls'
import { kycQueries } from '../api/kyc-queries'

/** How long typing must pause before the draft is saved. */
export const DRAFT_DEBOUNCE_MS = 1000

export type DraftStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed' | 'too-large'

export interface StepDraft<T> {
  /** The stored draft's data once loaded (null when there is none); undefined while loading. */
  restored: T | null | undefined
  /** When the restored draft was last saved (ISO). */
  restoredAt: string | null
  status: DraftStatus
  /** Saves `data` after the debounce; a newer call replaces a waiting one. */
  schedule: (data: T) => void
  /**
   * Drops the waiting save and deletes the stored draft (after the step's data is saved for real, or when the user
   * discards it). False when the stored draft could not be deleted (it would come back on the next visit).
   */
  discard: () => Promise<boolean>
}

/**
 * Autosave for one KYC step (draft forms API): `schedule(values)` on every change saves the latest values about a
 * second after typing stops, a pending save is sent at once when the step unmounts, and `restored` brings them
 * back after a reload.
 */
export function useStepDraft<T extends Record<string, unknown>>(
  businessId: string,
  type: KycDetailType,
  enabled = true,
): StepDraft<T> {
  const queryClient = useQueryClient()
  const draft = useQuery({ ...kycQueries.draft(businessId, type), enabled })
  const [status, setStatus] = useState<DraftStatus>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const waiting = useRef<T | null>(null)
  const draftId = useRef<string | null>(null)
  const generation = useRef(0)
  const discards = useRef(0)
  // Drafts a discard has deleted: a save that was on its way and answers with one of them needs no second DELETE
  // (it would only be answered 404, which the browser logs).
  const discarded = useRef(new Set<string>())

  useEffect(() => {
    if (draft.data) draftId.current = draft.data.id
  }, [draft.data])

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const data = waiting.current
    waiting.current = null
    if (!data) return
    const mine = ++generation.current
    const discardsBefore = discards.current
    if (new TextEncoder().encode(JSON.stringify(data)).byteLength > DRAFT_DATA_MAX_BYTES) {
      setStatus('too-large')
      return
    }
    setStatus('saving')
    try {
      const saved = await saveDraft(businessId, type, data)
      // Discarded while this save was on its way: the step was saved for real, so the draft must go.
      if (discards.current !== discardsBefore) {
        if (!discarded.current.has(saved.id)) await deleteDraft(saved.id).catch(() => undefined)
        return
      }
      draftId.current = saved.id
      queryClient.setQueryData(kycQueries.draft(businessId, type).queryKey, saved)
      if (mine === generation.current) setStatus('saved')
    } catch {
      if (mine === generation.current) setStatus('failed')
    }
  }, [businessId, type, queryClient])

  const schedule = useCallback(
    (data: T) => {
      if (!enabled) return
      waiting.current = data
      setStatus('pending')
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(() => void flush(), DRAFT_DEBOUNCE_MS)
    },
    [enabled, flush],
  )

  const discard = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    waiting.current = null
    generation.current++
    discards.current++
    const id = draftId.current
    draftId.current = null
    setStatus('idle')
    queryClient.setQueryData(kycQueries.draft(businessId, type).queryKey, null)
    if (!id) return true
    discarded.current.add(id)
    try {
      await deleteDraft(id)
      return true
    } catch (error) {
      // Already gone (another tab, or the KYC was submitted): nothing is left to come back.
      if (getHttpStatus(error) === 404) return true
      // Still stored: the next discard (or save) must know it.
      discarded.current.delete(id)
      if (draftId.current === null) draftId.current = id
      return false
    }
  }, [businessId, type, queryClient])

  // Leaving the step (or the page, in-app) sends what is waiting instead of dropping it.
  useEffect(() => () => void flush(), [flush])

  return {
    restored: draft.isPending && enabled ? undefined : ((draft.data?.data as T | undefined) ?? null),
    restoredAt: draft.data?.updatedAt ?? null,
    status,
    schedule,
    discard,
  }
}

export function draftStatusText(status: DraftStatus): string {
  switch (status) {
    case 'pending':
      return 'Unsaved changes…'
    case 'saving':
      return 'Saving draft…'
    case 'saved':
      return 'Draft saved'
    case 'failed':
      return 'Draft not saved (connection problem); your entries are kept on this page.'
    case 'too-large':
      return 'Draft too large to save; save the form instead.'
    default:
      return ''
  }
}
