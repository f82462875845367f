import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '@/lib/http'
import { productQueries } from './product-queries'
import type { CreateProductInput, Product, UpdateProductInput } from './types'

/** POST /products: created not live. */
export function useCreateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: CreateProductInput) => (await apiClient.post<Product>('/products', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productQueries.all() }),
  })
}

/** PUT /products/{id}: a changed requirement list becomes a new version. */
export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: UpdateProductInput) =>
      (await apiClient.put<Product>(`/products/${encodeURIComponent(id)}`, input)).data,
    onSuccess: (product) => {
      queryClient.setQueryData(productQueries.adminDetail(id).queryKey, product)
      return queryClient.invalidateQueries({ queryKey: productQueries.all() })
    },
  })
}

/** PUT /products/{id}/go-live `{ live }`. */
export function useSetProductLive(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (live: boolean) =>
      (await apiClient.put<Product>(`/products/${encodeURIComponent(id)}/go-live`, { live })).data,
    onSuccess: (product) => {
      queryClient.setQueryData(productQueries.adminDetail(id).queryKey, product)
      return queryClient.invalidateQueries({ queryKey: productQueries.all() })
    },
  })
}
