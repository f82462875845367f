/**
 * axios's own `isAxiosError` and `isCancel`, without importing axios: code that only reads a failure (the error
 * catalogue, the query client's retry rule) must not pull the HTTP client into a page's first-load JavaScript
 * (docs/architecture.md#first-paint). They test what axios's do: the `isAxiosError` flag every AxiosError carries,
 * and the `__CANCEL__` flag of a CanceledError.
 */
import type { AxiosError } from 'axios'

export function isAxiosError<T = unknown, D = unknown>(value: unknown): value is AxiosError<T, D> {
  return typeof value === 'object' && value !== null && (value as { isAxiosError?: unknown }).isAxiosError === true
}

export function isCancel(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Boolean((value as { __CANCEL__?: unknown }).__CANCEL__)
}
