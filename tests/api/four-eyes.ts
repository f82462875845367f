import { expect } from 'vitest'
import { api, signedInUser } from './helpers'
import { perFile } from './per-file'

/** A second staff user (SUPER_ADMIN) who approves configuration changes in tests about something else; one per file. */
export const configChecker = perFile(() => signedInUser({ staffRole: 'SUPER_ADMIN' }))

/** Where the record an approved authorization made or changed is read back (answered as the direct call would). */
const READ_BACK: Record<string, (resourceId: string | null) => string> = {
  PRODUCT_CREATE: (id) => `/products/admin/${id}`,
  PRODUCT_UPDATE: (id) => `/products/admin/${id}`,
  PRODUCT_GO_LIVE: (id) => `/products/admin/${id}`,
  FEE_CREATE: (id) => `/fees/${id}`,
  FEE_UPDATE: (id) => `/fees/${id}`,
  DEFERRAL_MAX_DAYS: () => '/deferrals/deferrable-max-days',
  DEFERRABLE_MAPPING: () => '/deferrals/deferrable-mapping',
}

/**
 * For tests about something else than four-eyes: when a configuration call answered 202 (FOUR_EYES_CONFIG on, the
 * default), a second staff user approves its authorization, and the answer is what the call answers with four-eyes
 * off: the record as it now stands (201 for a create, 200 otherwise). Any other answer is returned as it is; a failed
 * approval's answer is returned instead of the record.
 */
export async function approved(response: Response | Promise<Response>): Promise<Response> {
  const res = await response
  if (res.status !== 202) return res
  const pending = (await res.json()) as { id: string; type: string; status: string }
  expect(pending.status).toBe('PENDING')
  const { token } = await configChecker()
  const decided = await api(`/authorizations/${pending.id}`, { method: 'PUT', token, json: { decision: 'APPROVED' } })
  if (decided.status !== 200) return decided
  const authorization = (await decided.json()) as { type: string; resourceId: string | null }
  const path = READ_BACK[authorization.type]
  if (!path) throw new Error(`approved(): no read-back for ${authorization.type}`)
  const record = await api(path(authorization.resourceId), { token })
  const status = record.status === 200 && authorization.type.endsWith('_CREATE') ? 201 : record.status
  return new Response(await record.text(), { status, headers: { 'content-type': 'application/json' } })
}

/** `api()` for a test about something else: a configuration call that answers 202 is approved (see `approved`). */
export const apiApproved = (...args: Parameters<typeof api>) => approved(api(...args))
