import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { staffDocumentQueries } from './staff-document-queries'
import type { BulkResult, BulkReviewDecisionInput, CacReviewRow, ReviewDecisionInput, StaffDeferral } from './types'

/** PUT /kyc/cac-documents-approval/{kycDetailsId}: the queue and the record refresh before the mutation settles. */
export function useDecideCacDocuments(kycDetailsId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: ReviewDecisionInput) =>
      (await apiClient.put<CacReviewRow>(apiPath`/kyc/cac-documents-approval/${kycDetailsId}`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffDocumentQueries.cac() }),
  })
}

/** PUT /kyc/cac-documents-approval: several KYC records, one shared decision and comment; each item reported. */
export function useBulkDecideCacDocuments() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: BulkReviewDecisionInput) =>
      (await apiClient.put<BulkResult>('/kyc/cac-documents-approval', input)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffDocumentQueries.cac() }),
  })
}

/** PUT /deferrals/approval/{deferralId}. */
export function useDecideDeferral(deferralId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: ReviewDecisionInput) =>
      (await apiClient.put<StaffDeferral>(apiPath`/deferrals/approval/${deferralId}`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffDocumentQueries.deferrals() }),
  })
}

/** PUT /deferrals/approval: several deferrals, one shared decision and comment; each item reported. */
export function useBulkDecideDeferrals() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: BulkReviewDecisionInput) => (await apiClient.put<BulkResult>('/deferrals/approval', input)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffDocumentQueries.deferrals() }),
  })
}

/** After a per-document action (DocumentReviewActions, `reviewKycDocument`): every staff documents screen refreshes. */
export function useRefreshStaffDocuments() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: staffDocumentQueries.all() })
}
