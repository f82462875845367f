import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPath } from '@/lib/http/api-path'
import { downloadFile } from '@/lib/http/download-file'
import { apiClient } from '@/lib/http/lazy-client'
import { approvalQueries, refreshReviewScreen } from './approval-queries'
import type { Business, BusinessCommentAdded, BusinessDecisionInput } from './types'

/** PUT /businesses/{id}/approve: the queue, the business and its thread refresh before the mutation settles. */
export function useDecideBusiness(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: BusinessDecisionInput) =>
      (await apiClient.put<Business>(apiPath`/businesses/${businessId}/approve`, input)).data,
    onSuccess: () => refreshReviewScreen(queryClient),
  })
}

/** PUT /businesses/{id}/assignee (`userId: null` unassigns). */
export function useAssignReviewer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { businessId: string; userId: string | null }) =>
      (
        await apiClient.put<Business & { assigneeName: string | null }>(apiPath`/businesses/${input.businessId}/assignee`, {
          userId: input.userId,
        })
      ).data,
    onSuccess: () => refreshReviewScreen(queryClient),
  })
}

/** PUT /businesses/attachment/{id}: one more recommendation comment; the answer says whom its mentions notified. */
export function useAddComment(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (comment: string) =>
      (await apiClient.put<BusinessCommentAdded>(apiPath`/businesses/attachment/${businessId}`, { comment })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalQueries.comments(businessId).queryKey }),
  })
}

/** GET /businesses/{id}/case-file: the signed zip an examiner verifies, saved under the server's file name. */
export function downloadCaseFile(businessId: string): Promise<string> {
  return downloadFile(apiPath`/businesses/${businessId}/case-file`, 'case-file.zip')
}
