import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import type { DraftForm, KycDetailType } from './types'

/**
 * Draft forms: POST is an upsert per business and step. Autosave runs in the background, so failures are silent
 * (the step shows "Not saved" instead of a toast).
 */
export async function saveDraft(
  businessId: string,
  kycDetailTypeId: KycDetailType,
  data: Record<string, unknown>,
): Promise<DraftForm> {
  return (await apiClient.post<DraftForm>('/draft-forms', { businessId, kycDetailTypeId, data }, { silent: true })).data
}

export async function deleteDraft(id: string): Promise<void> {
  await apiClient.delete(apiPath`/draft-forms/${id}`, { silent: true })
}
