import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import { apiPath } from '@/lib/http/api-path'
import { configAnswer } from '@/lib/http/config-answer'
import { apiClient } from '@/lib/http/lazy-client'
import { authorizationReads } from '@/lib/query/shared-queries'
import { productQueries } from './product-queries'
import type { CreateProductInput, Product, UpdateProductInput } from './types'

/** POST /products: created not live, or (FOUR_EYES_CONFIG, 202) sent for approval. */
export function useCreateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: CreateProductInput) =>
      configAnswer(await apiClient.post<Product | AuthorizationDetail>('/products', input, { shownInline: true })),
    onSuccess: (answer) =>
      queryClient.invalidateQueries({
        queryKey: answer.pending ? authorizationReads.pending('product').queryKey : productQueries.all(),
      }),
  })
}

/** PUT /products/{id}: a changed requirement list becomes a new version; under four-eyes, nothing changes yet. */
export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: UpdateProductInput) =>
      configAnswer(await apiClient.put<Product | AuthorizationDetail>(apiPath`/products/${id}`, input, { shownInline: true })),
    onSuccess: (answer) => {
      if (answer.pending) return queryClient.invalidateQueries({ queryKey: authorizationReads.pending('product').queryKey })
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
      configAnswer(
        await apiClient.put<Product | AuthorizationDetail>(apiPath`/products/${id}/go-live`, { live }, { shownInline: true }),
      ),
    onSuccess: (answer) => {
      if (answer.pending) return queryClient.invalidateQueries({ queryKey: authorizationReads.pending('product').queryKey })
      queryClient.setQueryData(productQueries.adminDetail(id).queryKey, answer.record)
      return queryClient.invalidateQueries({ queryKey: productQueries.all() })
    },
  })
}
