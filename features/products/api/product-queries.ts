import { queryOptions } from '@tanstack/react-query'
import { apiClient } from '@/lib/http'
import { LOOKUP_STALE_TIME } from '@/lib/query/client'
import type {
  BusinessProduct,
  Division,
  DocumentType,
  MyBusiness,
  OnboardingSummary,
  Page,
  Product,
  ProductCategory,
  ProductQuery,
} from './types'

const segment = (value: string) => encodeURIComponent(value)

/**
 * The products feature's query keys, from generic to specific: `['products']` → `['products', 'catalogue', query]`,
 * `['products', 'admin', …]`, `['products', 'reference', …]`. The catalogue calls need no token (`skipAuth`).
 */
export const productQueries = {
  all: () => ['products'] as const,

  catalogue: (query: ProductQuery) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'catalogue', query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<Product>>('/products', { params: query, signal, skipAuth: true })).data,
    }),
  categories: () =>
    queryOptions({
      queryKey: [...productQueries.all(), 'categories'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<ProductCategory[]>('/products/categories', { signal, skipAuth: true })).data,
      staleTime: 60_000,
    }),
  /** An offered product by code; null when no product with that code is offered. */
  offered: (code: string) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'offered', code.toUpperCase()] as const,
      queryFn: async ({ signal }) => {
        try {
          return (await apiClient.get<Product>(`/products/${segment(code)}`, { signal, skipAuth: true, silent: true })).data
        } catch (error) {
          if ((error as { response?: { status?: number } }).response?.status === 404) return null
          throw error
        }
      },
    }),

  admin: () => [...productQueries.all(), 'admin'] as const,
  adminList: (query: ProductQuery) =>
    queryOptions({
      queryKey: [...productQueries.admin(), 'list', query] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Page<Product>>('/products/admin', { params: query, signal })).data,
    }),
  adminDetail: (id: string) =>
    queryOptions({
      queryKey: [...productQueries.admin(), 'detail', id] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Product>(`/products/admin/${segment(id)}`, { signal })).data,
    }),
  /** `GET /onboarding-products/{code}`: the businesses on a product (staff with CAN_READ_PRODUCT_BUSINESSES). */
  businessesOn: (code: string, query: { pageNumber: number; pageSize: number; status?: string }) =>
    queryOptions({
      queryKey: [...productQueries.admin(), 'businesses', code, query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<OnboardingSummary>>(`/onboarding-products/${segment(code)}`, { params: query, signal })).data,
    }),

  /** `GET /businesses/{id}/products`: what a business holds (not removed), with each status. */
  heldBy: (businessId: string) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'held', businessId] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<BusinessProduct[]>(`/businesses/${segment(businessId)}/products`, { signal })).data,
    }),
  myBusinesses: () =>
    queryOptions({
      queryKey: [...productQueries.all(), 'my-businesses'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<MyBusiness[]>('/businesses/user-businesses/me', { signal })).data,
    }),

  reference: () => [...productQueries.all(), 'reference'] as const,
  divisions: () =>
    queryOptions({
      queryKey: [...productQueries.reference(), 'divisions'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Division[]>('/business-divisions', { signal })).data,
      staleTime: LOOKUP_STALE_TIME,
    }),
  documentTypes: () =>
    queryOptions({
      queryKey: [...productQueries.reference(), 'document-types'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<DocumentType[]>('/kyc-document-types', { signal })).data,
      staleTime: LOOKUP_STALE_TIME,
    }),
}
