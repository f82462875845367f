/**
 * The reads that several features need, each endpoint under exactly one query key (a feature may not import another
 * feature, so what two of them read lives here, below them). Features keep their own reads in
 * `features/<x>/api/<x>-queries.ts`; a read moves here as soon as a second feature needs it.
 *
 * Keys go from generic to specific and start with the domain that owns the endpoint (`['businesses', …]`,
 * `['kyc', …]`, `['deferrals', …]`, `['products', …]`, `['reference', …]`, `['files', …]`), so whoever invalidates a
 * domain's prefix refreshes these as well. tests/unit/query-keys.test.ts checks that no two factories share a key
 * and no endpoint has two.
 */
import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AuthorizationResource } from '@/lib/contracts/authorization-values'
import type { PendingAuthorization } from '@/lib/contracts/authorizations'
import type { BusinessSummary } from '@/lib/contracts/business-reports'
import type { Business } from '@/lib/contracts/businesses'
import type { divisionSchema, myBusinessSchema, referenceItemSchema } from '@/lib/contracts/businesses'
import type { Deferral } from '@/lib/contracts/deferrals'
import type { UploadLimits } from '@/lib/contracts/file-types'
import type { KycAddress, KycDetails, MeansOfIdRecord, RevealedIdentityNumber, ShareholderRecord } from '@/lib/contracts/kyc'
import type { DocumentChecklist, DocumentType, KycDocument } from '@/lib/contracts/kyc-documents'
import type { Country } from '@/lib/contracts/locations'
import type { BusinessProduct } from '@/lib/contracts/onboarding'
import type { OwnershipGraph } from '@/lib/contracts/ownership'
import type { Page } from '@/lib/contracts/pagination'
import type { Product } from '@/lib/contracts/products'
import type { EnhancedDueDiligence } from '@/lib/contracts/risk-edd'
import { apiPath } from '@/lib/http/api-path'
import { getHttpStatus } from '@/lib/http/errors'
import { apiClient } from '@/lib/http/lazy-client'
import { LOOKUP_STALE_TIME } from './client'

/** `GET /businesses/user-businesses/me`: a business with the signed-in user's role in it. */
export type MyBusiness = z.infer<typeof myBusinessSchema>
export type ReferenceItem = z.infer<typeof referenceItemSchema>
export type Division = z.infer<typeof divisionSchema>

/** Filters of the public catalogue and the staff list (`GET /products`, `GET /products/admin`). */
export interface ProductQuery {
  pageNumber: number
  pageSize: number
  categoryId?: string
  divisionId?: string
  searchKey?: string
  active?: string
  live?: string
}

/** A 404 that only means "nothing yet" (no KYC record) or "no such product": answered as null, without an error toast. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load()
  } catch (error) {
    if (getHttpStatus(error) === 404) return null
    throw error
  }
}

/** A business and what hangs off it: `['businesses']` → `['businesses', 'detail', id, …]`, `['businesses', 'mine', …]`. */
export const businessReads = {
  all: () => ['businesses'] as const,
  details: () => [...businessReads.all(), 'detail'] as const,
  /** `GET /businesses/{id}`. */
  detail: (id: string) =>
    queryOptions({
      queryKey: [...businessReads.details(), id] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Business>(apiPath`/businesses/${id}`, { signal })).data,
    }),
  /** `GET /businesses/{id}/products`: what the business holds (not removed), with each status. */
  products: (id: string) =>
    queryOptions({
      queryKey: [...businessReads.details(), id, 'products'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<BusinessProduct[]>(apiPath`/businesses/${id}/products`, { signal })).data,
    }),
  /** The signed-in user's businesses; a search key uses the searchable endpoint (name or registration number). */
  mine: (searchKey = '') =>
    queryOptions({
      queryKey: [...businessReads.all(), 'mine', searchKey] as const,
      queryFn: async ({ signal }) =>
        searchKey
          ? (await apiClient.get<MyBusiness[]>('/businesses/searchable-user-businesses/me', { params: { searchKey }, signal }))
              .data
          : (await apiClient.get<MyBusiness[]>('/businesses/user-businesses/me', { signal })).data,
    }),
}

/**
 * A business's KYC: `['kyc', 'business', businessId, …]` for what hangs off the business, `['kyc', 'record',
 * kycDetailsId, …]` for what hangs off its KYC record, `['kyc', 'documents', …]` for its documents.
 */
