import { queryOptions } from '@tanstack/react-query'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { productReads } from '@/lib/query/shared-queries'
import type { OnboardingSummary, Page, Product, ProductCategory, ProductQuery } from './types'

/**
 * The products feature's own query keys, from generic to specific: `['products']` → `['products', 'categories']`,
 * `['products', 'admin', …]`. The catalogue itself (`['products', 'catalogue', query]`), a business's products, the
 * user's businesses, divisions and document types are shared reads (lib/query/shared-queries.ts).
 */
export const productQueries = {
  all: productReads.all,

  categories: () =>
    queryOptions({
      queryKey: [...productQueries.all(), 'categories'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<ProductCategory[]>('/products/categories', { signal, skipAuth: true })).data,
      staleTime: 60_000,
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
      queryFn: async ({ signal }) => (await apiClient.get<Product>(apiPath`/products/admin/${id}`, { signal })).data,
    }),
  /** `GET /onboarding-products/{code}`: the businesses on a product (staff with CAN_READ_PRODUCT_BUSINESSES). */
  businessesOn: (code: string, query: { pageNumber: number; pageSize: number; status?: string }) =>
    queryOptions({
      queryKey: [...productQueries.admin(), 'businesses', code, query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<OnboardingSummary>>(apiPath`/onboarding-products/${code}`, { params: query, signal })).data,
    }),
}
