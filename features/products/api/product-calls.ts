import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import { apiClient } from '@/lib/http'
import { configAnswer } from '@/lib/http/config-answer'
import { productQueries } from './product-queries'
import type { CreateProductInput, Product, UpdateProductInput } from './types'

/** POST /products: created not live, or (FOUR_EYES_CONFIG, 202) sent for approval. */
export function useCreateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: CreateProductInput) =>
      configAnswer(await apiClient.post<Product | AuthorizationDetail>('/products', input)),
    onSuccess: (answer) => (answer.pending ? undefined : queryClient.invalidateQueries({ queryKey: productQueries.all() })),
  })
}

/** PUT /products/{id}: a changed requirement list becomes a new version; under four-eyes, nothing changes yet. */
export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: UpdateProductInput) =>
      configAnswer(await apiClient.put<Product | AuthorizationDetail>(`/products/${encodeURIComponent(id)}`, input)),
    onSuccess: (answer) => {
      if (answer.pending) return
      queryClient.setQueryData(productQueries.adminDetail(id).queryKey, answer.record)
      return queryClient.invalidateQueries({ queryKey: productQueries.all() })
    },
  })
}

/** PUT /products/{id}/go-live `{ live }`; under four-eyes, nothing changes yet. */
export function useSetProductLive(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (live: boolean) =>
      configAnswer(await apiClient.put<Product | AuthorizationDetail>(`/products/${encodeURIComponent(id)}/go-live`, { live })),
    onSuccess: (answer) => {
      if (answer.pending) return
      queryClient.setQueryData(productQueries.adminDetail(id).queryKey, answer.record)
      return queryClient.invalidateQueries({ queryKey: productQueries.all() })
    },
  })
}
