import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { RegistryExtract } from '@/lib/contracts/registry-check'
import type { VerificationListItem } from '@/lib/contracts/verification'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { businessReads, kycReads } from '@/lib/query/shared-queries'
import type { ApprovalCheck, BusinessComment, ForApprovalRow, Mentionable, Page, Reviewer } from './types'

/** Query strings as the API reads them, in a stable order for the cache key. */
export type ApiQuery = Array<[string, string]>

/**
 * The approvals feature's own query keys, generic to specific: `['approvals', 'queue', query]`,
 * `['approvals', 'business', id]` → `[…, 'checklist']`, `[…, 'comments']`, `[…, 'verification']`. The business, its
 * KYC, its documents and the reference lists are shared reads (lib/query/shared-queries.ts).
 */
export const approvalQueries = {
  all: () => ['approvals'] as const,
  queue: (query: ApiQuery) =>
    queryOptions({
      queryKey: [...approvalQueries.all(), 'queue', query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<ForApprovalRow>>('/businesses/for-approval', { params: new URLSearchParams(query), signal }))
          .data,
    }),
  reviewers: () =>
    queryOptions({
      queryKey: [...approvalQueries.all(), 'reviewers'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Reviewer[]>('/businesses/reviewers', { signal })).data,
      staleTime: 60_000,
    }),

  businessOf: (id: string) => [...approvalQueries.all(), 'business', id] as const,
  checklist: (id: string) =>
    queryOptions({
      queryKey: [...approvalQueries.businessOf(id), 'checklist'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<ApprovalCheck[]>(apiPath`/businesses/${id}/approval-checklist`, { signal })).data,
    }),
  comments: (id: string) =>
    queryOptions({
      queryKey: [...approvalQueries.businessOf(id), 'comments'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<BusinessComment[]>(apiPath`/businesses/attachment/${id}`, { signal })).data,
    }),
  /** `GET /businesses/attachment/{id}/mentionable?q=`: colleagues who may read the thread, for the comment box's `@`. */
  mentionable: (id: string, q: string) =>
    queryOptions({
      queryKey: [...approvalQueries.businessOf(id), 'mentionable', q] as const,
      staleTime: 60_000,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Mentionable[]>(apiPath`/businesses/attachment/${id}/mentionable`, { params: { q }, signal })).data,
    }),
  /** `GET /verified-kyc/{businessId}`: the business's current verification items, waiting ones with their due time. */
  verification: (businessId: string) =>
    queryOptions({
      queryKey: [...approvalQueries.businessOf(businessId), 'verification'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<VerificationListItem[]>(apiPath`/verified-kyc/${businessId}`, { signal })).data,
    }),
  /** `GET /businesses/{id}/registry-extract`: the registry extract and the configured provider (docs/ownership.md#registry-check). */
  registry: (businessId: string) =>
    queryOptions({
      queryKey: [...approvalQueries.businessOf(businessId), 'registry'] as const,
      queryFn: async ({ signal }) =>
        (
          await apiClient.get<{ provider: 'MANUAL' | 'DOJAH'; extract: RegistryExtract | null }>(
            apiPath`/businesses/${businessId}/registry-extract`,
            { signal },
          )
        ).data,
    }),
}

/**
 * What a review screen shows besides its own keys: the business, its KYC and its documents (shared reads). A review
 * action refreshes all of it, as the screen cannot tell which part the server changed (a business's status, a
 * verification, a document).
 */
const REVIEW_SCREEN_KEYS = [approvalQueries.all(), businessReads.details(), kycReads.all()] as const

export function refreshReviewScreen(queryClient: QueryClient) {
  return Promise.all(REVIEW_SCREEN_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
