import { queryOptions } from '@tanstack/react-query'
import type { VerificationItem } from '@/lib/contracts/verification'
import { apiClient, getHttpStatus } from '@/lib/http'
import { LOOKUP_STALE_TIME } from '@/lib/query/client'
import type {
  ApprovalCheck,
  Business,
  BusinessComment,
  DocumentChecklist,
  ForApprovalRow,
  KycAddress,
  KycDetails,
  MeansOfIdRecord,
  Page,
  ReferenceItem,
  Reviewer,
  ShareholderRecord,
} from './types'

/** Query strings as the API reads them, in a stable order for the cache key. */
export type ApiQuery = Array<[string, string]>
const segment = (value: string) => encodeURIComponent(value)

/**
 * The approvals feature's query keys, generic to specific: `['approvals', 'queue', query]`,
 * `['approvals', 'business', id]` → `[…, 'checklist']`, `[…, 'comments']`, `[…, 'kyc', …]`, `[…, 'documents']`.
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
  business: (id: string) =>
    queryOptions({
      queryKey: approvalQueries.businessOf(id),
      queryFn: async ({ signal }) => (await apiClient.get<Business>(`/businesses/${segment(id)}`, { signal })).data,
    }),
  checklist: (id: string) =>
    queryOptions({
      queryKey: [...approvalQueries.businessOf(id), 'checklist'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<ApprovalCheck[]>(`/businesses/${segment(id)}/approval-checklist`, { signal })).data,
    }),
  comments: (id: string) =>
    queryOptions({
      queryKey: [...approvalQueries.businessOf(id), 'comments'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<BusinessComment[]>(`/businesses/attachment/${segment(id)}`, { signal })).data,
    }),
  /** The business's KYC record; null before the company details step created it (a 404, not an error here). */
  kycDetails: (businessId: string) =>
    queryOptions({
      queryKey: [...approvalQueries.businessOf(businessId), 'kyc', 'details'] as const,
      queryFn: async ({ signal }) => {
        try {
          return (await apiClient.get<KycDetails>(`/kyc/details-first-entity/${segment(businessId)}`, { signal, silent: true }))
            .data
        } catch (error) {
          if (getHttpStatus(error) === 404) return null
          throw error
        }
      },
    }),
  addresses: (businessId: string, kycDetailsId: string) =>
    queryOptions({
      queryKey: [...approvalQueries.businessOf(businessId), 'kyc', 'addresses', kycDetailsId] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<KycAddress[]>(`/kyc/addresses/all-kyc/${segment(kycDetailsId)}`, { signal })).data,
    }),
  meansOfIds: (businessId: string, kycDetailsId: string) =>
    queryOptions({
      queryKey: [...approvalQueries.businessOf(businessId), 'kyc', 'means-of-ids', kycDetailsId] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<MeansOfIdRecord[]>(`/kyc/means-of-ids/${segment(kycDetailsId)}`, { signal })).data,
    }),
  shareholders: (businessId: string, kycDetailsId: string) =>
    queryOptions({
      queryKey: [...approvalQueries.businessOf(businessId), 'kyc', 'shareholders', kycDetailsId] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<ShareholderRecord[]>('/kyc/shareholders', { params: { kycDetailsId }, signal })).data,
    }),
  /** `GET /verified-kyc/{businessId}`: the business's current verification items (opened PENDING where missing). */
  verification: (businessId: string) =>
    queryOptions({
      queryKey: [...approvalQueries.businessOf(businessId), 'verification'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<VerificationItem[]>(`/verified-kyc/${segment(businessId)}`, { signal })).data,
    }),
  documents: (businessId: string) =>
    queryOptions({
      queryKey: [...approvalQueries.businessOf(businessId), 'documents'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<DocumentChecklist>(`/kyc/document-checklist/${segment(businessId)}`, { signal })).data,
    }),

  types: () =>
    queryOptions({
      queryKey: [...approvalQueries.all(), 'reference', 'types'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<ReferenceItem[]>('/business-types', { signal })).data,
      staleTime: LOOKUP_STALE_TIME,
    }),
  categories: () =>
    queryOptions({
      queryKey: [...approvalQueries.all(), 'reference', 'categories'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<ReferenceItem[]>('/business-categories', { signal })).data,
      staleTime: LOOKUP_STALE_TIME,
    }),
}
