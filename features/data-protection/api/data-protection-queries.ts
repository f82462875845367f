import { queryOptions } from '@tanstack/react-query'
import type { DataSubject, DataSubjectSearchQuery } from '@/lib/contracts/data-subjects'
import type { PersonalDataViewListQuery, PersonalDataViewRecord } from '@/lib/contracts/data-views'
import type { Page } from '@/lib/contracts/pagination'
import { apiClient } from '@/lib/http/lazy-client'

export const dataProtectionQueries = {
  all: () => ['data-protection'] as const,
  subjects: (search: DataSubjectSearchQuery) =>
    queryOptions({
      queryKey: [...dataProtectionQueries.all(), 'subjects', search],
      queryFn: async () => (await apiClient.get<DataSubject[]>('/data-subjects', { params: search })).data,
    }),
  views: (query: Omit<PersonalDataViewListQuery, 'recentFirst' | 'subjectId'>) =>
    queryOptions({
      queryKey: [...dataProtectionQueries.all(), 'views', query],
      queryFn: async () => (await apiClient.get<Page<PersonalDataViewRecord>>('/personal-data-views', { params: query })).data,
    }),
}
