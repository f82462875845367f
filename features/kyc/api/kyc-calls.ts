import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { apiPath } from '@/lib/http/api-path'
import { apiClient, uploadRequest } from '@/lib/http/lazy-client'
import { businessReads, kycReads } from '@/lib/query/shared-queries'
import { kycQueries } from './kyc-queries'
import type {
  CompanyDetailsFormValues,
  KycAddress,
  KycAddressFormValues,
  KycDetails,
  MeansOfIdFormValues,
  MeansOfIdRecord,
  ShareholderFormValues,
  ShareholderRecord,
} from './types'

/** Everything of this business's KYC, and the business itself (its status and KYC flag) in whichever feature shows it. */
function refreshBusiness(queryClient: QueryClient, businessId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: kycQueries.ofBusiness(businessId) }),
    queryClient.invalidateQueries({ queryKey: kycQueries.records() }),
    queryClient.invalidateQueries({ queryKey: businessReads.all() }),
  ])
}

/**
 * The record's reads, and every business's ownership graph (keyed by the business, which the record's callers do not
 * hold): shareholders and means of ID (PEP, date of birth) are what the graph is drawn from.
 */
function refreshRecord(queryClient: QueryClient, kycDetailsId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: kycQueries.ofRecord(kycDetailsId) }),
    queryClient.invalidateQueries({
      queryKey: kycReads.all(),
      predicate: (query) => query.queryKey.at(-1) === kycReads.ownership('').queryKey.at(-1),
    }),
  ])
}

export interface SaveCompanyDetails {
  /** The existing record (PUT), or null for the first save (POST). */
  kycDetailsId: string | null
  values: CompanyDetailsFormValues
  /** An additional company document sent with the form (multipart). */
  file?: File | null
  label?: string
}

/** POST or PUT /kyc/details: JSON, or multipart when a file comes with the form. */
export function useSaveCompanyDetails(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ kycDetailsId, values, file, label }: SaveCompanyDetails) => {
      const url = kycDetailsId ? apiPath`/kyc/details/${kycDetailsId}` : '/kyc/details'
      const method = kycDetailsId ? 'put' : 'post'
      const fields: Record<string, unknown> = kycDetailsId ? { ...values } : { businessId, ...values }
      if (!file) return (await apiClient.request<KycDetails>({ method, url, data: fields })).data
      const form = new FormData()
      for (const [key, value] of Object.entries(fields))
        if (value !== undefined && value !== null && value !== '') form.set(key, String(value))
      if (label) form.set('label', label)
      form.set('file', file, file.name)
      return (await uploadRequest<KycDetails>(url, form, { method })).data
    },
    onSuccess: () => refreshBusiness(queryClient, businessId),
  })
}

export type AddressInput = Omit<KycAddressFormValues, 'addressDocFileId' | 'passportPhotoFileId'> & {
  addressDocFileId?: string | null
  passportPhotoFileId?: string | null
}

export function useSaveAddress(kycDetailsId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, values }: { id: string | null; values: AddressInput }) =>
      id
        ? (await apiClient.put<KycAddress>(apiPath`/kyc/addresses/${id}`, values)).data
        : (await apiClient.post<KycAddress>('/kyc/addresses', { ...values, kycDetailsId })).data,
    onSuccess: () => refreshRecord(queryClient, kycDetailsId),
  })
}

export function useDeleteAddress(kycDetailsId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => void (await apiClient.delete(apiPath`/kyc/addresses/${id}`)),
    onSuccess: () => refreshRecord(queryClient, kycDetailsId),
  })
}

export function useDeleteAddressFile(kycDetailsId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, type }: { id: string; type: 'address_doc' | 'passport_photo' }) =>
      (await apiClient.delete<KycAddress>(apiPath`/kyc/addresses/${id}/file`, { params: { type } })).data,
    onSuccess: () => refreshRecord(queryClient, kycDetailsId),
  })
}

export type MeansOfIdInput = Omit<MeansOfIdFormValues, 'fileId'> & { fileId?: string | null }

export function useSaveMeansOfId(kycDetailsId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, values }: { id: string | null; values: MeansOfIdInput }) =>
      id
        ? (await apiClient.put<MeansOfIdRecord>(apiPath`/kyc/means-of-ids/${id}`, values)).data
        : (await apiClient.post<MeansOfIdRecord>('/kyc/means-of-ids', { ...values, kycDetailsId })).data,
    // Beneficial-owner flags depend on linked IDs, so the shareholders refresh too (same record key).
    onSuccess: () => refreshRecord(queryClient, kycDetailsId),
  })
}

export function useDeleteMeansOfId(kycDetailsId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => void (await apiClient.delete(apiPath`/kyc/means-of-ids/${id}`)),
    onSuccess: () => refreshRecord(queryClient, kycDetailsId),
  })
}

export function useDeleteMeansOfIdFile(kycDetailsId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => (await apiClient.delete<MeansOfIdRecord>(apiPath`/kyc/means-of-ids/${id}/file`)).data,
    onSuccess: () => refreshRecord(queryClient, kycDetailsId),
  })
}

export interface SaveShareholder {
  id: string | null
  parentShareholderId: string | null
  values: ShareholderFormValues
}

/** POST (with its place in the tree) or PUT (the kind and place stay; only that kind's fields are sent). */
/** A shareholder added, changed or deleted changes the documents it needs (the checklist lists them per shareholder). */
function refreshShareholders(queryClient: QueryClient, kycDetailsId: string) {
  return Promise.all([
    refreshRecord(queryClient, kycDetailsId),
    queryClient.invalidateQueries({ queryKey: kycReads.documents() }),
  ])
}

export function useSaveShareholder(kycDetailsId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, parentShareholderId, values }: SaveShareholder) => {
      if (!id)
        return (await apiClient.post<ShareholderRecord>('/kyc/shareholders', { ...values, kycDetailsId, parentShareholderId }))
          .data
      const { type: _type, ...fields } = values
      return (await apiClient.put<ShareholderRecord>(apiPath`/kyc/shareholders/${id}`, fields)).data
    },
    onSuccess: () => refreshShareholders(queryClient, kycDetailsId),
  })
}

export function useDeleteShareholder(kycDetailsId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiClient.delete<{ deleted: number; documentsDeleted: number }>(apiPath`/kyc/shareholders/${id}`)).data,
    onSuccess: () => refreshShareholders(queryClient, kycDetailsId),
  })
}

/**
 * PUT /businesses/{id}/completed-kyc-details (the documents module implements it). A 409 lists what is missing;
 * the caller shows that list, so no toast here.
 */
export function useSubmitKyc(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      (await apiClient.put<unknown>(apiPath`/businesses/${businessId}/completed-kyc-details`, {}, { silent: true })).data,
    onSuccess: () => refreshBusiness(queryClient, businessId),
  })
}
