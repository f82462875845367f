import type { Page, PageQuery } from '@/lib/contracts/pagination'

export function pageOffset(query: Pick<PageQuery, 'pageNumber' | 'pageSize'>): number {
  return (query.pageNumber - 1) * query.pageSize
}

export function toPage<T>(content: T[], totalElements: number, query: Pick<PageQuery, 'pageNumber' | 'pageSize'>): Page<T> {
  return {
    content,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalElements,
    totalPages: Math.ceil(totalElements / query.pageSize),
  }
}