export const kycReads = {
  all: () => ['kyc'] as const,
  ofBusiness: (businessId: string) => [...kycReads.all(), 'business', businessId] as const,
  records: () => [...kycReads.all(), 'record'] as const,
  ofRecord: (kycDetailsId: string) => [...kycReads.records(), kycDetailsId] as const,
  documents: () => [...kycReads.all(), 'documents'] as const,

  /** `GET /kyc/details-first-entity/{businessId}`: the KYC record, or null before the company details are first saved. */
  details: (businessId: string) =>
    queryOptions({
      queryKey: [...kycReads.ofBusiness(businessId), 'details'] as const,
      queryFn: ({ signal }) =>
        orNull(
          async () =>
            (await apiClient.get<KycDetails>(apiPath`/kyc/details-first-entity/${businessId}`, { signal, silent: true })).data,
        ),
    }),
  addresses: (kycDetailsId: string) =>
    queryOptions({
      queryKey: [...kycReads.ofRecord(kycDetailsId), 'addresses'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<KycAddress[]>(apiPath`/kyc/addresses/all-kyc/${kycDetailsId}`, { signal })).data,
    }),
  meansOfIds: (kycDetailsId: string) =>
    queryOptions({
      queryKey: [...kycReads.ofRecord(kycDetailsId), 'means-of-ids'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<MeansOfIdRecord[]>(apiPath`/kyc/means-of-ids/${kycDetailsId}`, { signal })).data,
    }),
  shareholders: (kycDetailsId: string) =>
    queryOptions({
      queryKey: [...kycReads.ofRecord(kycDetailsId), 'shareholders'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<ShareholderRecord[]>('/kyc/shareholders', { params: { kycDetailsId }, signal })).data,
    }),
  /** `GET /kyc/{kycDetailsId}/enhanced-due-diligence`: a HIGH business's EDD (the owner's step, the staff review). */
  enhancedDueDiligence: (kycDetailsId: string) =>
    queryOptions({
      queryKey: [...kycReads.ofRecord(kycDetailsId), 'enhanced-due-diligence'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<EnhancedDueDiligence>(apiPath`/kyc/${kycDetailsId}/enhanced-due-diligence`, { signal })).data,
    }),
  /**
   * `GET /businesses/{id}/ownership` (docs/ownership.md): the structure as a graph and its persons with significant
   * control. Under the business's KYC key, so what refreshes the KYC refreshes it; read by the ownership graph, the
   * shareholders step's explanation and the KYC PDF.
   */
  ownership: (businessId: string) =>
    queryOptions({
      queryKey: [...kycReads.ofBusiness(businessId), 'ownership'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<OwnershipGraph>(apiPath`/businesses/${businessId}/ownership`, { signal })).data,
    }),
  /** `GET /kyc/document-checklist/{businessId}`. */
  documentChecklist: (businessId: string) =>
    queryOptions({
      queryKey: [...kycReads.documents(), 'checklist', businessId] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<DocumentChecklist>(apiPath`/kyc/document-checklist/${businessId}`, { signal })).data,
    }),
}

export type KycDocumentReview = { action: 'APPROVED' | 'REJECTED' | 'REUPLOAD'; comment: string }

/**
 * A staff decision on one KYC document (`PUT /kyc/documents/{id}/review`) or a re-upload request
 * (`POST /kyc/documents/{id}/reupload-request`): the write behind DocumentReviewActions, which the approvals and the
 * staff documents screens both show. Each refreshes its own keys after it.
 */
/** A business's identity number in clear, for a stated reason (audited; each call is its own audited view, never cached). */
export async function revealIdentityNumber(input: {
  target: 'means-of-ids' | 'shareholders'
  recordId: string
  field: 'bvn' | 'idNumber' | 'dateOfBirth'
  reason: string
}): Promise<RevealedIdentityNumber> {
  const path = apiPath`/kyc/${input.target}/${input.recordId}/reveal`
  return (await apiClient.post<RevealedIdentityNumber>(path, { field: input.field, reason: input.reason })).data
}

export async function reviewKycDocument(documentId: string, input: KycDocumentReview): Promise<KycDocument> {
  const path = apiPath`/kyc/documents/${documentId}`
  if (input.action === 'REUPLOAD')
    return (await apiClient.post<KycDocument>(`${path}/reupload-request`, { reason: input.comment })).data
  return (
    await apiClient.put<KycDocument>(`${path}/review`, {
      decision: input.action,
      ...(input.comment ? { comment: input.comment } : {}),
    })
  ).data
}

/** Deferral requests: `['deferrals', 'business', businessId, page]`, `['deferrals', 'max-days']`. */
export const deferralReads = {
  all: () => ['deferrals'] as const,
  /** `GET /deferrals/business-deferrals/{businessId}`: a page of the business's deferral requests. */
  ofBusiness: (businessId: string, page: { pageNumber: number; pageSize: number }) =>
    queryOptions({
      queryKey: [...deferralReads.all(), 'business', businessId, page] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<Deferral>>(apiPath`/deferrals/business-deferrals/${businessId}`, { params: page, signal }))
          .data,
    }),
  /** `GET /deferrals/deferrable-max-days`: the longest deferral a business may ask for (staff set it). */
  maxDays: () =>
    queryOptions({
      queryKey: [...deferralReads.all(), 'max-days'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<{ maxDays: number }>('/deferrals/deferrable-max-days', { signal })).data,
    }),
}

/**
 * The public product catalogue: `['products', 'catalogue', query]`, `['products', 'offered', code]`. The calls need no
 * token (`skipAuth`).
 */
