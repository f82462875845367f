import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  governmentDocumentInputSchema,
  governmentEntityInputSchema,
  governmentProductInputSchema,
  representativeInputSchema,
} from '@/lib/contracts/government'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { governmentQueries } from './government-queries'
import type { GovernmentDocument, GovernmentEntity, GovernmentProduct, Representative } from './types'

/** `POST /government`. */
export function useCreateEntity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: z.output<typeof governmentEntityInputSchema>) =>
      (await apiClient.post<GovernmentEntity>('/government', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: governmentQueries.lists() }),
  })
}

/** `POST /archive/government-entity/{id}` or `.../unarchive`, with the reason. */
export function useChangeEntityArchiveStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { entityId: string; archive: boolean; reason: string }) =>
      (
        await apiClient.post<GovernmentEntity>(
          apiPath`/archive/government-entity/${input.entityId}` + (input.archive ? '' : '/unarchive'),
          { reason: input.reason },
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: governmentQueries.all() }),
  })
}

/** `POST /government/rep`. */
export function useCreateRepresentative() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: z.output<typeof representativeInputSchema>) =>
      (await apiClient.post<Representative>('/government/rep', input)).data,
    onSuccess: (rep) => queryClient.invalidateQueries({ queryKey: governmentQueries.entity(rep.entityId).queryKey }),
  })
}

/** `PUT /government/rep/{id}` with the date of birth and PEP declaration a representative captured before lacks. */
export function useUpdateRepresentativeDetails() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: {
      id: string
      dateOfBirth: string
      pep: { status: string; position?: string; country?: string }
    }) =>
      (
        await apiClient.put<Representative>(apiPath`/government/rep/${input.id}`, {
          dateOfBirth: input.dateOfBirth,
          pep: input.pep,
        })
      ).data,
    onSuccess: (rep) => queryClient.invalidateQueries({ queryKey: governmentQueries.entity(rep.entityId).queryKey }),
  })
}

/** `DELETE /government/rep/{id}`. */
export function useDeleteRepresentative() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (rep: Pick<Representative, 'id' | 'entityId'>) => {
      await apiClient.delete(apiPath`/government/rep/${rep.id}`)
    },
    onSuccess: (_void, rep) => queryClient.invalidateQueries({ queryKey: governmentQueries.entity(rep.entityId).queryKey }),
  })
}

/** `POST /government/document`. */
export function useCreateDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: z.output<typeof governmentDocumentInputSchema>) =>
      (await apiClient.post<GovernmentDocument>('/government/document', input)).data,
    onSuccess: (doc) => queryClient.invalidateQueries({ queryKey: governmentQueries.entity(doc.entityId).queryKey }),
  })
}

/** `DELETE /government/document/{id}`. */
export function useDeleteDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (doc: Pick<GovernmentDocument, 'id' | 'entityId'>) => {
      await apiClient.delete(apiPath`/government/document/${doc.id}`)
    },
    onSuccess: (_void, doc) => queryClient.invalidateQueries({ queryKey: governmentQueries.entity(doc.entityId).queryKey }),
  })
}

/** `POST /government-product`. */
export function useCreateGovernmentProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: z.output<typeof governmentProductInputSchema>) =>
      (await apiClient.post<GovernmentProduct>('/government-product', input)).data,
    onSuccess: (gp) => queryClient.invalidateQueries({ queryKey: governmentQueries.entity(gp.entityId).queryKey }),
  })
}
