import type { ParsedUrlQuery } from 'node:querystring'
import { vi, type Mock } from 'vitest'

type Navigate = Mock<(...args: unknown[]) => Promise<boolean>>

/** What the screens read from `useRouter()`; a test sets only what its screen reads. */
export interface RouterState {
  pathname: string
  asPath: string
  query: ParsedUrlQuery
  isReady: boolean
  push: Navigate
  replace: Navigate
}

const router = {} as RouterState

/** `next/router` as the component tests see it: one router, the one `mockRouter` last set. */
export const useRouter = () => router

/**
 * The one `next/router` stand-in for component tests (issue 35, part 4). A test file mocks the module with this one
 * and states the route its screen is rendered under:
 *
 *   vi.mock('next/router', () => import('@/tests/components/router-mock'))
 *   const router = mockRouter({ pathname: '/s/businesses', query: {}, isReady: true })
 *
 * The router holds exactly the fields given (a field the real router has but the test leaves out stays undefined, as
 * it was in the test's own stub), plus `push` and `replace` spies that resolve `true` unless given. Tests change
 * `router.query` and read the spies on the object it returns.
 */
export function mockRouter<S extends Partial<RouterState> & Record<string, unknown>>(
  state: S,
): Pick<RouterState, 'push' | 'replace'> & S {
  for (const key of Object.keys(router)) delete (router as unknown as Record<string, unknown>)[key]
  Object.assign(router, { push: vi.fn(async () => true), replace: vi.fn(async () => true) }, state)
  return router as unknown as Pick<RouterState, 'push' | 'replace'> & S
}