export const productReads = {
  all: () => ['products'] as const,
  /** `GET /products`. */
  catalogue: (query: ProductQuery) =>
    queryOptions({
      queryKey: [...productReads.all(), 'catalogue', query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<Product>>('/products', { params: query, signal, skipAuth: true })).data,
    }),
  /** `GET /products/{code}`: an offered product; null when no product with that code is offered. */
  offered: (code: string) =>
    queryOptions({
      queryKey: [...productReads.all(), 'offered', code.toUpperCase()] as const,
      queryFn: ({ signal }) =>
        orNull(
          async () => (await apiClient.get<Product>(apiPath`/products/${code}`, { signal, skipAuth: true, silent: true })).data,
        ),
    }),
}

/** Business reports: `['reports', …]` (the staff summary screen and the reports screen). */
export const reportReads = {
  all: () => ['reports'] as const,
  /** `GET /reports/businesses/summary` with the business list's filters (query-string pairs in a stable order). */
  businessSummary: (query: Array<[string, string]>) =>
    queryOptions({
      queryKey: [...reportReads.all(), 'business-summary', query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<BusinessSummary>('/reports/businesses/summary', { params: new URLSearchParams(query), signal }))
          .data,
    }),
}

/** Reference lists: `['reference', …]`. */
export const referenceReads = {
  all: () => ['reference'] as const,
  /** `GET /business-types`. */
  businessTypes: () =>
    queryOptions({
      queryKey: [...referenceReads.all(), 'business-types'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<ReferenceItem[]>('/business-types', { signal })).data,
      staleTime: LOOKUP_STALE_TIME,
    }),
  /** `GET /business-categories`. */
  businessCategories: () =>
    queryOptions({
      queryKey: [...referenceReads.all(), 'business-categories'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<ReferenceItem[]>('/business-categories', { signal })).data,
      staleTime: LOOKUP_STALE_TIME,
    }),
  /** `GET /business-divisions`. */
  divisions: () =>
    queryOptions({
      queryKey: [...referenceReads.all(), 'divisions'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Division[]>('/business-divisions', { signal })).data,
      staleTime: LOOKUP_STALE_TIME,
    }),
  /**
   * `GET /kyc-document-types`: the active types, or with `includeInactive` all of them (the deferral settings replace
   * the mapping as a whole, so they must see every row; that list is read fresh each time).
   */
  documentTypes: ({ includeInactive = false }: { includeInactive?: boolean } = {}) =>
    queryOptions({
      queryKey: [...referenceReads.all(), 'document-types', { includeInactive }] as const,
      queryFn: async ({ signal }) =>
        (
          await apiClient.get<DocumentType[]>('/kyc-document-types', {
            params: includeInactive ? { includeInactive: 'true' } : undefined,
            signal,
          })
        ).data,
      staleTime: includeInactive ? 0 : LOOKUP_STALE_TIME,
    }),
}

/**
 * The pending four-eyes requests shown on the record they change (product, fee, settings, webhook):
 * `['authorizations', 'pending', resource]`, under the authorizations feature's own prefix so its decisions refresh it.
 */
export const authorizationReads = {
  all: () => ['authorizations'] as const,
  /** `GET /authorizations/pending?resource=`; silent: someone who may not see requests (403) simply sees none. */
  pending: (resource: AuthorizationResource) =>
    queryOptions({
      queryKey: [...authorizationReads.all(), 'pending', resource] as const,
      queryFn: async ({ signal }) => {
        try {
          return (
            await apiClient.get<PendingAuthorization[]>('/authorizations/pending', { params: { resource }, signal, silent: true })
          ).data
        } catch (error) {
          if (getHttpStatus(error) === 403) return []
          throw error
        }
      },
    }),
}

/** Files: `['files', …]`. */
export const fileReads = {
  all: () => ['files'] as const,
  /** `GET /files/upload-limits`: the one configured limit; it never changes while the portal runs. */
  uploadLimits: () =>
    queryOptions({
      queryKey: [...fileReads.all(), 'upload-limits'] as const,
      queryFn: async () => (await apiClient.get<UploadLimits>('/files/upload-limits', { skipAuth: true })).data,
      staleTime: Infinity,
    }),
}

/** Reference data changes only with a deployment: keep it fresh for 8 hours (spec). */
export const LOCATIONS_STALE_TIME = 28_800_000

/** The static copy of GET /countries, served from the portal's origin. */
export const COUNTRIES_URL = '/countries.json'

/**
 * Reference locations: `['locations', …]`. The countries are shared (the address fields, and the country of a PEP's
 * position in the KYC and government forms); the locations feature keeps its states read.
 */
export const locationReads = {
  all: () => ['locations'] as const,
  /** `/countries.json` (the static copy of `GET /countries`). */
  countries: () =>
    queryOptions({
      queryKey: [...locationReads.all(), 'countries'] as const,
      queryFn: async ({ signal }): Promise<Country[]> => {
        // A public static file: fetched directly, typed, not re-validated in the browser.
        const res = await fetch(COUNTRIES_URL, { signal, headers: { accept: 'application/json' } })
        if (!res.ok) throw new Error(`GET ${COUNTRIES_URL} answered ${res.status}`)
        return (await res.json()) as Country[]
      },
      staleTime: LOCATIONS_STALE_TIME,
    }),
}
