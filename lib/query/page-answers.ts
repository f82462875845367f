import { useQueryClient, type Query, type QueryKey } from '@tanstack/react-query'
import { useState } from 'react'

/** How long an answer that came with the page counts as fresh: the screens mounting with it do not ask again. */
export const PAGE_ANSWER_FRESH_MS = 5_000

const seededAt = new WeakMap<Query, number>()

/**
 * The queries' `refetchOnMount` (lib/query/client.ts): a query the page's answers have just filled is not read again by
 * the screens mounting with it, whatever their `staleTime` (the server made that very call for this page a moment
 * ago; reads that log a view of personal data would log it twice). Later mounts follow the usual rules.
 */
export function refetchUnlessJustSeeded(query: Query): boolean {
  const at = seededAt.get(query)
  return at === undefined || Date.now() - at >= PAGE_ANSWER_FRESH_MS || query.state.dataUpdatedAt > at
}

/** One GET a page reads before it can paint: its API path, the query it fills, and how the answer becomes its data. */
export interface PageRead {
  path: string
  queryKey: QueryKey
  /** The query function's own step from answer to data, when it has one. */
  toData?: (answer: unknown) => unknown
}

/**
 * Puts the answers the server read for this page (`getServerSideProps` with server/bff/page-answers.ts) into the query
 * cache before the page's screens first render, so they paint at once instead of asking the API again. Reads the
 * server left out (not 200, no session) are simply fetched by the screens as usual.
 */
export function useSeededPageAnswers(answers: Record<string, unknown> | undefined, reads: readonly PageRead[]): void {
  const queryClient = useQueryClient()
  useState(() => {
    for (const read of reads) {
      if (!answers || !(read.path in answers)) continue
      // Already in the cache (a client-side navigation): the screens' own rules decide whether to read it again, and
      // nothing already showing it is told about new data in the middle of this render.
      if (queryClient.getQueryData(read.queryKey) !== undefined) continue
      const answer = answers[read.path]
      queryClient.setQueryData(read.queryKey, read.toData ? read.toData(answer) : answer)
      const query = queryClient.getQueryCache().find({ queryKey: read.queryKey, exact: true })
      if (query) seededAt.set(query, query.state.dataUpdatedAt)
    }
    return true
  })
}
